/**
 * npm run bench:contacts — a million contacts, on PostgreSQL and on PGlite.
 *
 * For each database: loads 1,000,000 contacts in one bot with the operator's
 * generate_contacts (timed), VACUUM ANALYZE, CHECKPOINT, then a full offset-mode export at
 * limit 1000 through handleApiRequest (the same code as the route, rate limit out
 * of the way), printing the first and last batch, their ratio (target <= 2), the
 * total time and rows per second; the same export in page mode (count 500); the time of getNumberOfContacts (no filter and a
 * date range) and of a page total; page 1 and 50 in each order of the `sort` extension; one deep batch with no cursor (the fallback plan);
 * and, on PostgreSQL, the floors: psql's COPY (SELECT …) TO STDOUT of the same rows as JSON (row_to_json, the
 * issue's floor; goal <= 2.5) and of the bare columns, each the fastest of three runs (one before the exports, two
 * after), and the ratio of each export to each.
 *
 * Environment: BENCH_CONTACTS (default 1000000), BENCH_TARGETS ("pg,pglite"),
 * BENCH_PREVIEW_EVERY (default 0), DATABASE_ADMIN_URL (else scripts/ensure-postgres.sh).
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { createScratchDatabase } from "@/lib/db/testing/database";
import { postgresServerUrl } from "./postgres";
import { getBytesFromHandler, getFromHandler, timed } from "./handler";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { reportRatio } from "./report";

// One log line per request would dominate a thousand-batch export.
process.env.PLATFORM_LOG_REQUESTS ??= "0";

const COUNT = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const TARGETS = (process.env.BENCH_TARGETS ?? "pg,pglite").split(",").map((s) => s.trim());
const PREVIEW_EVERY = Number(process.env.BENCH_PREVIEW_EVERY ?? 0);
const BATCH = 1000;
const PAGE = 500;
const HOLDER = 1;
const BOT = 10;
const KEY = `bench-${randomUUID()}`;
const FROM = "2024-01-01T00:00:00Z";
const TO = "2026-01-01T00:00:00Z";

const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const call = (db: Database["db"], method: string, params: Record<string, unknown>) => getFromHandler(db, KEY, method, params);

/**
 * The floors: the same rows straight out of PostgreSQL, by psql's COPY (SELECT …) TO STDOUT. The floor is the
 * rows "as JSON": each row written by row_to_json, the cheapest JSON PostgreSQL writes (not the spec's shape, which
 * costs more). The bare columns (text, no JSON but the variables) are printed too, the harder floor.
 */
const ROWS_SQL = `SELECT c.id, c.bot_id, c.messenger, c.messenger_id, c.telegram_username, c.max_username, c.name, c.phone,
    c.email, c.address, c.avatar, c.tags, c.created_at, c.unsubscribed_at,
    (SELECT COALESCE(json_agg(v ORDER BY v.id), '[]'::json) FROM platform.contact_variables v WHERE v.contact_id = c.id) AS variables
  FROM platform.contacts c WHERE c.bot_id = ${BOT} AND NOT c.preview AND NOT c.deleted ORDER BY c.id`;
const ROWS_AS_JSON_SQL = `SELECT row_to_json(r) FROM (${ROWS_SQL}) r`;

/** Milliseconds psql takes to COPY the query's rows to its standard output (thrown away). */
function copyFloor(url: string, query: string): number {
  const started = performance.now();
  const result = spawnSync("psql", [url, "-qAtc", `COPY (${query}) TO STDOUT`], { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`psql COPY failed: ${result.stderr}`);
  return performance.now() - started;
}

/**
 * A full export of the bot, request after request until a short one. `time` is the sum of the requests: the gateway's
 * answer read as bytes, what a server writes to its socket (COPY's floor writes its bytes, and psql decodes and parses
 * nothing either); `parse` is the time this client then spends decoding the text and in JSON.parse, kept apart. Checks
 * the ids ascend and the rows add up to the total.
 */
async function fullExport(db: Database["db"], size: number, params: (n: number) => Record<string, unknown>) {
  const times: number[] = [];
  let rows = 0;
  let parse = 0;
  let lastId = 0;
  for (let n = 0; ; n++) {
    const [bytes, time] = await timed(() => getBytesFromHandler(db, KEY, "getContacts", params(n)));
    times.push(time);
    const parseStarted = performance.now();
    const body = JSON.parse(bytes.toString("utf8")) as { data: { id: number }[]; meta: { total: number } };
    parse += performance.now() - parseStarted;
    for (const contact of body.data) {
      if (contact.id <= lastId) throw new Error(`order broken at request ${n}`);
      lastId = contact.id;
    }
    rows += body.data.length;
    if (body.data.length < size || rows >= body.meta.total) {
      if (rows !== body.meta.total) throw new Error(`exported ${rows} rows, total says ${body.meta.total}`);
      return { times, rows, time: times.reduce((sum, value) => sum + value, 0), parse };
    }
  }
}

async function run(target: string): Promise<void> {
  console.log(`\n== ${target}: ${COUNT.toLocaleString("en")} contacts ==`);
  // Figures on a shared machine mean little without its load.
  console.log(
    `(${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`,
  );
  let database: Database;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (target === "pg") {
    const scratch = await createScratchDatabase(postgresServerUrl(), "bench_contacts");
    url = scratch.url;
    database = await openDatabase({ url });
    dropDatabase = scratch.drop;
  } else {
    database = await openDatabase({});
  }
  const { db } = database;
  try {
    await applyFixtures(db, {
      accounts: [{ id: HOLDER, email: "bench@example.com", name: "Bench", plan: "pro", api_key: KEY }],
      projects: [{ uuid: "8d4f0c9e-5a7b-4c1d-9e2f-00000000be0c", account_id: HOLDER, name: "Bench" }],
      bots: [{ id: BOT, project_uuid: "8d4f0c9e-5a7b-4c1d-9e2f-00000000be0c", name: "Bench bot" }],
    });
    const cpuBefore = process.cpuUsage();
    const [, loadTime] = await timed(() =>
      applyFixtures(db, {
        generate_contacts: [{ bot_id: BOT, count: COUNT, messenger: "telegram", created_from: FROM, created_to: TO, preview_every: PREVIEW_EVERY }],
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    // PGlite runs in this process: its CPU time is what the load cost on an idle core.
    const cpuNote = target === "pglite" ? `, CPU time of this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s` : "";
    console.log(
      `generate_contacts (${COUNT.toLocaleString("en")}, one fixture document): ${(loadTime / 1000).toFixed(1)} s${cpuNote} (load average ${loadavg()[0].toFixed(1)})`,
    );
    const [, vacuumTime] = await timed(() => db.execute(sql`VACUUM ANALYZE platform.contacts`));
    console.log(`VACUUM ANALYZE: ${(vacuumTime / 1000).toFixed(1)} s`);
    // The load leaves its pages to be written back: a checkpoint now, or the server writes them during the export
    // (checkpoint_timeout) and the floors, measured last, run on a quiet disk the export did not have.
    const [, checkpointTime] = await timed(() => db.execute(sql`CHECKPOINT`));
    console.log(`CHECKPOINT: ${(checkpointTime / 1000).toFixed(1)} s`);
    // Each floor's runs: once now, on the settled disk, and twice again after the exports (below); the floor is the
    // fastest of them.
    const jsonFloorRuns: number[] = [];
    const plainFloorRuns: number[] = [];
    const runFloors = (url: string) => {
      jsonFloorRuns.push(copyFloor(url, ROWS_AS_JSON_SQL));
      plainFloorRuns.push(copyFloor(url, ROWS_SQL));
    };
    if (url) runFloors(url);

    // Full export in offset mode, 1000 per batch, until a short batch.
    const offsetExport = await fullExport(db, BATCH, (n) => ({ bot_id: BOT, offset: n * BATCH, limit: BATCH }));
    const { times: batchTimes, rows, time: exportTime } = offsetExport;
    const first = batchTimes[0];
    const last = batchTimes[batchTimes.length - 1];
    const lastFull = batchTimes[batchTimes.length - (rows % BATCH === 0 ? 1 : 2)] ?? last;
    console.log(`export: ${batchTimes.length} batches, ${rows.toLocaleString("en")} rows`);
    console.log(`  first batch ${ms(first)}, last batch ${ms(last)} (last full batch ${ms(lastFull)}), ratio last/first ${(last / first).toFixed(2)}`);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const head = mean(batchTimes.slice(1, 11));
    const tail = mean(batchTimes.slice(-11, -1));
    console.log(`  median batch ${ms(median(batchTimes))}, slowest ${ms(Math.max(...batchTimes))}`);
    reportRatio({ bench: "contacts", measure: `offset export, last batch ÷ first (${target})`, value: last / first, unit: "×", goal: { atMost: 2 } });
    console.log(`  batches 2-11 mean ${ms(head)}, the ten before the last mean ${ms(tail)}, ratio ${(tail / head).toFixed(2)}`);
    console.log(
      `  total ${(exportTime / 1000).toFixed(2)} s, ${Math.round(rows / (exportTime / 1000)).toLocaleString("en")} rows/s` +
        ` (the client's decoding and JSON.parse of the bodies another ${(offsetExport.parse / 1000).toFixed(2)} s, not counted)`,
    );

    if (!url)
      reportRatio({
        bench: "contacts",
        measure: `offset export (limit ${BATCH}), no COPY floor (${target})`,
        value: rows / (exportTime / 1000),
        unit: "rows/s",
      });

    // The same export in page mode, the largest page (500): Laravel's links and meta around the same contacts.
    const pageExport = await fullExport(db, PAGE, (n) => ({ bot_id: BOT, count: PAGE, page: n + 1 }));
    console.log(
      `page-mode export: ${pageExport.times.length} pages of ${PAGE}, total ${(pageExport.time / 1000).toFixed(2)} s, ` +
        `${Math.round(pageExport.rows / (pageExport.time / 1000)).toLocaleString("en")} rows/s, median page ${ms(median(pageExport.times))}` +
        ` (decoding and JSON.parse another ${(pageExport.parse / 1000).toFixed(2)} s, not counted)`,
    );

    // Counts: no filter, and a date range (whole hours from counters + two index-counted edge hours).
    const mid = Math.floor((Date.parse(FROM) + Date.parse(TO)) / 2000);
    for (const [label, params] of [
      ["getNumberOfContacts, no filter", {}],
      ["getNumberOfContacts, bot_id", { bot_id: BOT }],
      ["getNumberOfContacts, date range (half)", { bot_id: BOT, date_from: Date.parse(FROM) / 1000 + 1234, date_to: mid + 777 }],
    ] as const) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < 7; i++) {
        const [body, time] = await timed(() => call(db, "getNumberOfContacts", params));
        count = body.count;
        times.push(time);
      }
      console.log(`${label}: count ${count.toLocaleString("en")}, median ${ms(median(times))}, max ${ms(Math.max(...times))}`);
    }
    const [{ exact }] = await queryRows<{ exact: string }>(
      db,
      sql`SELECT count(*)::text AS exact FROM platform.contacts WHERE bot_id = ${BOT} AND NOT preview AND NOT deleted
          AND created_at >= to_timestamp(${Date.parse(FROM) / 1000 + 1234}) AND created_at < to_timestamp(${mid + 778})`,
    );
    console.log(`  (date range count checked against count(*): ${Number(exact).toLocaleString("en")})`);
    const pageTimes: number[] = [];
    for (let i = 0; i < 5; i++) pageTimes.push((await timed(() => call(db, "getContacts", { count: 20, page: 1 })))[1]);
    console.log(`getContacts page 1 (20, with total): median ${ms(median(pageTimes))}`);

    // The sort extension: page 1 and page 50 in each order (one index range scan per bot, stopped early).
    for (const sort of ["id", "-id", "created_at", "-created_at"]) {
      for (const page of [1, 50]) {
        const times: number[] = [];
        for (let i = 0; i < 7; i++) times.push((await timed(() => call(db, "getContacts", { sort, count: 20, page })))[1]);
        console.log(`getContacts sort=${sort} page ${page} (20, with total): median ${ms(median(times))}, max ${ms(Math.max(...times))}`);
      }
    }

    // A deep batch no cursor leads to: the fallback plan skips the rows of an index-only scan.
    const [, deep] = await timed(() => call(db, "getContacts", { bot_id: BOT, offset: Math.floor(COUNT * 0.9), limit: BATCH, date_to: 4102444800 }));
    const [, deepAgain] = await timed(() =>
      call(db, "getContacts", { bot_id: BOT, offset: Math.floor(COUNT * 0.9) + BATCH, limit: BATCH, date_to: 4102444800 }),
    );
    console.log(`deep batch at offset ${Math.floor(COUNT * 0.9).toLocaleString("en")} without a cursor: ${ms(deep)}; the next one (cursor): ${ms(deepAgain)}`);

    if (url) {
      // The faster of all the runs of each (one before the exports, two after): the floor is what PostgreSQL can do, not
      // a moment of noise, and this machine's speed drifts over minutes by more than the exports' changes.
      runFloors(url);
      runFloors(url);
      const jsonFloor = Math.min(...jsonFloorRuns);
      const plainFloor = Math.min(...plainFloorRuns);
      for (const [mode, time] of [
        [`offset export (limit ${BATCH})`, exportTime],
        [`page-mode export (count ${PAGE})`, pageExport.time],
      ] as const) {
        const measure = `${mode} of ${rows.toLocaleString("en")} vs COPY as JSON (${target})`;
        reportRatio({ bench: "contacts", measure, value: time / 1000, unit: "s", floor: jsonFloor / 1000, ratio: time / jsonFloor, goal: { atMost: 2.5 } });
      }
      console.log(
        `floors: psql COPY (SELECT …) TO STDOUT of the same rows as JSON (row_to_json) ${(jsonFloor / 1000).toFixed(2)} s; ` +
          `of the bare columns ${(plainFloor / 1000).toFixed(2)} s`,
      );
      console.log(
        `ratio to COPY as JSON: ${(exportTime / jsonFloor).toFixed(2)}× offset export (limit ${BATCH}), ${(pageExport.time / jsonFloor).toFixed(2)}× page mode ` +
          `(count ${PAGE}); goal ≤ 2.5×`,
      );
      console.log(
        `ratio to COPY of the bare columns: ${(exportTime / plainFloor).toFixed(2)}× offset export, ${(pageExport.time / plainFloor).toFixed(2)}× page mode`,
      );
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
