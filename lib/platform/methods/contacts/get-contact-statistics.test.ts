import { beforeAll, describe, expect, test } from "vitest";
import { callApi, seedTenant, type Tenant } from "../../testing/tenants";
import { addBot, addContacts, telegramContact } from "../../testing/contacts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

async function statistics(key: string, params: Record<string, unknown>, verb = "GET") {
  const answer = await callApi(database.db, "getContactStatistics", { key, verb, params });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as { time_zone: string; date_from: string; date_to: string; total: number; days: { date: string; created: number }[] };
}

/** The days with contacts, as date → count (every other day must be 0). */
const nonZero = (days: { date: string; created: number }[]) => Object.fromEntries(days.filter((day) => day.created > 0).map((day) => [day.date, day.created]));

async function tenantWith(createdAt: string[]): Promise<Tenant> {
  const tenant = await seedTenant(database.db);
  await addContacts(
    database.db,
    createdAt.map((at) => telegramContact(tenant.botId, { created_at: at })),
  );
  return tenant;
}

describe("getContactStatistics: days in a time zone", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await tenantWith([
      "2026-03-01T00:00:00Z",
      "2026-03-01T20:59:59Z",
      "2026-03-01T21:00:00Z", // 00:00 on 2 March in Moscow (UTC+3)
      "2026-03-01T23:30:00Z", // 02:30 on 2 March in Moscow; 18:30 on 1 March in New York
      "2026-03-02T04:59:59Z", // 23:59:59 on 1 March in New York (UTC-5)
      "2026-03-02T05:00:00Z", // 00:00 on 2 March in New York
      "2026-03-03T18:15:00Z", // 23:45 on 3 March in Kolkata (UTC+5:30)
      "2026-03-03T18:45:00Z", // 00:15 on 4 March in Kolkata
      "2026-03-05T12:00:00Z",
    ]);
  });

  test("statistics: UTC by default, every day of the range present, empty days as zero", async () => {
    const data = await statistics(tenant.key, { date_from: "2026-02-28", date_to: "2026-03-06" });
    expect(data.time_zone).toBe("UTC");
    expect(data.date_from).toBe("2026-02-28");
    expect(data.date_to).toBe("2026-03-06");
    expect(data.total).toBe(9);
    expect(data.days).toEqual([
      { date: "2026-02-28", created: 0 },
      { date: "2026-03-01", created: 4 },
      { date: "2026-03-02", created: 2 },
      { date: "2026-03-03", created: 2 },
      { date: "2026-03-04", created: 0 },
      { date: "2026-03-05", created: 1 },
      { date: "2026-03-06", created: 0 },
    ]);
  });

  test("statistics: a contact at 23:30 UTC belongs to the next day in Moscow", async () => {
    const data = await statistics(tenant.key, { date_from: "2026-03-01", date_to: "2026-03-05", time_zone: "Europe/Moscow" });
    expect(data.time_zone).toBe("Europe/Moscow");
    expect(nonZero(data.days)).toEqual({ "2026-03-01": 2, "2026-03-02": 4, "2026-03-03": 2, "2026-03-05": 1 });
  });

  test("statistics: New York's day ends at 05:00 UTC in winter", async () => {
    const data = await statistics(tenant.key, { date_from: "2026-02-28", date_to: "2026-03-05", time_zone: "America/New_York" });
    expect(nonZero(data.days)).toEqual({ "2026-02-28": 1, "2026-03-01": 4, "2026-03-02": 1, "2026-03-03": 2, "2026-03-05": 1 });
  });

  test("statistics: a zone half an hour off the UTC hours counts the parts of an hour at its edges", async () => {
    // Kolkata is UTC+5:30: its 1 March is 28 Feb 18:30 UTC to 1 March 18:30 UTC.
    const data = await statistics(tenant.key, { date_from: "2026-03-01", date_to: "2026-03-05", time_zone: "Asia/Kolkata" });
    expect(nonZero(data.days)).toEqual({ "2026-03-01": 1, "2026-03-02": 5, "2026-03-03": 1, "2026-03-04": 1, "2026-03-05": 1 });
  });

  test("statistics: a one-day range and the contacts outside it", async () => {
    const data = await statistics(tenant.key, { date_from: "2026-03-02", date_to: "2026-03-02", time_zone: "America/New_York" });
    expect(data.days).toEqual([{ date: "2026-03-02", created: 1 }]);
    expect(data.total).toBe(9);
  });
});

describe("getContactStatistics: DST days are 23 and 25 hours long", () => {
  test("statistics: New York's spring-forward day (8 March 2026) and fall-back day (1 November 2026)", async () => {
    const tenant = await tenantWith([
      // 8 March 2026 in New York runs from 05:00 UTC to 04:00 UTC on 9 March (23 hours).
      "2026-03-08T04:59:59Z",
      "2026-03-08T05:00:00Z",
      "2026-03-09T03:59:59Z",
      "2026-03-09T04:00:00Z",
      // 1 November 2026 runs from 04:00 UTC to 05:00 UTC on 2 November (25 hours).
      "2026-11-01T03:59:59Z",
      "2026-11-01T04:00:00Z",
      "2026-11-02T04:59:59Z",
      "2026-11-02T05:00:00Z",
    ]);
    const spring = await statistics(tenant.key, { date_from: "2026-03-07", date_to: "2026-03-09", time_zone: "America/New_York" });
    expect(spring.days).toEqual([
      { date: "2026-03-07", created: 1 },
      { date: "2026-03-08", created: 2 },
      { date: "2026-03-09", created: 1 },
    ]);
    const fall = await statistics(tenant.key, { date_from: "2026-10-31", date_to: "2026-11-02", time_zone: "America/New_York" });
    expect(fall.days).toEqual([
      { date: "2026-10-31", created: 1 },
      { date: "2026-11-01", created: 2 },
      { date: "2026-11-02", created: 1 },
    ]);
  });
});

describe("getContactStatistics: scope", () => {
  test("statistics: bot_id narrows to one bot; a foreign or unknown bot gives zeros like getNumberOfContacts", async () => {
    const tenant = await tenantWith(["2026-04-01T10:00:00Z", "2026-04-02T10:00:00Z"]);
    const second = await addBot(database.db, tenant);
    await addContacts(database.db, [telegramContact(second, { created_at: "2026-04-02T11:00:00Z" })]);
    const other = await tenantWith(["2026-04-02T12:00:00Z"]);
    const range = { date_from: "2026-04-01", date_to: "2026-04-02" };

    expect((await statistics(tenant.key, range)).days).toEqual([
      { date: "2026-04-01", created: 1 },
      { date: "2026-04-02", created: 2 },
    ]);
    const one = await statistics(tenant.key, { ...range, bot_id: second });
    expect(one.total).toBe(1);
    expect(one.days.map((day) => day.created)).toEqual([0, 1]);
    for (const botId of [other.botId, 999_999_999_999]) {
      const foreign = await statistics(tenant.key, { ...range, bot_id: botId });
      expect(foreign.total).toBe(0);
      expect(foreign.days.map((day) => day.created)).toEqual([0, 0]);
      const count = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, params: { bot_id: botId } });
      expect(count.body).toEqual({ count: foreign.total });
    }
  });

  test("statistics: preview and deleted contacts and deleted bots are not counted; total matches getNumberOfContacts", async () => {
    const tenant = await tenantWith(["2026-05-01T10:00:00Z"]);
    const gone = await addBot(database.db, tenant, { deleted: true });
    await addContacts(database.db, [
      telegramContact(tenant.botId, { created_at: "2026-05-01T11:00:00Z", preview: true }),
      telegramContact(tenant.botId, { created_at: "2026-05-01T12:00:00Z", deleted: true }),
      telegramContact(gone, { created_at: "2026-05-01T13:00:00Z" }),
    ]);
    const data = await statistics(tenant.key, { date_from: "2026-05-01", date_to: "2026-05-01" }, "POST");
    expect(data.days).toEqual([{ date: "2026-05-01", created: 1 }]);
    const count = await callApi(database.db, "getNumberOfContacts", { key: tenant.key });
    expect(count.body).toEqual({ count: data.total });
    expect(data.total).toBe(1);
  });
});

describe("getContactStatistics: validation", () => {
  let key: string;
  beforeAll(async () => {
    key = (await seedTenant(database.db)).key;
  });

  const cases: { name: string; params: Record<string, unknown>; errors: Record<string, string[]> }[] = [
    {
      name: "both dates are required",
      params: {},
      errors: { date_from: ["The date from field is required."], date_to: ["The date to field is required."] },
    },
    {
      name: "a date is YYYY-MM-DD of a real day",
      params: { date_from: "2026-02-30", date_to: "1.3.2026" },
      errors: {
        date_from: ["The date from field must be a calendar date in the format YYYY-MM-DD."],
        date_to: ["The date to field must be a calendar date in the format YYYY-MM-DD."],
      },
    },
    {
      name: "date_to is not before date_from",
      params: { date_from: "2026-03-02", date_to: "2026-03-01" },
      errors: { date_to: ["The date to field must be a date after or equal to date from."] },
    },
    {
      name: "at most 366 days",
      params: { date_from: "2025-01-01", date_to: "2026-01-02" },
      errors: { date_to: ["The range from date from to date to must not be longer than 366 days."] },
    },
    {
      name: "an unknown time zone",
      params: { date_from: "2026-03-01", date_to: "2026-03-01", time_zone: "Mars/Olympus" },
      errors: { time_zone: ["The time zone field must be a valid IANA time zone, for example Europe/Moscow."] },
    },
    {
      name: "an offset is not a zone name",
      params: { date_from: "2026-03-01", date_to: "2026-03-01", time_zone: "UTC+3" },
      errors: { time_zone: ["The time zone field must be a valid IANA time zone, for example Europe/Moscow."] },
    },
    {
      name: "bot_id is an integer",
      params: { date_from: "2026-03-01", date_to: "2026-03-01", bot_id: "x" },
      errors: { bot_id: ["The bot id field must be an integer."] },
    },
  ];

  test.each(cases)("statistics: 422 when $name", async ({ params, errors }) => {
    const answer = await callApi(database.db, "getContactStatistics", { key, verb: "POST", params });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.errors).toEqual(errors);
  });

  test("statistics: 366 days is the longest range", async () => {
    const data = await statistics(key, { date_from: "2024-01-01", date_to: "2024-12-31" });
    expect(data.days).toHaveLength(366);
    expect(data.days.every((day) => day.created === 0)).toBe(true);
  });

  test("statistics: errors in Russian", async () => {
    const answer = await callApi(database.db, "getContactStatistics", {
      key,
      params: { date_from: "2026-03-01", date_to: "2026-03-01", time_zone: "Nowhere/Town" },
      headers: { "accept-language": "ru" },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ time_zone: ["Поле time zone должно быть часовым поясом IANA, например Europe/Moscow."] });
  });

  test("statistics: without a key, 401 like every method", async () => {
    const answer = await callApi(database.db, "getContactStatistics", { params: { date_from: "2026-03-01", date_to: "2026-03-01" } });
    expect(answer.status).toBe(401);
  });
});
