import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { openDatabase, queryRows, type Database, type Db } from "./client";
import { dataDirOwner, OWNER_FILE } from "./data-dir-owner";

/**
 * Backups of the embedded database, and the check that a restored copy holds.
 *
 * A backup runs inside the process that owns the engine (the server, or the
 * backup command itself when no server runs): between two statements, with no
 * transaction open, it writes either
 * - `*.tar.gz` (or any other name): PGlite's own copy of its data directory
 *   (dumpDataDir). It is taken after a CHECKPOINT, and like a snapshot of a
 *   crashed server it holds every committed transaction (the WAL) and no
 *   uncommitted one; `restoreDatabase` loads it into a new DATA_DIR;
 * - `*.sql`: a plain SQL dump made by pg_dump (compiled to WebAssembly,
 *   @electric-sql/pglite-tools) that `psql` loads into a PostgreSQL server:
 *   schemas platform, dashboard and drizzle (the migration record), the
 *   triggers and functions, and the data.
 */
export type BackupFormat = "tarball" | "sql";

export interface BackupResult {
  file: string;
  format: BackupFormat;
  bytes: number;
  ms: number;
}

export function backupFormatOf(file: string): BackupFormat {
  return file.toLowerCase().endsWith(".sql") ? "sql" : "tarball";
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** Writes a consistent copy of an embedded database to file (see above); must run in the process that has it open. */
export async function backupDatabase(database: Database, file: string): Promise<BackupResult> {
  if (database.driver !== "pglite" || !database.withEngine) {
    throw new BackupError("DATABASE_URL points to a PostgreSQL server: back it up with pg_dump.");
  }
  const target = path.resolve(file);
  const format = backupFormatOf(target);
  const started = performance.now();
  const content = await database.withEngine(async (engine) => {
    if (format === "sql") {
      const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
      const dump = await pgDump({ pg: engine, args: ["--no-owner", "--no-privileges"] });
      return Buffer.from(forOlderServers(await dump.text()), "utf8");
    }
    // Data files as of now: recovery from the copy then replays little WAL.
    await engine.exec("CHECKPOINT");
    const tarball = await engine.dumpDataDir("gzip");
    return Buffer.from(await tarball.arrayBuffer());
  });
  // Written beside the target and renamed: a reader never sees half a backup.
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  try {
    fs.writeFileSync(partial, content);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return { file: target, format, bytes: content.byteLength, ms: Math.round(performance.now() - started) };
}

/**
 * pg_dump 18 sets transaction_timeout, which servers before 17 do not know
 * (psql stops there with ON_ERROR_STOP). 0 is the default anyway.
 */
function forOlderServers(dump: string): string {
  return dump.replace(/^SET transaction_timeout = 0;\n/m, "");
}

/** The payload of the `backup` command on the running server's admin channel. */
export const BackupPayloadSchema = z.object({
  /** Absolute path on the server's machine (the server's working directory may not be the caller's). */
  file: z.string().min(1),
});
export type BackupPayload = z.infer<typeof BackupPayloadSchema>;

/** The `backup` command's handler for the server's admin channel: runs in the server, on its open database. */
export function handleBackupCommand(database: Database, payload: BackupPayload): Promise<BackupResult> {
  return backupDatabase(database, BackupPayloadSchema.parse(payload).file);
}

export const backupCommand = { name: "backup", payload: BackupPayloadSchema, handler: handleBackupCommand } as const;

export interface JournalMismatch {
  account_id: string;
  balance: string;
  journal_sum: string;
}

export interface JournalCheck {
  accounts: number;
  journal_entries: number;
  mismatches: JournalMismatch[];
}

/** Every contact account's balance must equal the sum of its journal (deposits in, everything else out). */
export async function checkJournalSums(db: Db): Promise<JournalCheck> {
  const mismatches = await queryRows<JournalMismatch & Record<string, unknown>>(
    db,
    sql`SELECT a.id::text AS account_id, a.amount::text AS balance, COALESCE(j.total, 0)::text AS journal_sum
        FROM platform.contact_accounts a
        LEFT JOIN (SELECT account_id, sum(CASE WHEN kind = 'deposit' THEN amount ELSE -amount END) AS total
                   FROM platform.account_journal GROUP BY account_id) j ON j.account_id = a.id
        WHERE a.amount <> COALESCE(j.total, 0)
        ORDER BY a.id`,
  );
  const [counts] = await queryRows<{ accounts: number; journal_entries: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM platform.contact_accounts)::int AS accounts,
               (SELECT count(*) FROM platform.account_journal)::int AS journal_entries`,
  );
  return { accounts: counts.accounts, journal_entries: counts.journal_entries, mismatches };
}

/** One line for people: what the check found. */
export function describeJournalCheck(check: JournalCheck): string {
  if (check.mismatches.length === 0) {
    return `journal check passed: ${check.accounts} accounts, ${check.journal_entries} journal entries, every balance equals the sum of its journal`;
  }
  const sample = check.mismatches
    .slice(0, 10)
    .map((row) => `account ${row.account_id}: balance ${row.balance}, journal ${row.journal_sum}`)
    .join("; ");
  return `journal check FAILED: ${check.mismatches.length} of ${check.accounts} accounts differ from their journal (${sample})`;
}

export class DataDirHeldError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`refusing to restore: ${dataDir} is in use by a running server (pid ${pid}); stop it first`);
    this.name = "DataDirHeldError";
  }
}

export interface RestoreResult {
  dataDir: string;
  /** Where the directory that was there before now is (kept, never deleted); null when there was none. */
  previous: string | null;
  check: JournalCheck;
  ms: number;
}

/**
 * Loads a tarball backup into dataDir (the directory that was there is moved
 * aside, not deleted), applies migrations newer than the backup, and checks
 * every balance against its journal. Refuses while a server holds dataDir.
 */
export async function restoreDatabase(dataDir: string, file: string): Promise<RestoreResult> {
  const target = path.resolve(dataDir);
  const owner = dataDirOwner(target);
  if (owner) throw new DataDirHeldError(target, owner.pid);
  if (backupFormatOf(file) === "sql") {
    throw new BackupError(`${file} is a SQL dump: load it into a PostgreSQL server with psql (see the README), or restore a .tar.gz backup`);
  }
  const started = performance.now();
  const tarball = new Blob([fs.readFileSync(file)]);
  const previous = fs.existsSync(target) && fs.readdirSync(target).length > 0 ? `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}` : null;
  if (previous) fs.renameSync(target, previous);
  try {
    fs.mkdirSync(target, { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const engine = new PGlite(target, { loadDataDir: tarball });
    await engine.waitReady;
    await engine.close();
    // The backup carries the pid file of the process that took it; the restored directory has no owner yet.
    fs.rmSync(path.join(target, OWNER_FILE), { force: true });
  } catch (error) {
    fs.rmSync(target, { recursive: true, force: true });
    if (previous) fs.renameSync(previous, target);
    throw error;
  }
  const database = await openDatabase({ dataDir: target });
  try {
    const check = await checkJournalSums(database.db);
    return { dataDir: target, previous, check, ms: Math.round(performance.now() - started) };
  } finally {
    await database.close();
  }
}
