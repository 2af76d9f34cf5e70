/**
 * npm run bench:adjustments — a bulk balance adjustment run end to end against
 * our platform at its rate limit (PLATFORM_RATE_LIMIT, default 120 a minute).
 *
 * One process: the platform (the gateway and its methods) behind a node:http
 * server on a loopback port, with the rate limit it has in production, on a
 * fresh database (PGlite in memory; BENCH_DB=pg: a new database on the
 * PostgreSQL server); a batch of BENCH_ROWS top-ups (default 10,000) over
 * BENCH_CONTACTS contacts (default 100), stored and validated as the upload
 * would; the adjustment worker (lib/features/adjustments/worker.ts) runs its dry run,
 * then the confirmed run, with the dashboard's shared request budget in the
 * background lane, as in the server.
 *
 * Between the dry run and the confirmation the bench waits BENCH_PAUSE_SECONDS
 * (default 61: a person reads the preview), so that the run starts on a budget
 * the dry run's calls no longer hold, as it does when someone confirms.
 *
 * Printed: the dry run's time; the run's time (the batch's started_at →
 * finished_at, database clock), rows a minute, and the ratio to the bound —
 * over the whole run, and steady (whole windows between the first and the last
 * wait for the budget; a short run gets a whole window at its start, which
 * flatters it).
 * The bound: one platform call per row, and the background lane may spend the
 * limit less the reserve it leaves to people (reserveFor: 5%, at least 1), so
 * limit − reserve rows a minute (114 at 120). Checked after: every row
 * succeeded and the journal holds each exactly once.
 *
 * At the default limit 10,000 rows take about 90 minutes; BENCH_ROWS=600 gives
 * the ratio in about 5.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { createScratchDatabase } from "@/lib/db/testing/database";
import { serveApiOnLoopback } from "@/lib/platform/node-handler";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { PlatformClient } from "@/lib/api/client";
import { reserveFor } from "@/lib/api/budget";
import { config } from "@/lib/core/config.mjs";
import { users } from "@/lib/db/schema";
import { confirmRun, createBatch, readBatch, requestDryRun, saveValidation } from "@/lib/features/adjustments/batch-store";
import { AdjustmentWorker } from "@/lib/features/adjustments/worker";
import type { AdjustmentRow, AdjustmentTotals } from "@/lib/features/adjustments/types";
import { postgresServerUrl } from "./postgres";
import { reportRatio } from "./report";

process.env.DASHBOARD_EXPORT_LOG ??= "0";
process.env.PLATFORM_LOG_REQUESTS ??= "0";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const CONTACTS = Math.min(ROWS, Number(process.env.BENCH_CONTACTS ?? 100));
const DB_KIND = process.env.BENCH_DB === "pg" ? "pg" : "pglite";
const LIMIT = config().platform.rateLimit;
const PAUSE_SECONDS = Number(process.env.BENCH_PAUSE_SECONDS ?? 61);

const fmt = (value: number, digits = 0) => value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (DB_KIND === "pglite") {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(postgresServerUrl(), "bench_adjustments");
  const database = await openDatabase({ url: scratch.url, poolSize: 8 });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

async function main(): Promise<void> {
  const { database, drop } = await freshDatabase();
  const { db } = database;
  // The platform over HTTP with its production rate limit.
  const { baseUrl, close } = await serveApiOnLoopback(database.db, { rateLimit: LIMIT });
  try {
    const key = `bench-${randomUUID()}`;
    const contactIds = Array.from({ length: CONTACTS }, (_, i) => 7_000_000 + i);
    const accountIds = contactIds.map((id) => id + 1_000_000);
    const projectUuid = randomUUID();
    await applyFixtures(db, {
      accounts: [{ id: 1, email: "bench@example.com", name: "Bench", plan: "pro", api_key: key }],
      projects: [{ uuid: projectUuid, account_id: 1, name: "Bench" }],
      bots: [{ id: 11, project_uuid: projectUuid, name: "Bench bot" }],
      contacts: contactIds.map((id) => ({ id, bot_id: 11, messenger: "telegram", name: `Contact ${id}`, telegram_id: String(id) })),
      contact_accounts: contactIds.map((id, i) => ({ id: accountIds[i], contact_id: id, currency: "USD", amount: 0 })),
    });
    const [member] = await db.insert(users).values({ email: "bench-owner@example.com", name: "Bench owner", role: "owner", passwordHash: "-" }).returning();
    const rows: AdjustmentRow[] = Array.from({ length: ROWS }, (_, i) => ({
      line: i + 2,
      contactId: contactIds[i % CONTACTS],
      currency: "USD",
      kind: "top_up",
      amountMinor: BigInt(100 + (i % 900)),
      description: `Bench refund ${i + 2}`,
    }));
    const totals: AdjustmentTotals = {
      USD: { top_up: { count: ROWS, minor: rows.reduce((sum, row) => sum + row.amountMinor, BigInt(0)) }, debit: { count: 0, minor: BigInt(0) } },
    };
    const batchId = await createBatch(db, {
      createdBy: member.id,
      fileName: "bench.csv",
      fileHash: "0".repeat(64),
      delimiter: ",",
      headers: ["contact_id", "currency", "amount", "description"],
      rows: rows.map((row) => ({ line: row.line, cells: [String(row.contactId), row.currency, String(row.amountMinor), row.description] })),
    });
    await saveValidation(db, batchId, { mapping: { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 }, rows, problems: [], totals });

    const worker = new AdjustmentWorker({
      db,
      connect: async (database) => new PlatformClient({ db: database, baseUrl, apiKey: key }),
      pollMs: 50,
      leaseSeconds: 30,
    });
    console.log(`bench:adjustments — ${fmt(ROWS)} rows over ${fmt(CONTACTS)} contacts, rate limit ${LIMIT}/min, ${DB_KIND}`);
    await requestDryRun(db, batchId);
    let started = performance.now();
    const dry = await worker.runOnce();
    console.log(`  dry run: ${dry?.outcome} in ${fmt((performance.now() - started) / 1000, 1)} s (${fmt(CONTACTS)} getContactAccounts)`);

    await new Promise((resolve) => setTimeout(resolve, PAUSE_SECONDS * 1000));
    await confirmRun(db, batchId, { id: member.id });
    started = performance.now();
    const progress = setInterval(async () => {
      const view = await readBatch(db, batchId, { limitPerMinute: LIMIT }).catch(() => null);
      if (view)
        console.log(
          `  … ${fmt(view.progress.done)} / ${fmt(ROWS)} rows, ETA ${view.secondsLeft ?? "?"} s${view.waitReason ? `, waiting: ${view.waitReason}` : ""}`,
        );
    }, 30_000);
    const run = await worker.runOnce();
    clearInterval(progress);
    const wall = (performance.now() - started) / 1000;
    const [runTime] = await queryRows<{ seconds: number }>(
      db,
      sql`SELECT extract(epoch FROM (finished_at - started_at))::float8 AS seconds FROM dashboard.adjustment_batches WHERE id = ${batchId}::uuid`,
    );
    const seconds = Number(runTime.seconds);
    const perMinute = (ROWS / seconds) * 60;
    const bound = LIMIT - reserveFor(LIMIT);
    const view = await readBatch(db, batchId);
    const [journal] = await queryRows<{ entries: number; distinct: number }>(
      db,
      sql`SELECT count(*)::int AS entries, count(DISTINCT description)::int AS distinct FROM platform.account_journal WHERE description LIKE 'Bench refund %'`,
    );
    console.log(
      `  run: ${run?.outcome} in ${fmt(seconds, 1)} s (wall ${fmt(wall, 1)} s); ok ${fmt(view?.progress.ok ?? 0)}, failed ${view?.progress.failed}, unknown ${view?.progress.unknown}`,
    );
    console.log(
      `  journal: ${fmt(Number(journal.entries))} entries, ${fmt(Number(journal.distinct))} rows — each once: ${Number(journal.entries) === ROWS && Number(journal.distinct) === ROWS}`,
    );
    const bounds = `bound ${bound} rows/min (limit ${LIMIT} − background reserve ${reserveFor(LIMIT)})`;
    console.log(`  whole run: ${fmt(perMinute, 1)} rows/min; ${bounds}; ratio ${fmt(perMinute / bound, 3)}`);
    const scale = `${fmt(ROWS)} rows at ${LIMIT}/min, ${DB_KIND}`;
    // No goal is set for this ratio: the figure is reported as it is.
    reportRatio({
      bench: "adjustments",
      measure: `whole run vs rate-limit bound (${scale})`,
      value: perMinute,
      unit: "rows/min",
      floor: bound,
      ratio: perMinute / bound,
    });
    // A run starts on a whole window and may end early in its last one, which flatters short runs: the steady rate is
    // measured between the first and the last budget wait (a gap of more than 5 s between rows), whole windows only.
    const finished = await queryRows<{ at_ms: number }>(
      db,
      sql`SELECT (extract(epoch FROM finished_at) * 1000)::float8 AS at_ms FROM dashboard.adjustment_rows
          WHERE batch_id = ${batchId}::uuid ORDER BY finished_at`,
    );
    const times = finished.map((row) => Number(row.at_ms));
    const resumed = times.flatMap((at, index) => (index > 0 && at - times[index - 1] > 5_000 ? [index] : []));
    if (resumed.length >= 2) {
      const [first, last] = [resumed[0], resumed[resumed.length - 1]];
      const steady = ((last - first) / (times[last] - times[first])) * 60_000;
      console.log(`  steady: ${fmt(steady, 1)} rows/min over ${resumed.length - 1} whole windows; ratio ${fmt(steady / bound, 3)}`);
      const windows = `${resumed.length - 1} whole window${resumed.length === 2 ? "" : "s"}`;
      const measure = `steady, ${windows}, vs rate-limit bound (${scale})`;
      reportRatio({ bench: "adjustments", measure, value: steady, unit: "rows/min", floor: bound, ratio: steady / bound });
    } else {
      console.log("  steady: fewer than two budget waits (raise BENCH_ROWS for the steady rate)");
    }
    await worker.stop();
  } finally {
    await close();
    await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
