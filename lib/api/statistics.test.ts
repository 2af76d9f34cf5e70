import { describe, expect, test } from "vitest";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "./client";
import { PlatformApiError } from "./errors";
import { addFundsToContactAccount, getContactAccountStatistics, getContactStatistics, withdrawFundsFromContactAccount } from "./index";
import type { ContactAccountStatistics, ContactStatistics, StatisticsRange } from "./index";
import { startTestPlatform, usePlatformTestbed } from "./testing/platform";

const testbed = usePlatformTestbed();

const clientFor = (key: string, baseUrl = testbed.platform.baseUrl) => new PlatformClient({ db: testbed.database.db, baseUrl, apiKey: key });

/** Today in UTC as YYYY-MM-DD: the journal's entries are stamped now. */
const today = () => new Date().toISOString().slice(0, 10);

describe("statistics client", () => {
  test("getContactStatistics: typed days and total from the real platform", async () => {
    const tenant = await seedTenant(testbed.database.db);
    await applyFixtures(testbed.database.db, {
      contacts: ["2026-03-01T23:30:00Z", "2026-03-02T10:00:00Z"].map((createdAt) => {
        const id = uniqueId();
        return { id, bot_id: tenant.botId, messenger: "telegram", name: `C ${id}`, telegram_id: String(id), created_at: createdAt };
      }),
    });
    const range: StatisticsRange = { date_from: "2026-03-01", date_to: "2026-03-03", time_zone: "Europe/Moscow" };
    const answer = await getContactStatistics(clientFor(tenant.key), { ...range, bot_id: tenant.botId });
    expect(answer.available).toBe(true);
    if (!answer.available) return;
    const data: ContactStatistics = answer.data;
    expect(data).toEqual({
      time_zone: "Europe/Moscow",
      date_from: "2026-03-01",
      date_to: "2026-03-03",
      total: 2,
      days: [
        { date: "2026-03-01", created: 0 },
        { date: "2026-03-02", created: 2 },
        { date: "2026-03-03", created: 0 },
      ],
    });
  });

  test("getContactAccountStatistics: money as bigint minor units, every digit kept beyond 2^53", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const contactId = uniqueId();
    const usd = uniqueId();
    const big = uniqueId();
    await applyFixtures(testbed.database.db, {
      contacts: [{ id: contactId, bot_id: tenant.botId, messenger: "telegram", name: "Ann", telegram_id: String(contactId) }],
      contact_accounts: [
        { id: usd, contact_id: contactId, currency: "USD", amount: 0 },
        { id: big, contact_id: contactId, currency: "EUR", amount: "9007199254740993", blocked_at: "2026-01-05T10:00:00Z" },
      ],
    });
    const client = clientFor(tenant.key);
    // The journal stamps entries now: the range is the day before the calls to the day after (midnight may pass).
    const from = today();
    await addFundsToContactAccount(client, { account_id: usd, amount: BigInt(1234), description: "top-up" });
    await withdrawFundsFromContactAccount(client, { account_id: usd, amount: BigInt(234), description: "debit" });
    const answer = await getContactAccountStatistics(client, { date_from: from, date_to: today() });
    expect(answer.available).toBe(true);
    if (!answer.available) return;
    const data: ContactAccountStatistics = answer.data;
    expect(data.currencies.map((entry) => entry.currency)).toEqual(["EUR", "USD"]);
    const [eur, usdEntry] = data.currencies;
    expect(eur.balance_total).toBe(BigInt("9007199254740993"));
    expect(eur.balance_total_note).toBe("90071992547409.93 EUR");
    expect(eur.blocked_accounts).toBe(1);
    const { days, ...totals } = usdEntry;
    expect(totals).toEqual({ currency: "USD", balance_total: BigInt(1000), balance_total_note: "10.00 USD", accounts: 1, blocked_accounts: 0 });
    const sum = (pick: (day: (typeof days)[number]) => bigint | number) => days.reduce((total, day) => total + BigInt(pick(day)), BigInt(0));
    expect([sum((day) => day.top_ups), sum((day) => day.top_up_count), sum((day) => day.debits), sum((day) => day.debit_count)]).toEqual([
      BigInt(1234),
      BigInt(1),
      BigInt(234),
      BigInt(1),
    ]);
  });

  test("a validation error is a PlatformApiError 422 with the field's key", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const error = await getContactStatistics(clientFor(tenant.key), { date_from: "2026-03-02", date_to: "2026-03-01" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(422);
    expect(Object.keys((error as PlatformApiError).fieldErrors)).toEqual(["date_to"]);
  });

  test("a platform without the extensions: {available: false}, learnt from the first answer and kept (no second request)", async () => {
    const other = await startTestPlatform(testbed.database.db);
    try {
      other.hide(["getContactStatistics", "getContactAccountStatistics"]);
      const without = await seedTenant(testbed.database.db);
      const client = clientFor(without.key, other.baseUrl);
      const range = { date_from: "2026-03-01", date_to: "2026-03-01" };
      expect(await getContactStatistics(client, range)).toEqual({ available: false });
      expect(await getContactAccountStatistics(client, range)).toEqual({ available: false });
      const calls = other.calls.length;
      expect(await getContactStatistics(client, range)).toEqual({ available: false });
      expect(await getContactAccountStatistics(client, range)).toEqual({ available: false });
      expect(other.calls.length).toBe(calls);
    } finally {
      await other.close();
    }
  });
});
