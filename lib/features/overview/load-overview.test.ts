import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { Database } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "@/lib/api/client";
import { startTestPlatform, type TestPlatform } from "@/lib/api/testing/platform";
import { dayIn, everyDay, lastDays } from "./days";
import { addFundsToContactAccount, getNumberOfContacts, withdrawFundsFromContactAccount } from "@/lib/api";
import { keyHashOf, readBudget, reserveFor } from "@/lib/api/budget";
import { countContactsPerDay, loadContactOverview, loadMoneyOverview, OVERVIEW_DAYS } from "./load-overview";

/**
 * The overview's numbers against our platform over HTTP. "Now" is fixed at
 * 2026-11-25 12:00 UTC; Moscow is UTC+3 all year, so 21:30 UTC is already the next day there.
 */
const NOW = new Date("2026-11-25T12:00:00Z");
let database: Database;
let platform: TestPlatform;
/** Our platform as one without the statistics extensions (the hosted one). */
let bare: TestPlatform;
let tenant: Tenant;
let otherBot: number;

/** A tenant with a second bot and five contacts: one long ago, two around Moscow's midnight of 11-20, two on 11-25. */
async function seedPeople(): Promise<{ tenant: Tenant; otherBot: number }> {
  const seeded = await seedTenant(database.db);
  const other = uniqueId();
  await applyFixtures(database.db, { bots: [{ id: other, project_uuid: seeded.projectUuid, name: `Other ${other}` }] });
  const contact = (created_at: string, bot_id = seeded.botId) => ({
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
      contact("2026-11-25T09:00:00Z", other),
    ],
  });
  return { tenant: seeded, otherBot: other };
}

beforeAll(async () => {
  database = await createTestDatabase();
  [platform, bare] = await Promise.all([startTestPlatform(database.db), startTestPlatform(database.db)]);
  bare.hide(["getContactStatistics", "getContactAccountStatistics"]);
  ({ tenant, otherBot } = await seedPeople());
});
afterAll(async () => {
  await Promise.all([platform, bare].map((server) => server?.close()));
  await database?.close();
});

const client = (key = tenant.key, server = platform) => new PlatformClient({ db: database.db, baseUrl: server.baseUrl, apiKey: key });
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

  test("the counts go in the background lane: at the reserve they give up at once and leave it to pages and forms", async () => {
    // The platform's windows are clock minutes: start early in one, so that it cannot end (and refill) within the test.
    const secondsLeft = 60 - ((Date.now() / 1000) % 60);
    if (secondsLeft < 25) await new Promise((resolve) => setTimeout(resolve, (secondsLeft + 1) * 1000));
    const { key, botId } = await seedTenant(database.db);
    const api = client(key);
    // Spend the key's minute down to the reserve the budget keeps for interactive calls (5% of the limit).
    await getNumberOfContacts(api, { bot_id: botId });
    const { limit, remaining } = await readBudget(database.db, keyHashOf(key));
    for (let spent = 0; spent < remaining! - reserveFor(limit); spent++) await getNumberOfContacts(api, { bot_id: botId });
    const before = counts();
    await expect(countContactsPerDay(api, { botId, timeZone: "UTC", now: NOW })).rejects.toMatchObject({ status: 429, code: "rate_limited" });
    expect(counts()).toBe(before);
    // The reserve is still there: a page's own (interactive) request goes.
    expect(await getNumberOfContacts(api, { bot_id: botId })).toBe(0);
    expect(counts()).toBe(before + 1);
  }, 60_000);
});

describe("contacts with the statistics extension", () => {
  test("one getContactStatistics call per view, with the same numbers as the daily counts of a platform without it", async () => {
    // A key of its own: the counts spend 62 requests of its minute's budget.
    const people = await seedPeople();
    for (const botId of [null, people.otherBot]) {
      const request = { botId, timeZone: "Europe/Moscow", now: NOW };
      const before = platform.calls.length;
      const view = await loadContactOverview(client(people.tenant.key), request);
      expect(platform.calls.slice(before)).toEqual(["getContactStatistics"]);
      expect(view.source).toBe("statistics");
      const counted = await loadContactOverview(client(people.tenant.key, bare), request);
      expect(counted.source).toBe("counts");
      expect({ total: view.total, days: view.days }).toEqual({ total: counted.total, days: counted.days });
      expect(view.total).toBe(botId === null ? 5 : 1);
    }
  });

  test("a platform without it: the loader falls back to the counts", async () => {
    const { key } = await seedTenant(database.db);
    const view = await loadContactOverview(client(key, bare), { botId: null, timeZone: "UTC", now: NOW });
    expect(view).toMatchObject({ source: "counts", total: 0 });
    expect(view.days.every((day) => day.created === 0)).toBe(true);
  });
});

describe("money", () => {
  test("per currency: the balance total, accounts, blocked accounts, and today's top-ups and debits; every other day zero", async () => {
    const owner = await seedTenant(database.db);
    const contactId = uniqueId();
    const [usd, blocked] = [uniqueId(), uniqueId()];
    await applyFixtures(database.db, {
      contacts: [{ id: contactId, bot_id: owner.botId, messenger: "telegram", name: "Ann", telegram_id: String(contactId) }],
      contact_accounts: [
        { id: usd, contact_id: contactId, currency: "USD", amount: 1000 },
        { id: blocked, contact_id: contactId, currency: "EUR", amount: 500, blocked_at: "2026-01-05T10:00:00Z" },
      ],
    });
    const api = client(owner.key);
    await addFundsToContactAccount(api, { account_id: usd, amount: BigInt(250), description: "top-up" });
    await withdrawFundsFromContactAccount(api, { account_id: usd, amount: BigInt(50), description: "debit" });
    const now = new Date();
    const before = platform.calls.length;
    const money = await loadMoneyOverview(api, { timeZone: "Asia/Tokyo", now });
    expect(platform.calls.slice(before)).toEqual(["getContactAccountStatistics"]);
    if (!money.available) throw new Error("expected the extension");
    const [eur, dollars] = money.currencies;
    expect({ ...eur, days: eur.days.length }).toEqual({ currency: "EUR", balanceTotal: "500", accounts: 1, blockedAccounts: 1, days: OVERVIEW_DAYS });
    expect({ ...dollars, days: undefined }).toEqual({ currency: "USD", balanceTotal: "1200", accounts: 1, blockedAccounts: 0, days: undefined });
    expect(dollars.days.map((day) => day.date)).toEqual(lastDays(now, "Asia/Tokyo", OVERVIEW_DAYS));
    // The calls were made a moment ago: today in Tokyo (unless midnight passed in between, then yesterday).
    const moved = dollars.days.filter((day) => day.topUpCount + day.debitCount > 0);
    expect(moved).toEqual([{ date: dayIn(now, "Asia/Tokyo"), topUps: "250", topUpCount: 1, debits: "50", debitCount: 1 }]);
  });

  test("a platform without the extension: no money figures, and nothing guessed", async () => {
    const { key } = await seedTenant(database.db);
    expect(await loadMoneyOverview(client(key, bare), { timeZone: "UTC", now: NOW })).toEqual({ available: false });
  });
});
