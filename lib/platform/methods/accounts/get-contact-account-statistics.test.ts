import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { queryRows } from "@/lib/db/client";
import { callApi, seedTenant, type Tenant } from "../../testing/tenants";
import { addBot } from "../../testing/contacts";
import { seedAccount, seedContact } from "../../testing/accounts";
import { applyFixtures } from "../../operator/fixtures";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

type Day = { date: string; top_ups: number; top_up_count: number; debits: number; debit_count: number };
type Currency = { currency: string; balance_total: number; balance_total_note: string; accounts: number; blocked_accounts: number; days: Day[] };

async function statistics(key: string, params: Record<string, unknown>, verb = "GET") {
  const answer = await callApi(database.db, "getContactAccountStatistics", { key, verb, params });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as { time_zone: string; date_from: string; date_to: string; currencies: Currency[] };
}

/** A journal line as the API's movements write it (title and kind), at a chosen time. */
async function journal(
  accountId: number,
  kind: "deposit" | "debit",
  amount: number,
  at: string,
  title = kind === "deposit" ? "Deposit via API" : "Debit via API",
) {
  await database.db.execute(sql`
    INSERT INTO platform.account_journal (account_id, kind, title, amount, description, balance_after, created_at)
    VALUES (${accountId}::bigint, ${kind}, ${title}, ${amount}::bigint, 'test', 0, ${at}::timestamptz)`);
}

const empty = (date: string): Day => ({ date, top_ups: 0, top_up_count: 0, debits: 0, debit_count: 0 });

describe("getContactAccountStatistics: per currency and day", () => {
  let tenant: Tenant;
  let usdA: number;
  let usdB: number;
  let eur: number;
  beforeAll(async () => {
    tenant = await seedTenant(database.db);
    const ann = await seedContact(database.db, tenant);
    const bob = await seedContact(database.db, tenant);
    usdA = await seedAccount(database.db, ann, { currency: "USD", amount: 1500 });
    usdB = await seedAccount(database.db, bob, { currency: "USD", amount: 250, blockedAt: "2026-02-01T00:00:00Z" });
    eur = await seedAccount(database.db, ann, { currency: "EUR", amount: 7 });
    await seedAccount(database.db, bob, { currency: "JPY", amount: 500 });
    await journal(usdA, "deposit", 1000, "2026-03-01T10:00:00Z");
    await journal(usdA, "deposit", 500, "2026-03-01T20:59:59Z");
    await journal(usdB, "deposit", 300, "2026-03-01T21:30:00Z"); // 00:30 on 2 March in Moscow
    await journal(usdB, "debit", 50, "2026-03-01T23:30:00Z"); // 02:30 on 2 March in Moscow
    await journal(usdA, "debit", 200, "2026-03-03T12:00:00Z");
    await journal(eur, "deposit", 7, "2026-03-02T12:00:00Z");
    // Operator adjustments are neither top-ups nor debits.
    await journal(usdA, "deposit", 9999, "2026-03-01T12:00:00Z", "Operator adjustment");
    await journal(usdA, "debit", 8888, "2026-03-02T12:00:00Z", "Operator adjustment");
  });

  test("account statistics: currencies sorted by code, balances and counts now, every day present in UTC", async () => {
    const data = await statistics(tenant.key, { date_from: "2026-03-01", date_to: "2026-03-04" });
    expect(data.time_zone).toBe("UTC");
    expect(data.currencies.map((entry) => entry.currency)).toEqual(["EUR", "JPY", "USD"]);
    const [euro, yen, dollar] = data.currencies;
    expect(yen).toEqual({
      currency: "JPY",
      balance_total: 500,
      balance_total_note: "500 JPY",
      accounts: 1,
      blocked_accounts: 0,
      days: ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"].map(empty),
    });
    expect(euro.days[1]).toEqual({ date: "2026-03-02", top_ups: 7, top_up_count: 1, debits: 0, debit_count: 0 });
    expect({ ...dollar, days: undefined }).toEqual({
      currency: "USD",
      balance_total: 1750,
      balance_total_note: "17.50 USD",
      accounts: 2,
      blocked_accounts: 1,
      days: undefined,
    });
    expect(dollar.days).toEqual([
      { date: "2026-03-01", top_ups: 1800, top_up_count: 3, debits: 50, debit_count: 1 },
      empty("2026-03-02"),
      { date: "2026-03-03", top_ups: 0, top_up_count: 0, debits: 200, debit_count: 1 },
      empty("2026-03-04"),
    ]);
  });

  test("account statistics: in Moscow the movements after 21:00 UTC belong to the next day", async () => {
    const data = await statistics(tenant.key, { date_from: "2026-03-01", date_to: "2026-03-02", time_zone: "Europe/Moscow", currency: "USD" }, "POST");
    expect(data.currencies).toHaveLength(1);
    expect(data.currencies[0].days).toEqual([
      { date: "2026-03-01", top_ups: 1500, top_up_count: 2, debits: 0, debit_count: 0 },
      { date: "2026-03-02", top_ups: 300, top_up_count: 1, debits: 50, debit_count: 1 },
    ]);
  });

  test("account statistics: a currency without accounts gives no entry", async () => {
    const data = await statistics(tenant.key, { date_from: "2026-03-01", date_to: "2026-03-01", currency: "GBP" });
    expect(data.currencies).toEqual([]);
  });
});

describe("getContactAccountStatistics: which accounts count", () => {
  test("account statistics: deleted contacts and bots and other holders count nowhere, preview contacts do; days are history", async () => {
    const tenant = await seedTenant(database.db);
    const live = await seedAccount(database.db, await seedContact(database.db, tenant), { amount: 100 });
    const preview = await seedAccount(database.db, await seedContact(database.db, tenant, { preview: true }), { amount: 10 });
    const deletedContact = await seedAccount(database.db, await seedContact(database.db, tenant, { deleted: true }), { amount: 1000 });
    const goneBot = await addBot(database.db, tenant, { deleted: true });
    const onDeletedBot = await seedAccount(database.db, await seedContact(database.db, tenant, { botId: goneBot }), { amount: 10000 });
    const other = await seedTenant(database.db);
    const foreign = await seedAccount(database.db, await seedContact(database.db, other), { amount: 100000 });
    const emptied = await seedAccount(database.db, await seedContact(database.db, tenant), { amount: 0 });
    for (const account of [live, preview, deletedContact, onDeletedBot, foreign, emptied]) await journal(account, "deposit", 1, "2026-06-01T12:00:00Z");
    const deleted = await callApi(database.db, "deleteContactAccount", { key: tenant.key, params: { account_id: emptied } });
    expect(deleted.status, deleted.text).toBe(204);

    const data = await statistics(tenant.key, { date_from: "2026-06-01", date_to: "2026-06-01" });
    expect(data.currencies).toEqual([
      {
        currency: "USD",
        balance_total: 110,
        balance_total_note: "1.10 USD",
        accounts: 2,
        blocked_accounts: 0,
        // The deleted account's top-up stays in its day: money moved then.
        days: [{ date: "2026-06-01", top_ups: 3, top_up_count: 3, debits: 0, debit_count: 0 }],
      },
    ]);
    const theirs = await statistics(other.key, { date_from: "2026-06-01", date_to: "2026-06-01" });
    expect(theirs.currencies.map((entry) => [entry.currency, entry.balance_total, entry.days[0].top_up_count])).toEqual([["USD", 100000, 1]]);
  });

  test("account statistics: sums beyond 2^53 are exact JSON integers", async () => {
    const tenant = await seedTenant(database.db);
    const contact = await seedContact(database.db, tenant);
    await seedAccount(database.db, contact, { currency: "USD", amount: "9007199254740993" });
    const answer = await callApi(database.db, "getContactAccountStatistics", { key: tenant.key, params: { date_from: "2026-01-01", date_to: "2026-01-01" } });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"balance_total":9007199254740993,');
    expect(answer.text).toContain('"balance_total_note":"90071992547409.93 USD"');
  });

  test("account statistics: a holder without accounts gets an empty list", async () => {
    const tenant = await seedTenant(database.db);
    expect((await statistics(tenant.key, { date_from: "2026-01-01", date_to: "2026-01-31" })).currencies).toEqual([]);
  });
});

describe("getContactAccountStatistics: validation", () => {
  test.each([
    [{}, ["date_from", "date_to"]],
    [{ date_from: "2026-01-01", date_to: "2026-01-01", currency: "usd" }, ["currency"]],
    [{ date_from: "2026-01-01", date_to: "2026-01-01", currency: "XXY" }, ["currency"]],
    [{ date_from: "2026-01-02", date_to: "2026-01-01", time_zone: "Nowhere/Town" }, ["date_to", "time_zone"]],
    [{ date_from: "2026-01-02", date_to: "2026-01-01" }, ["date_to"]],
    [{ date_from: 20260101, date_to: "2026-01-01" }, ["date_from"]],
  ])("account statistics: 422 for %j on %j", async (params, keys) => {
    const tenant = await seedTenant(database.db);
    const answer = await callApi(database.db, "getContactAccountStatistics", { key: tenant.key, params });
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(keys);
  });

  test("account statistics: the currency error in Russian", async () => {
    const tenant = await seedTenant(database.db);
    const answer = await callApi(database.db, "getContactAccountStatistics", {
      key: tenant.key,
      params: { date_from: "2026-01-01", date_to: "2026-01-01", currency: "usd" },
      headers: { "accept-language": "ru" },
    });
    expect(answer.body.errors).toEqual({ currency: ["Поле currency должно содержать код валюты ISO 4217 заглавными буквами."] });
  });
});

describe("getContactAccountStatistics: the counters follow every change", () => {
  /** The totals recomputed from the accounts themselves, the truth the counters must match. */
  async function recomputed(holderId: number) {
    return queryRows<{ currency: string; balance_total: string; accounts: number; blocked_accounts: number }>(
      database.db,
      sql`
        SELECT a.currency, sum(a.amount)::text AS balance_total, count(*)::int AS accounts, count(a.blocked_at)::int AS blocked_accounts
        FROM platform.contact_accounts a JOIN platform.contacts c ON c.id = a.contact_id JOIN platform.bots b ON b.id = c.bot_id
        JOIN platform.projects p ON p.uuid = b.project_uuid
        WHERE p.owner_id = ${holderId}::bigint AND NOT c.deleted AND NOT b.deleted GROUP BY a.currency ORDER BY a.currency`,
    );
  }

  async function totals(key: string) {
    const data = await statistics(key, { date_from: "2026-07-01", date_to: "2026-07-01" });
    return data.currencies.map(({ currency, balance_total, accounts, blocked_accounts }) => ({
      currency,
      balance_total: String(balance_total),
      accounts,
      blocked_accounts,
    }));
  }

  test("account statistics: API movements, blocking, a contact deleted, moved to another bot and deleted for good", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const ann = await seedContact(database.db, tenant);
    const bob = await seedContact(database.db, tenant);
    const annUsd = await seedAccount(database.db, ann, { amount: 100 });
    const bobUsd = await seedAccount(database.db, bob, { amount: 40 });
    await seedAccount(database.db, bob, { currency: "EUR", amount: 5 });
    const check = async () => expect(await totals(tenant.key)).toEqual(await recomputed(tenant.holderId));

    await check();
    for (const [method, amount] of [
      ["addFundsToContactAccount", 60],
      ["withdrawFundsFromContactAccount", 30],
    ] as const) {
      const answer = await callApi(database.db, method, { key: tenant.key, params: { account_id: annUsd, amount, description: "test" } });
      expect(answer.status, answer.text).toBe(200);
    }
    await check();
    const today = new Date().toISOString().slice(0, 10);
    const moved = await statistics(tenant.key, { date_from: today, date_to: today, currency: "USD" });
    expect(moved.currencies[0].days).toEqual([{ date: today, top_ups: 60, top_up_count: 1, debits: 30, debit_count: 1 }]);

    await database.db.execute(sql`UPDATE platform.contact_accounts SET blocked_at = now() WHERE id = ${bobUsd}::bigint`);
    await check();
    expect((await totals(tenant.key)).find((entry) => entry.currency === "USD")?.blocked_accounts).toBe(1);

    await applyFixtures(database.db, { contacts: [{ id: bob, bot_id: second, messenger: "telegram", name: "Bob", telegram_id: String(bob) }] });
    await check();
    await database.db.execute(sql`UPDATE platform.contacts SET deleted = true WHERE id = ${bob}::bigint`);
    await check();
    expect((await totals(tenant.key)).map((entry) => entry.currency)).toEqual(["USD"]);
    await database.db.execute(sql`UPDATE platform.contacts SET deleted = false WHERE id = ${bob}::bigint`);
    await check();
    await database.db.execute(sql`DELETE FROM platform.contacts WHERE id = ${bob}::bigint`);
    await check();
    expect(await totals(tenant.key)).toEqual([{ currency: "USD", balance_total: "130", accounts: 1, blocked_accounts: 0 }]);
  });
});
