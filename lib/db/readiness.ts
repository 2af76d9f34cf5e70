import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, queryRows, type Database, type Db } from "./client";
import { databaseOutageOf } from "./failure";
import { healthOf } from "./health";
import { freeBytes, MIN_FREE_BYTES } from "./resilient-pglite";

export interface Readiness {
  status: "ready" | "migrating";
  database: true;
  migrations: { applied: number; expected: number };
}

/** Compares the migrations drizzle recorded with those in drizzle/meta/_journal.json. */
export async function checkReadiness(db: Db): Promise<Readiness> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  const [row] = await queryRows<{ applied: number }>(db, sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`);
  const expected = journal.entries.length;
  return { status: row.applied >= expected ? "ready" : "migrating", database: true, migrations: { applied: row.applied, expected } };
}

export type DataDirState = { writable: true } | { writable: false; reason: string };

/** A probe that has not finished by then counts as a failure (a hung disk must not hang readiness). */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether the embedded database's directory can take writes: free space by
 * statfs (the room the engine needs to reopen, as the full-disk handling in
 * resilient-pglite.ts reads it), then a small file written, fsynced and removed,
 * which also catches a read-only or broken filesystem. Asynchronous throughout,
 * so that it never blocks the process.
 */
async function checkDataDirWritable(dir: string, minFreeBytes = MIN_FREE_BYTES, timeoutMs = PROBE_TIMEOUT_MS): Promise<DataDirState> {
  const free = freeBytes(dir);
  if (free < minFreeBytes) return { writable: false, reason: `disk_full: ${free} bytes free, ${minFreeBytes} needed` };
  const probe = path.join(dir, `.ready-probe-${process.pid}-${randomUUID()}`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the write probe took longer than ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  const write = (async () => {
    const handle = await fs.promises.open(probe, "wx");
    try {
      await handle.writeFile("ready\n");
      await handle.sync();
    } finally {
      await handle.close();
    }
  })();
  try {
    await Promise.race([write, timeout]);
    return { writable: true };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return { writable: false, reason: code ? `${code}: ${message}` : message };
  } finally {
    clearTimeout(timer);
    // Also after a timeout: once the write finishes, its file goes.
    void write.catch(() => undefined).finally(() => fs.promises.rm(probe, { force: true }).catch(() => undefined));
  }
}

export interface ReadinessAnswer {
  status: 200 | 503;
  body: Record<string, unknown>;
}

/**
 * GET /api/ready: 200 when the database can serve, answers, has every migration
 * applied, and (embedded) its data directory takes writes; otherwise 503 with
 * what is wrong. `dataDir` defaults to the embedded database's directory
 * (none for a server, or in memory).
 */
export async function answerReadiness(database: Database, dataDir: string | undefined = database.dataDir): Promise<ReadinessAnswer> {
  const health = healthOf(database);
  if (health.status !== 200) return { status: 503, body: { ...health.body, database: false } };
  if (dataDir) {
    const state = await checkDataDirWritable(dataDir);
    if (!state.writable) return { status: 503, body: { status: "unavailable", database: true, data_dir: state } };
  }
  try {
    const readiness = await checkReadiness(database.db);
    return { status: readiness.status === "ready" ? 200 : 503, body: { ...readiness } };
  } catch (error) {
    const reason = databaseOutageOf(error);
    if (!reason) throw error;
    return { status: 503, body: { status: "unavailable", database: false, reason } };
  }
}
