/**
 * Benchmark of the statistics extensions (getContactStatistics, getContactAccountStatistics)
 * at a million contacts, on PostgreSQL (BENCH_TARGETS=pg,pglite adds the embedded engine).
 * Run: ./node_modules/.bin/tsx bench/statistics.ts
 *
 * Seeds BENCH_CONTACTS contacts (default 1,000,000) in three bots of one holder, created
 * evenly over the 90 days before BENCH_END, with one set-based INSERT … SELECT (the counter
 * triggers run as in production; the trigram search indexes, which statistics never read,
 * are dropped for the load); one USD account for every 4th contact and one EUR account for
 * every 20th (every 50th blocked), and a journal of two top-ups and one debit per account
 * spread over the same 90 days, plus an operator adjustment for every 10th account. Then
 * VACUUM ANALYZE and, through handleApiRequest (the route's code, rate limit out of the
 * way), BENCH_SAMPLES calls (default 40) of each kind with 30-day ranges at random starts,
 * cycling UTC, Europe/Moscow, America/New_York and Asia/Kolkata: getContactStatistics for
 * all bots and for one bot, getContactAccountStatistics for all currencies and for USD.
 * Prints p50, p95 and max in milliseconds. Goal: p95 ≤ 100 ms.
 *
 * Environment: BENCH_CONTACTS, BENCH_SAMPLES, BENCH_TARGETS ("pg"), BENCH_EXPLAIN=1 (one
 * plan per statement), DATABASE_ADMIN_URL (else scripts/ensure-postgres.sh).
 */
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { sql, type SQL } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { createScratchDatabase } from "@/lib/db/testing/database";
import { postgresServerUrl } from "./postgres";
import { getFromHandler, ms, percentile, prng, timed } from "./handler";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { JOURNAL_TITLES } from "@/lib/platform/accounts/ledger";
import { contactStatisticsSql } from "@/lib/platform/statistics/contacts";
import { accountStatisticsSql } from "@/lib/platform/statistics/accounts";
import { reportRatio } from "./report";

process.env.PLATFORM_LOG_REQUESTS ??= "0";

const COUNT = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const TARGETS = (process.env.BENCH_TARGETS ?? "pg").split(",").map((s) => s.trim());
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const HOLDER = 1;
const BOTS = [10, 11, 12];
const KEY = `bench-${randomUUID()}`;
const PROJECT = "8d4f0c9e-5a7b-4c1d-9e2f-0000000057a7";
/** The seeded period: the 90 days before this day (UTC). */
const END = Date.parse(`${process.env.BENCH_END ?? "2026-11-25"}T00:00:00Z`);
const SPAN_SECONDS = 90 * 86_400;
const START_SECONDS = END / 1000 - SPAN_SECONDS;
const ZONES = ["UTC", "Europe/Moscow", "America/New_York", "Asia/Kolkata"];

/** A spread over the period for row g of n: deterministic, in Unix seconds. */
const spreadSql = (salt: number) => sql`to_timestamp(${START_SECONDS}::bigint + abs(hashint8(g + ${salt}::bigint)::bigint) % ${SPAN_SECONDS}::bigint)`;

const seedContactsSql = (count: number) => sql`
  INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, name, created_at, updated_at)
  SELECT g, (${sql.param(BOTS)}::bigint[])[1 + g % ${BOTS.length}], 'telegram', (700000000000 + g)::text, 'Contact ' || g,
         to_timestamp(${START_SECONDS}::bigint + g * ${SPAN_SECONDS}::bigint / ${count}::bigint),
         to_timestamp(${START_SECONDS}::bigint + g * ${SPAN_SECONDS}::bigint / ${count}::bigint)
  FROM generate_series(1, ${count}::bigint) AS g`;

/** Account ids: 4·g for USD (contact 4·g), 20·g + 1 for EUR (contact 20·g). */
const seedAccountsSql = (count: number) => sql`
  INSERT INTO platform.contact_accounts (id, contact_id, currency, amount, blocked_at)
  SELECT g * 4, g * 4, 'USD', 0, CASE WHEN g % 50 = 0 THEN now() END FROM generate_series(1, ${Math.floor(count / 4)}::bigint) AS g
  UNION ALL
  SELECT g * 20 + 1, g * 20, 'EUR', 0, NULL FROM generate_series(1, ${Math.floor(count / 20)}::bigint) AS g`;

const seedJournalSql = () => sql`
  INSERT INTO platform.account_journal (account_id, kind, title, amount, description, balance_after, created_at)
  SELECT a.id, m.kind, m.title, m.amount, 'bench', 0, m.at
  FROM (SELECT id, id AS g FROM platform.contact_accounts) AS a
  CROSS JOIN LATERAL (VALUES
    ('deposit', ${JOURNAL_TITLES.deposit}, 1000 + a.g % 9000, ${spreadSql(1)}),
    ('deposit', ${JOURNAL_TITLES.deposit}, 500 + a.g % 500, ${spreadSql(2)}),
    ('debit', ${JOURNAL_TITLES.debit}, 100 + a.g % 400, ${spreadSql(3)})
  ) AS m(kind, title, amount, at)
  UNION ALL
  SELECT id, 'deposit', 'Operator adjustment', 777, 'bench', 0, ${spreadSql(4)} FROM (SELECT id, id AS g FROM platform.contact_accounts) AS a WHERE a.g % 10 = 0`;

const BALANCES_SQL = sql`
  UPDATE platform.contact_accounts a SET amount = j.balance
  FROM (SELECT account_id, sum(CASE WHEN kind = 'deposit' THEN amount ELSE -amount END) AS balance FROM platform.account_journal GROUP BY account_id) AS j
  WHERE j.account_id = a.id`;

const call = (db: Database["db"], method: string, params: Record<string, unknown>) => getFromHandler(db, KEY, method, params);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 30-day ranges starting anywhere in the seeded period (the last ones reach past its end). */
function ranges(count: number, random: () => number) {
  return Array.from({ length: count }, (_, i) => {
    const from = END - SPAN_SECONDS * 1000 + Math.floor(random() * 90) * 86_400_000;
    return { date_from: day(from), date_to: day(from + 29 * 86_400_000), time_zone: ZONES[i % ZONES.length] };
  });
}

async function seed(db: Database["db"]) {
  await applyFixtures(db, {
    accounts: [{ id: HOLDER, email: "bench@example.com", name: "Bench", plan: "pro", api_key: KEY }],
    projects: [{ uuid: PROJECT, account_id: HOLDER, name: "Bench" }],
    bots: BOTS.map((id) => ({ id, project_uuid: PROJECT, name: `Bench bot ${id}` })),
  });
  const searchIndexes = await queryRows<{ name: string }>(db, sql`SELECT indexname AS name FROM pg_indexes WHERE indexname LIKE 'contacts_search_%'`);
  for (const { name } of searchIndexes) await db.execute(sql.raw(`DROP INDEX platform.${name}`));
  for (const [label, statement] of [
    ["contacts", seedContactsSql(COUNT)],
    ["accounts", seedAccountsSql(COUNT)],
    ["journal", seedJournalSql()],
    ["balances", BALANCES_SQL],
    ["VACUUM ANALYZE", sql`VACUUM ANALYZE`],
  ] as const) {
    const [, time] = await timed(() => db.execute(statement));
    console.log(`  ${label}: ${(time / 1000).toFixed(1)} s`);
  }
  const [sizes] = await queryRows<{ contacts: string; accounts: string; journal: string }>(
    db,
    sql`SELECT (SELECT count(*) FROM platform.contacts)::text AS contacts, (SELECT count(*) FROM platform.contact_accounts)::text AS accounts,
               (SELECT count(*) FROM platform.account_journal)::text AS journal`,
  );
  console.log(`  rows: ${sizes.contacts} contacts, ${sizes.accounts} accounts, ${sizes.journal} journal entries`);
}

async function run(target: string): Promise<void> {
  console.log(`\n== ${target}: ${COUNT.toLocaleString("en")} contacts over 90 days, ${SAMPLES} calls per kind, 30-day ranges ==`);
  console.log(
    `(${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; a shared machine: figures vary with the load)`,
  );
  let database: Database;
  let dropDatabase = async () => {};
  if (target === "pg") {
    const scratch = await createScratchDatabase(postgresServerUrl(), "bench_statistics");
    database = await openDatabase({ url: scratch.url });
    dropDatabase = scratch.drop;
  } else {
    database = await openDatabase({});
  }
  const { db } = database;
  try {
    await seed(db);
    const random = prng(20_261_125);
    type Range = ReturnType<typeof ranges>[number];
    const kinds: { label: string; method: string; extra: Record<string, unknown>; statement: (range: Range) => SQL }[] = [
      { label: "getContactStatistics, all bots", method: "getContactStatistics", extra: {}, statement: (range) => contactStatisticsSql(BOTS, range) },
      {
        label: "getContactStatistics, one bot",
        method: "getContactStatistics",
        extra: { bot_id: BOTS[1] },
        statement: (range) => contactStatisticsSql([BOTS[1]], range),
      },
      {
        label: "getContactAccountStatistics, all",
        method: "getContactAccountStatistics",
        extra: {},
        statement: (range) => accountStatisticsSql(HOLDER, range, null),
      },
      {
        label: "getContactAccountStatistics, USD",
        method: "getContactAccountStatistics",
        extra: { currency: "USD" },
        statement: (range) => accountStatisticsSql(HOLDER, range, "USD"),
      },
    ];
    // Through the gateway (authentication, rate limit, validation, JSON) and the statement alone.
    console.log(`\n${"call".padEnd(36)} | gateway p50     p95     max | statement p50     p95 (ms)`);
    for (const kind of kinds) {
      const asked = ranges(SAMPLES, random);
      for (const range of asked.slice(0, 3)) await call(db, kind.method, { ...range, ...kind.extra });
      const times: number[] = [];
      const statementTimes: number[] = [];
      for (const range of asked) {
        const [, time] = await timed(() => call(db, kind.method, { ...range, ...kind.extra }));
        const [, statementTime] = await timed(() => db.execute(kind.statement(range)));
        times.push(time);
        statementTimes.push(statementTime);
      }
      const gateway = `${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(Math.max(...times))}`;
      console.log(`${kind.label.padEnd(36)} |   ${gateway} |   ${ms(percentile(statementTimes, 50))} ${ms(percentile(statementTimes, 95))}`);
      const measure = `${kind.label}, p95 (${COUNT.toLocaleString("en")} contacts, ${target})`;
      reportRatio({ bench: "statistics", measure, value: percentile(times, 95), unit: "ms", goal: { atMost: 100 } });
    }
    if (EXPLAIN) await explain(db);
  } finally {
    await database.close();
    await dropDatabase();
  }
}

/** The plans of both statements for one 30-day range in Kolkata (the zone with parts of hours). */
async function explain(db: Database["db"]) {
  const range = { date_from: day(END - 40 * 86_400_000), date_to: day(END - 11 * 86_400_000), time_zone: "Asia/Kolkata" };
  for (const [label, statement] of [
    ["getContactStatistics", contactStatisticsSql(BOTS, range)],
    ["getContactAccountStatistics", accountStatisticsSql(HOLDER, range, null)],
  ] as const) {
    const plan = await queryRows<{ "QUERY PLAN": string }>(db, sql`EXPLAIN (ANALYZE, COSTS OFF) ${statement}`);
    console.log(`\n${label}:\n${plan.map((line) => `    ${line["QUERY PLAN"].slice(0, 150)}`).join("\n")}`);
  }
}

async function main() {
  for (const target of TARGETS) await run(target);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
