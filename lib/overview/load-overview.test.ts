import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing";
import type { Database } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/test-helpers";
import { PlatformClient } from "@/lib/api/client";
import { startTestPlatform, type TestPlatform } from "@/lib/api/test-platform";
import { dayIn, everyDay, lastDays } from "./days";
import { countContactsPerDay, OVERVIEW_DAYS } from "./load-overview";

/**
 * The overview's numbers against our platform over HTTP. "Now" is fixed at
 * 2026-11-25 12:00 UTC; Moscow is UTC+3 all year, so 21:30 UTC is already the next day there.
 */
const NOW = new Date("2026-11-25T12:00:00Z");
let database: Database;
let platform: TestPlatform;
let tenant: Tenant;
let otherBot: number;

beforeAll(async () => {
  database = await createTestDatabase();
  platform = await startTestPlatform(database.db);
  tenant = await seedTenant(database.db);
  otherBot = uniqueId();
  await applyFixtures(database.db, { bots: [{ id: otherBot, project_uuid: tenant.projectUuid, name: `Other ${otherBot}` }] });
  const contact = (created_at: string, bot_id = tenant.botId) => ({
    id: uniqueId(),
    bot_id,
    messenger: "telegram",
    name: `Person ${created_at}`,
    telegram_id: String(uniqueId()),
    created_at,
  });
  await applyFixtures(database.db, {
    contacts: [
      contact("2026-01-10T09:00:00Z"),
      contact("2026-11-20T21:30:00Z"),
      contact("2026-11-20T20:59:59Z"),
      contact("2026-11-25T08:00:00Z"),
      contact("2026-11-25T09:00:00Z", otherBot),
    ],
  });
});
afterAll(async () => {
  await platform?.close();
  await database?.close();
});

const client = (key = tenant.key) => new PlatformClient({ db: database.db, baseUrl: platform.baseUrl, apiKey: key });
const counts = () => platform.calls.filter((method) => method === "getNumberOfContacts").length;
const nonZero = (days: { date: string; created: number }[]) => days.filter((day) => day.created > 0);

describe("the calendar", () => {
  test("days: the last 30 of the zone, oldest first, ending with today there", () => {
    const days = lastDays(new Date("2026-03-01T22:30:00Z"), "Europe/Moscow", OVERVIEW_DAYS);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe("2026-03-02");
    expect(days[0]).toBe("2026-02-01");
    expect(lastDays(new Date("2026-03-01T22:30:00Z"), "UTC", 2)).toEqual(["2026-02-28", "2026-03-01"]);
    expect(dayIn(new Date("2026-03-01T03:00:00Z"), "America/New_York")).toBe("2026-02-28");
  });

  test("days: a day the platform does not mention is zero, in calendar order", () => {
    const filled = everyDay(["2026-11-01", "2026-11-02", "2026-11-03"], [{ date: "2026-11-02", created: 4 }], (date) => ({ date, created: 0 }));
    expect(filled).toEqual([
      { date: "2026-11-01", created: 0 },
      { date: "2026-11-02", created: 4 },
      { date: "2026-11-03", created: 0 },
    ]);
  });
});

describe("contacts without the statistics extension", () => {
  test("counts per day follow the zone's day boundaries; empty days are zero; the total counts every day", async () => {
    const view = await countContactsPerDay(client(), { botId: null, timeZone: "Europe/Moscow", now: NOW });
    expect(view.source).toBe("counts");
    expect(view.total).toBe(5);
    expect(view.days).toHaveLength(OVERVIEW_DAYS);
    expect(view.days[0].date).toBe("2026-10-27");
    expect(nonZero(view.days)).toEqual([
      { date: "2026-11-20", created: 1 },
      { date: "2026-11-21", created: 1 },
      { date: "2026-11-25", created: 2 },
    ]);
    const utc = await countContactsPerDay(client(), { botId: null, timeZone: "UTC", now: NOW });
    expect(nonZero(utc.days)).toEqual([
      { date: "2026-11-20", created: 2 },
      { date: "2026-11-25", created: 2 },
    ]);
  });

  test("one bot: only its contacts", async () => {
    const view = await countContactsPerDay(client(), { botId: otherBot, timeZone: "UTC", now: NOW });
    expect(view.total).toBe(1);
    expect(nonZero(view.days)).toEqual([{ date: "2026-11-25", created: 1 }]);
  });

  test("the counts are cached: the next view asks the platform nothing, and a day later only for the new days", async () => {
    // A key of its own: the first view spends 31 requests of its minute's budget.
    const { key, botId } = await seedTenant(database.db);
    const request = { botId, timeZone: "Asia/Tokyo", now: NOW };
    const before = counts();
    await countContactsPerDay(client(key), request);
    expect(counts() - before).toBe(OVERVIEW_DAYS + 1);
    const again = counts();
    await countContactsPerDay(client(key), request);
    expect(counts()).toBe(again);
    // The next day: only the new today (yesterday's count and the total are younger than their minute).
    await countContactsPerDay(client(key), { ...request, now: new Date(NOW.getTime() + 24 * 3600_000) });
    expect(counts() - again).toBe(1);
  });
});
