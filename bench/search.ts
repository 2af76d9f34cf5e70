/**
 * npm run bench:search — the `search` extension of getContacts and getNumberOfContacts at
 * a million contacts, on PostgreSQL (BENCH_TARGETS=pg,pglite adds the embedded engine).
 *
 * Seeds 1,000,000 contacts in one bot with one set-based INSERT … SELECT over generate_series
 * (as the operator's generate_contacts does), with names drawn from Russian and English first
 * names and composed surnames (three in four Cyrillic, with ё), phones, emails and usernames
 * for part of them. The search indexes are dropped for the load and built afterwards with the
 * statements the migrations left (pg_indexes; timed: what the migration costs on an
 * existing table of that size), then VACUUM ANALYZE. Then, for each kind of search, the same
 * BENCH_SAMPLES texts (default 40) taken from random contacts, through handleApiRequest (the
 * route's code, rate limit out of the way): getContacts page 1 (20 per page, with its exact
 * total) and getNumberOfContacts, printing p50, p95 and max, and the median number of matches.
 *
 * Prints the server's shared_buffers and the huge pages it holds (README, search), and loads the tables and indexes
 * into the shared buffers before measuring (pg_prewarm), as a server in use holds them.
 *
 * Environment: BENCH_CONTACTS (default 1000000), BENCH_SAMPLES (default 40), BENCH_TARGETS
 * ("pg"), BENCH_EXPLAIN=1 (prints one plan per kind), BENCH_KEEP=1 (keeps the PostgreSQL database and prints its
 * URL, to look at plans by hand; drop it yourself), BENCH_SLOWEST=1 (prints each kind's three slowest texts),
 * BENCH_REUSE_URL (a database kept so: skips the load and
 * measures again), DATABASE_ADMIN_URL (else scripts/ensure-postgres.sh).
 */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { createScratchDatabase } from "@/lib/db/testing/database";
import { postgresServerUrl } from "./postgres";
import { getFromHandler, ms, percentile, prng, timed } from "./handler";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { matchingContactIdsSql } from "@/lib/platform/contacts/count";
import { resolveContactFilter } from "@/lib/platform/contacts/scope";
import { reportRatio } from "./report";

process.env.PLATFORM_LOG_REQUESTS ??= "0";

const COUNT = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const TARGETS = (process.env.BENCH_TARGETS ?? "pg").split(",").map((s) => s.trim());
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const SLOWEST = process.env.BENCH_SLOWEST === "1";
const REUSE_URL = process.env.BENCH_REUSE_URL ?? null;
const HOLDER = 1;
const BOT = 10;
const KEY = `bench-${randomUUID()}`;
const PROJECT = "8d4f0c9e-5a7b-4c1d-9e2f-00000000be0d";

const RU_FIRST = [
  "Иван",
  "Пётр",
  "Алексей",
  "Сергей",
  "Андрей",
  "Дмитрий",
  "Михаил",
  "Николай",
  "Артём",
  "Егор",
  "Максим",
  "Никита",
  "Роман",
  "Владимир",
  "Фёдор",
  "Ольга",
  "Анна",
  "Мария",
  "Елена",
  "Татьяна",
  "Наталья",
  "Ирина",
  "Светлана",
  "Юлия",
  "Екатерина",
  "Дарья",
  "Алина",
  "Ксения",
  "Полина",
  "Алёна",
];
const RU_ROOT = [
  "Петр",
  "Иван",
  "Сидор",
  "Смирн",
  "Кузнец",
  "Поп",
  "Васил",
  "Сокол",
  "Михайл",
  "Новик",
  "Фёдор",
  "Мороз",
  "Волк",
  "Алексе",
  "Лебед",
  "Семён",
  "Егор",
  "Павл",
  "Козл",
  "Степан",
  "Никол",
  "Орл",
  "Андре",
  "Макар",
  "Никит",
  "Захар",
  "Зайц",
  "Солов",
  "Борис",
  "Яковл",
  "Григор",
  "Роман",
  "Воробь",
  "Серге",
  "Кузьм",
  "Фрол",
  "Александр",
  "Дмитри",
  "Корол",
  "Гус",
  "Белоус",
  "Черн",
  "Жук",
  "Карп",
  "Тимоф",
  "Ершов",
  "Бодр",
  "Гром",
];
const RU_MID = ["", "ан", "ен", "ил", "ор", "ушк", "ач", "ин"];
const RU_END = ["ов", "ев", "ин", "ский", "енко", "ук", "ых", "ёв"];
const EN_FIRST = ["John", "Mary", "James", "Anna", "Peter", "Laura", "David", "Emma", "Michael", "Olivia", "Thomas", "Sophie", "Daniel", "Chloe", "Lucy"];
const EN_ROOT = ["Smith", "Johns", "Brown", "Tayl", "Wils", "Davi", "Evans", "Thom", "Walk", "Wright", "Robin", "White", "Hughes", "Green", "Hall", "Wood"];
const EN_END = ["", "son", "ton", "ley", "man", "s"];
const DOMAINS = ["mail.ru", "gmail.com", "yandex.ru", "example.com", "inbox.ru"];

const array = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(",")}]::text[]`);
const pick = (values: string[], salt: number) => sql`(${array(values)})[1 + abs(hashint8(g + ${salt}::bigint)::bigint) % ${values.length}]`;

/** One statement: COUNT contacts with ids 1..COUNT; deterministic. */
function seedSql(count: number) {
  const ruName = sql`${pick(RU_FIRST, 1)} || ' ' || ${pick(RU_ROOT, 2)} || ${pick(RU_MID, 3)} || ${pick(RU_END, 4)}`;
  const enName = sql`${pick(EN_FIRST, 5)} || ' ' || ${pick(EN_ROOT, 6)} || ${pick(EN_END, 7)}`;
  return sql`
    INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, telegram_username, name, phone, email, created_at, updated_at)
    SELECT g, ${BOT}::bigint, 'telegram', (700000000000 + g)::text,
           CASE WHEN g % 3 = 0 THEN 'user_' || g::text END,
           CASE WHEN g % 4 = 0 THEN ${enName} ELSE ${ruName} END,
           CASE WHEN g % 5 <> 0 THEN '79' || lpad((abs(hashint8(g + 8)::bigint) % 1000000000)::text, 9, '0') END,
           CASE WHEN g % 2 = 0 THEN 'client' || g::text || '@' || ${pick(DOMAINS, 9)} END,
           to_timestamp(1704067200 + g * 60), to_timestamp(1704067200 + g * 60)
    FROM generate_series(1, ${count}::bigint) AS g`;
}

/** The search indexes as the migrations left them (pg_indexes): their names and the statements that build them. */
async function searchIndexStatements(db: Database["db"]): Promise<{ name: string; statement: string }[]> {
  return queryRows<{ name: string; statement: string }>(
    db,
    sql`SELECT indexname AS name, indexdef AS statement FROM pg_indexes
        WHERE schemaname = 'platform' AND indexname LIKE 'contacts_search_%' ORDER BY indexname`,
  );
}

/** Huge pages held (in use or reserved) on this machine, from /proc/meminfo: a local server's, when it has them (README, search). */
function hugePagesHeld(): string {
  try {
    const info = fs.readFileSync("/proc/meminfo", "utf8");
    const value = (name: string) => Number(new RegExp(`^HugePages_${name}:\\s+(\\d+)`, "m").exec(info)?.[1] ?? 0);
    return String(value("Total") - value("Free") + value("Rsvd"));
  } catch {
    return "unknown";
  }
}

/**
 * Loads the platform's tables and indexes into PostgreSQL's shared buffers (pg_prewarm), as a server in use holds
 * its working set: the load and the index builds read and write through small rings of buffers, so a database
 * just loaded, or a server just restarted, would have its first searches read the table from the operating system.
 */
async function prewarm(db: Database["db"]): Promise<void> {
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_prewarm`);
  const [, time] = await timed(() =>
    queryRows(
      db,
      sql`SELECT pg_prewarm(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'platform' AND c.relkind IN ('r', 'i')`,
    ),
  );
  console.log(`pg_prewarm of the platform's tables and indexes: ${(time / 1000).toFixed(1)} s`);
}

const call = (db: Database["db"], method: string, params: Record<string, unknown>) => getFromHandler(db, KEY, method, params);

type Row = { id: string; name: string; phone: string | null; email: string | null; telegram_username: string | null; messenger_id: string };

/** Each kind of search a support person makes, as a text taken from a contact. */
const KINDS: { label: string; from: (row: Row, random: () => number) => string | null }[] = [
  { label: "name fragment, 3 letters", from: (r, random) => fragment(surname(r), 3, random) },
  { label: "name fragment, 5 letters", from: (r, random) => fragment(surname(r), 5, random) },
  { label: "first name and surname", from: (r) => r.name.toLowerCase() },
  { label: "phone as dialled (+7 999 …)", from: (r) => (r.phone ? dialled(r.phone) : null) },
  { label: "phone, last 7 digits", from: (r) => (r.phone ? r.phone.slice(-7) : null) },
  { label: "email", from: (r) => r.email },
  { label: "email fragment (before @)", from: (r) => (r.email ? r.email.split("@")[0] : null) },
  { label: "@username", from: (r) => (r.telegram_username ? `@${r.telegram_username}` : null) },
  { label: "messenger id", from: (r) => r.messenger_id },
  { label: "contact id", from: (r) => r.id },
  { label: "1-2 characters", from: (r, random) => fragment(surname(r), 1 + Math.floor(random() * 2), random) },
  { label: "no match", from: (_, random) => `zq${Math.floor(random() * 1e6)}xw` },
];

/** "79991234567" as "+7 999 123-45-67". */
function dialled(phone: string): string {
  return `+${phone[0]} ${phone.slice(1, 4)} ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
}

function surname(row: Row): string {
  return row.name.split(" ")[1] ?? row.name;
}

function fragment(text: string, size: number, random: () => number): string {
  const chars = [...text];
  const start = Math.floor(random() * Math.max(chars.length - size + 1, 1));
  return chars
    .slice(start, start + size)
    .join("")
    .toLowerCase();
}

/** Seeds the holder, its bot and COUNT contacts, builds the search indexes (timed) and vacuums. */
async function load(db: Database["db"]): Promise<void> {
  await applyFixtures(db, {
    accounts: [{ id: HOLDER, email: "bench@example.com", name: "Bench", plan: "pro", api_key: KEY }],
    projects: [{ uuid: PROJECT, account_id: HOLDER, name: "Bench" }],
    bots: [{ id: BOT, project_uuid: PROJECT, name: "Bench bot" }],
  });
  const indexes = await searchIndexStatements(db);
  for (const { name } of indexes) await db.execute(sql.raw(`DROP INDEX platform.${name}`));
  const [, loadTime] = await timed(() => db.execute(seedSql(COUNT)));
  console.log(`load (one INSERT … SELECT, without the search indexes): ${(loadTime / 1000).toFixed(1)} s`);
  for (const { name, statement } of indexes) {
    const [, time] = await timed(() => db.execute(sql.raw(statement)));
    console.log(`  build ${name}: ${(time / 1000).toFixed(1)} s`);
  }
  const [, vacuumTime] = await timed(() => db.execute(sql`VACUUM ANALYZE platform.contacts`));
  console.log(`VACUUM ANALYZE: ${(vacuumTime / 1000).toFixed(1)} s`);
  const sizes = await queryRows<{ name: string; size: string }>(
    db,
    sql`SELECT c.relname AS name, pg_size_pretty(pg_relation_size(c.oid)) AS size FROM pg_class c
        WHERE c.relname = 'contacts' OR c.relname LIKE 'contacts_search_%' ORDER BY c.relname`,
  );
  console.log(`sizes: ${sizes.map((s) => `${s.name} ${s.size}`).join(", ")}`);
}

async function run(target: string): Promise<void> {
  console.log(`\n== ${target}: ${COUNT.toLocaleString("en")} contacts, ${SAMPLES} texts per kind ==`);
  console.log(
    `(${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`,
  );
  let database: Database;
  let dropDatabase = async () => {};
  if (target === "pg" && REUSE_URL !== null) {
    database = await openDatabase({ url: REUSE_URL });
  } else if (target === "pg") {
    const scratch = await createScratchDatabase(postgresServerUrl(), "bench_search");
    database = await openDatabase({ url: scratch.url });
    dropDatabase = scratch.drop;
    if (process.env.BENCH_KEEP === "1") {
      dropDatabase = async () => console.log(`kept: ${scratch.url}`);
    }
  } else {
    database = await openDatabase({});
  }
  const { db } = database;
  try {
    if (target === "pg") {
      // Whether the table stays in PostgreSQL's memory decides the first page of a broad text (README, search).
      const [{ shared_buffers }] = await queryRows<{ shared_buffers: string }>(db, sql`SHOW shared_buffers`);
      const [{ shared_memory_size_in_huge_pages: pages }] = await queryRows<{ shared_memory_size_in_huge_pages: string }>(
        db,
        sql`SHOW shared_memory_size_in_huge_pages`,
      );
      console.log(`shared_buffers: ${shared_buffers}; huge pages: ${hugePagesHeld()} held on this machine, ${pages} asked for by the server`);
    }
    if (REUSE_URL === null) await load(db);
    // A kept database: this run's key replaces the last one's.
    else await applyFixtures(db, { accounts: [{ id: HOLDER, email: "bench@example.com", name: "Bench", plan: "pro", api_key: KEY }] });
    if (target === "pg") await prewarm(db);
    const random = prng(20_260_101);
    const ids = Array.from({ length: SAMPLES * 3 }, () => 1 + Math.floor(random() * COUNT));
    const rows = await queryRows<Row>(
      db,
      sql`SELECT id::text AS id, name, phone, email, telegram_username, messenger_id FROM platform.contacts
          WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id`,
    );
    const shuffled = ids.map((id) => rows.find((r) => Number(r.id) === id)).filter((r): r is Row => r !== undefined);

    // The slowest kind of text at the 95th percentile, for getContacts and for getNumberOfContacts: the headline figures.
    const slowest = { page: { kind: "", p95: -Infinity }, count: { kind: "", p95: -Infinity } };
    console.log(`\n${"kind".padEnd(30)} | getContacts page 1, ms     | getNumberOfContacts, ms    | matches`);
    console.log(`${"".padEnd(30)} |     p50     p95     max    |     p50     p95     max    | median (max)`);
    for (const kind of KINDS) {
      const texts = shuffled
        .map((row) => kind.from(row, random))
        .filter((t): t is string => t !== null)
        .slice(0, SAMPLES);
      // Warm up: the first texts once, not timed.
      for (const text of texts.slice(0, 3)) await call(db, "getNumberOfContacts", { search: text });
      const pageTimes: number[] = [];
      const countTimes: number[] = [];
      const matches: number[] = [];
      for (const text of texts) {
        const [page, pageTime] = await timed(() => call(db, "getContacts", { search: text, count: 20, page: 1 }));
        const [counted, countTime] = await timed(() => call(db, "getNumberOfContacts", { search: text }));
        if (page.meta.total !== counted.count) throw new Error(`${kind.label} ${text}: total ${page.meta.total}, count ${counted.count}`);
        pageTimes.push(pageTime);
        countTimes.push(countTime);
        matches.push(counted.count);
      }
      const figures = (values: number[]) => `${ms(percentile(values, 50))} ${ms(percentile(values, 95))} ${ms(Math.max(...values))}`;
      console.log(`${kind.label.padEnd(30)} | ${figures(pageTimes)}    | ${figures(countTimes)}    | ${percentile(matches, 50)} (${Math.max(...matches)})`);
      if (percentile(pageTimes, 95) > slowest.page.p95) slowest.page = { kind: kind.label, p95: percentile(pageTimes, 95) };
      if (percentile(countTimes, 95) > slowest.count.p95) slowest.count = { kind: kind.label, p95: percentile(countTimes, 95) };
      if (SLOWEST) {
        const slow = texts.map((text, i) => ({ text, page: pageTimes[i], count: countTimes[i], matches: matches[i] })).sort((a, b) => b.page - a.page);
        for (const s of slow.slice(0, 3)) console.log(`    ${JSON.stringify(s.text)}: page ${ms(s.page)} ms, count ${ms(s.count)} ms, ${s.matches} matches`);
      }
      if (EXPLAIN) {
        const filter = await resolveContactFilter(db, HOLDER, { search: texts[0] });
        const matching = matchingContactIdsSql(filter);
        const plan = await queryRows<{ "QUERY PLAN": string }>(db, sql`EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM (${matching}) m`);
        // The plan's nodes only: conditions repeat the whole case-folding table.
        const nodes = plan.map((line) => line["QUERY PLAN"]).filter((line) => !/^\s*(Index Cond|Recheck Cond|Filter):/.test(line));
        console.log(nodes.map((line) => `    ${line.slice(0, 150)}`).join("\n"));
      }
    }
    for (const [method, { kind, p95 }] of [
      ["getContacts page 1", slowest.page],
      ["getNumberOfContacts", slowest.count],
    ] as const) {
      const measure = `${method} p95, slowest of ${KINDS.length} kinds: ${kind} (${COUNT.toLocaleString("en")}, ${target})`;
      reportRatio({ bench: "search", measure, value: p95, unit: "ms", goal: { atMost: 50 } });
    }
  } finally {
    await database.close();
    await dropDatabase();
  }
}

async function main() {
  for (const target of TARGETS) await run(target);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
