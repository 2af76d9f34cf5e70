import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/database";
import { reloadConfig } from "@/lib/core/config.mjs";
import { seedDemo, type DemoSeedOptions } from "@/lib/dashboard/demo-seed";
import { HISTORY_DAYS } from "@/lib/dashboard/demo-data";
import { lastDays } from "@/lib/features/overview/days";
import { adjustmentResultCsvStream } from "@/lib/features/adjustments/result-csv";
import { findExportJob } from "@/lib/features/contacts/export/jobs";
import { exportFileStream } from "@/lib/features/contacts/export/download";
import { findAccountStatistics } from "@/lib/platform/statistics/accounts";
import { findContactStatistics } from "@/lib/platform/statistics/contacts";
import { DEMO_HOLDER_ID } from "@/lib/dashboard/demo-data";
import { seedDemoHistory, type HistorySummary } from "./seed-history";

/**
 * The demo's history on a real database, seeded as scripts/seed-dashboard.ts --history does it: what the overview,
 * the activity log, the bulk adjustments and the exports show on the first run is there, true to the ledger, the same
 * on every fresh run, and a second run on the same data changes nothing.
 */
const NOW = new Date("2026-03-18T15:30:00Z");
const DAY_MS = 86_400_000;
const OPTIONS: DemoSeedOptions = {
  contacts: 500,
  users: [
    { email: "owner@example.com", role: "owner" },
    { email: "lead@example.com", role: "lead" },
    { email: "support@example.com", role: "support" },
  ],
  password: "demo-password-1",
  apiKey: "demo_test_key_0123456789",
  historyUntil: NOW,
};

/** The seed script's steps: the platform and users, then the history when the platform was empty. */
async function seedWithHistory(db: Db): Promise<HistorySummary | null> {
  const seed = await seedDemo(db, OPTIONS);
  if (!seed.seeded) return null;
  return seedDemoHistory(db, { apiKey: seed.apiKey, members: seed.users, now: NOW, accounts: 60, movements: 600 });
}

let first: TestDatabase;
let second: TestDatabase;
let summary: HistorySummary | null;

beforeAll(async () => {
  process.env.DASHBOARD_EXPORT_LOG = "0";
  process.env.PLATFORM_LOG_REQUESTS = "0";
  // The adjustment rows' keys are derived from the dashboard's secret.
  process.env.NEXTAUTH_SECRET = "test-secret-0123456789abcdef0123456789";
  reloadConfig();
  first = await createTestDatabase();
  second = await createTestDatabase();
  summary = await seedWithHistory(first.db);
  await seedWithHistory(second.db);
}, 120_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
});

const rows = <T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>) => queryRows<T>(db, query);

describe("demo history", () => {
  test("contacts: created over the last 120 days, more on weekdays than on weekend days, more in recent weeks", async () => {
    const days = await rows<{ day: string; dow: number; n: number }>(
      first.db,
      sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, extract(isodow FROM created_at AT TIME ZONE 'UTC')::int AS dow, count(*)::int AS n
          FROM platform.contacts WHERE id > 6 GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(days.reduce((sum, day) => sum + day.n, 0)).toBe(494);
    const oldest = Date.parse(`${days[0].day}T00:00:00Z`);
    expect(oldest).toBeGreaterThanOrEqual(Date.parse("2026-03-18T00:00:00Z") - (HISTORY_DAYS - 1) * DAY_MS);
    expect(days.at(-1)?.day).toBe("2026-03-18");
    expect(days.length).toBeGreaterThan(100);
    const average = (list: typeof days) => list.reduce((sum, day) => sum + day.n, 0) / list.length;
    expect(average(days.filter((day) => day.dow <= 5))).toBeGreaterThan(1.5 * average(days.filter((day) => day.dow >= 6)));
    expect(average(days.slice(-28))).toBeGreaterThan(1.5 * average(days.slice(0, 28)));
    // Nothing was created after "now".
    const [{ latest }] = await rows<{ latest: string }>(first.db, sql`SELECT max(created_at)::text AS latest FROM platform.contacts`);
    expect(Date.parse(latest.replace(" ", "T").replace(/\+00$/, "Z"))).toBeLessThanOrEqual(NOW.getTime());
  });

  test("money: every balance equals its journal, API movements in every currency on most days", async () => {
    const mismatched = await rows(
      first.db,
      sql`SELECT a.id FROM platform.contact_accounts a
          WHERE a.amount <> COALESCE((SELECT sum(CASE WHEN j.kind = 'deposit' THEN j.amount ELSE -j.amount END) FROM platform.account_journal j WHERE j.account_id = a.id), 0)`,
    );
    expect(mismatched).toEqual([]);
    const currencies = await rows<{ currency: string; days: number; debits: number }>(
      first.db,
      sql`SELECT trim(a.currency) AS currency, count(DISTINCT date_trunc('day', j.created_at))::int AS days, count(*) FILTER (WHERE j.kind = 'debit')::int AS debits
          FROM platform.account_journal j JOIN platform.contact_accounts a ON a.id = j.account_id
          WHERE j.title IN ('Deposit via API', 'Debit via API') GROUP BY 1 ORDER BY 1`,
    );
    expect(currencies.map((entry) => entry.currency)).toEqual(["EUR", "JPY", "KWD", "USD"]);
    for (const entry of currencies) expect(entry.debits).toBeGreaterThan(0);
    const [{ days }] = await rows<{ days: number }>(
      first.db,
      sql`SELECT count(DISTINCT date_trunc('day', created_at))::int AS days FROM platform.account_journal WHERE title IN ('Deposit via API', 'Debit via API')`,
    );
    expect(days).toBeGreaterThan(HISTORY_DAYS * 0.8);
    expect(summary).toMatchObject({ accounts: 60 });
  });

  test("the overview's 30 days (the platform's statistics): new contacts on every day, money moving in every currency on most days", async () => {
    const days = lastDays(NOW, "UTC", 30);
    const range = { date_from: days[0], date_to: days[29], time_zone: "UTC" };
    const contacts = await findContactStatistics(first.db, [101, 102, 201], range);
    expect(contacts.days.filter((day) => day.created > 0).length).toBeGreaterThanOrEqual(28);
    const money = await findAccountStatistics(first.db, DEMO_HOLDER_ID, range, null);
    expect(money.currencies.map((entry) => entry.currency)).toEqual(["EUR", "JPY", "KWD", "USD"]);
    for (const entry of money.currencies) expect(entry.days.filter((day) => day.top_up_count + day.debit_count > 0).length).toBeGreaterThanOrEqual(3);
    const usd = money.currencies.find((entry) => entry.currency === "USD")!;
    expect(usd.days.filter((day) => day.top_up_count > 0 && day.debit_count > 0).length).toBeGreaterThan(15);
  });

  test("activity: entries by the three members spread over the last weeks, each on a real journal line", async () => {
    const members = await rows<{ role: string; n: number; first: string }>(
      first.db,
      sql`SELECT user_role AS role, count(*)::int AS n, min(created_at)::text AS first FROM dashboard.audit_entries GROUP BY 1 ORDER BY 1`,
    );
    expect(members.map((member) => member.role)).toEqual(["lead", "owner", "support"]);
    const [{ days }] = await rows<{ days: number }>(
      first.db,
      sql`SELECT count(DISTINCT date_trunc('day', created_at))::int AS days FROM dashboard.audit_entries WHERE batch_id IS NULL`,
    );
    expect(days).toBeGreaterThan(10);
    // A succeeded member's movement is in the account's journal with the balance the entry states.
    const unmatched = await rows(
      first.db,
      sql`SELECT e.id FROM dashboard.audit_entries e WHERE e.outcome = 'succeeded' AND e.batch_id IS NULL AND NOT EXISTS (
            SELECT 1 FROM platform.account_journal j WHERE j.account_id = e.account_id AND j.amount = e.amount
              AND j.balance_after = e.balance_after AND j.created_at = e.created_at AND j.description = e.description)`,
    );
    expect(unmatched).toEqual([]);
    const [{ failed }] = await rows<{ failed: number }>(
      first.db,
      sql`SELECT count(*)::int AS failed FROM dashboard.audit_entries WHERE outcome = 'failed' AND error_code = 'insufficient_funds'`,
    );
    expect(failed).toBe(1);
  });

  test("a finished bulk adjustment with its result file, a finished export, two saved views, lists with records", async () => {
    const [batch] = await rows<{ id: string; status: string; row_count: number }>(
      first.db,
      sql`SELECT id::text AS id, status, row_count FROM dashboard.adjustment_batches`,
    );
    expect(batch).toMatchObject({ id: summary?.batchId, status: "finished", row_count: 8 });
    const result = (await new Response(adjustmentResultCsvStream(first.db, batch.id)).text()).trim().split("\n");
    expect(result).toHaveLength(9);
    expect(result.slice(1).every((line) => line.includes(",succeeded,"))).toBe(true);

    // The owner's, so that the member who opens the demo first finds it on the overview and the Exports page.
    const [exportJob] = await rows<{ id: number; status: string; created_by: number; role: string }>(
      first.db,
      sql`SELECT j.id, j.status, j.created_by, u.role FROM dashboard.export_jobs j JOIN dashboard.users u ON u.id = j.created_by`,
    );
    expect(exportJob).toMatchObject({ status: "finished", role: "owner" });
    const job = await findExportJob(first.db, exportJob.id, exportJob.created_by);
    const file = await new Response(exportFileStream(first.db, job!)).text();
    expect(file.trim().split("\n").length).toBeGreaterThan(1);

    const views = await rows<{ name: string }>(first.db, sql`SELECT name FROM dashboard.saved_views ORDER BY name`);
    expect(views.map((view) => view.name)).toEqual(["Shop bot, newest first", "Support bot"]);
    const lists = await rows<{ name: string; items: number; created: string }>(
      first.db,
      sql`SELECT s.name, count(i.*)::int AS items, to_char(s.created_at, 'YYYY-MM-DD') AS created FROM platform.list_schemas s
          LEFT JOIN platform.list_items i ON i.schema_id = s.id GROUP BY s.id ORDER BY s.name`,
    );
    expect(lists).toEqual([
      { name: "Orders", items: 18, created: "2025-12-11" },
      { name: "Promo codes", items: 0, created: "2026-02-05" },
      { name: "Tickets", items: 8, created: "2026-03-06" },
    ]);
  });

  test("every fresh run holds the same history", async () => {
    const digest = async (db: Db) =>
      rows(
        db,
        sql`SELECT (SELECT md5(string_agg(id || '|' || created_at::text || '|' || messenger, ',' ORDER BY id)) FROM platform.contacts) AS contacts,
                   (SELECT md5(string_agg(account_id || '|' || kind || '|' || amount || '|' || created_at::text, ',' ORDER BY id))
                      FROM platform.account_journal WHERE title IN ('Deposit via API', 'Debit via API') AND created_at < ${NOW.toISOString()}::timestamptz) AS journal,
                   (SELECT md5(string_agg(user_role || '|' || kind || '|' || amount || '|' || created_at::text, ',' ORDER BY id))
                      FROM dashboard.audit_entries WHERE batch_id IS NULL) AS activity`,
      );
    expect(await digest(second.db)).toEqual(await digest(first.db));
  });

  test("a second run on the seeded data changes nothing but the passwords", async () => {
    const counts = () =>
      rows(
        first.db,
        sql`SELECT (SELECT count(*) FROM platform.contacts) AS contacts, (SELECT count(*) FROM platform.contact_accounts) AS accounts,
                   (SELECT count(*) FROM platform.account_journal) AS journal, (SELECT sum(amount) FROM platform.contact_accounts) AS balances,
                   (SELECT count(*) FROM platform.list_items) AS items, (SELECT count(*) FROM dashboard.audit_entries) AS activity,
                   (SELECT count(*) FROM dashboard.adjustment_batches) AS batches, (SELECT count(*) FROM dashboard.export_jobs) AS exports,
                   (SELECT count(*) FROM dashboard.saved_views) AS views, (SELECT count(*) FROM dashboard.users) AS users`,
      );
    const before = await counts();
    expect(await seedWithHistory(first.db)).toBeNull();
    expect(await counts()).toEqual(before);
  });
});
