import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase, queryRows, type Database, type Db } from "./client";
import { isOwnerFile, withoutOwnerFiles } from "./data-dir-archive";
import { acquireDataDirLock, TOKEN_FILE } from "./data-dir-lock.mjs";
import { pgliteExtensions } from "./pglite-extensions";

/**
 * Backups of the embedded database, and the check that a restored copy holds.
 *
 * A backup runs inside the process that owns the engine (the server, or the
 * backup command itself when no server runs): between two statements, with no
 * transaction open, it writes either
 * - "tarball" (`*.tar.gz`, or any other name): PGlite's own copy of its data
 *   directory (dumpDataDir). It is taken after a CHECKPOINT, and like a
 *   snapshot of a crashed server it holds every committed transaction (the WAL)
 *   and no uncommitted one; `restoreDatabase` loads it into a new DATA_DIR. The
 *   owner's files (lock record, command token) are left out;
 * - "sql" (`*.sql`): a plain SQL dump made by pg_dump (compiled to WebAssembly,
 *   @electric-sql/pglite-tools) that `psql` loads into a PostgreSQL server:
 *   schemas platform, dashboard and drizzle (the migration record), the
 *   triggers and functions, and the data.
 */
export const BACKUP_FORMATS = ["tarball", "sql"] as const;
export type BackupFormat = (typeof BACKUP_FORMATS)[number];

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

/**
 * Writes a consistent copy of an embedded database to file (see above); must run in
 * the process that has it open. The format defaults to the one the name implies.
 */
export async function backupDatabase(database: Database, file: string, format: BackupFormat = backupFormatOf(file)): Promise<BackupResult> {
  if (database.driver !== "pglite" || !database.withEngine) {
    throw new BackupError("DATABASE_URL points to a PostgreSQL server: back it up with pg_dump.");
  }
  const target = path.resolve(file);
  const started = performance.now();
  const content = await database.withEngine(async (engine) => {
    if (format === "sql") {
      const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
      let dump: File;
      try {
        dump = await pgDump({ pg: engine, args: ["--no-owner", "--no-privileges"] });
      } finally {
        await endDumpSession(engine);
      }
      return Buffer.from(forOlderServers(await dump.text()), "utf8");
    }
    // Data files as of now: recovery from the copy then replays little WAL.
    await engine.exec("CHECKPOINT");
    const tarball = await engine.dumpDataDir("gzip");
    return Buffer.from(await tarball.arrayBuffer());
  });
  // Compressing again happens after the engine is free: statements wait only for the copy itself.
  const written = format === "tarball" ? withoutOwnerFiles(content) : content;
  await writeBackupFile(target, written);
  return { file: target, format, bytes: written.byteLength, ms: Math.round(performance.now() - started) };
}

/**
 * A backup holds every password hash and key of the database: readable by its owner alone (0600, whatever the umask).
 * Written to a temporary file beside the target and renamed, so that a reader never sees half a backup; the temporary
 * file has a random name and is created, never opened if it exists ('wx': O_CREAT|O_EXCL, which follows no symlink), so
 * that nobody who can write the directory can make us write through a file or link they put there first.
 */
async function writeBackupFile(target: string, content: Buffer): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(12).toString("hex")}.partial`);
  const handle = await fs.promises.open(partial, "wx", 0o600);
  try {
    try {
      await handle.chmod(0o600);
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * pg_dump runs in the engine's one session, and like any client it leaves that
 * session as a server would drop it at disconnect: inside its read-only
 * REPEATABLE READ transaction (every later write would fail "cannot execute
 * INSERT in a read-only transaction"), with its own settings (row_security off,
 * extra_float_digits 3, …). Here nobody disconnects: end both.
 */
async function endDumpSession(engine: PGlite): Promise<void> {
  if (engine.isInTransaction()) await engine.exec("ROLLBACK");
  await engine.exec("RESET ALL");
}

/**
 * pg_dump 18 sets transaction_timeout, which servers before 17 do not know
 * (psql stops there with ON_ERROR_STOP). 0 is the default anyway.
 */
function forOlderServers(dump: string): string {
  return dump.replace(/^SET transaction_timeout = 0;\n/m, "");
}

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

export interface RestoreResult {
  dataDir: string;
  /** Where the directory that was there before now is (kept, never deleted); null when there was none. */
  previous: string | null;
  check: JournalCheck;
  ms: number;
}

/**
 * Loads a tarball backup into dataDir, under the directory's lock for the whole
 * time (refused with DataDirLockedError, before anything is touched, while
 * another process holds it or this one has it open). What was there is moved
 * aside into a sibling directory, not deleted; migrations newer than the backup
 * are applied, and every balance is checked against its journal.
 */
export async function restoreDatabase(dataDir: string, file: string): Promise<RestoreResult> {
  if (backupFormatOf(file) === "sql") {
    throw new BackupError(`${file} is a SQL dump: load it into a PostgreSQL server with psql (see the README), or restore a .tar.gz backup`);
  }
  const started = performance.now();
  const tarball = withoutOwnerFiles(fs.readFileSync(file));
  // The database's own claim: refused while anyone, this process included, has the directory open.
  const exclusive = await acquireDataDirLock(dataDir, { forDatabase: true });
  // A second claim keeps the lock through the check below, which opens the database itself.
  const hold = await acquireDataDirLock(dataDir);
  const target = hold.lock.dataDir;
  try {
    const previous = moveAside(target);
    try {
      const { PGlite } = await import("@electric-sql/pglite");
      const blob = new Blob([new Uint8Array(tarball)], { type: "application/x-gzip" });
      const engine = new PGlite(target, { loadDataDir: blob, extensions: await pgliteExtensions() });
      await engine.waitReady;
      await engine.close();
    } catch (error) {
      for (const name of fs.readdirSync(target)) if (!isOwnerFile(name)) fs.rmSync(path.join(target, name), { recursive: true, force: true });
      if (previous) moveBack(previous, target);
      throw error;
    } finally {
      await exclusive.release();
    }
    const database = await openDatabase({ dataDir: target });
    try {
      const check = await checkJournalSums(database.db);
      return { dataDir: target, previous, check, ms: Math.round(performance.now() - started) };
    } finally {
      await database.close();
    }
  } finally {
    await exclusive.release();
    await hold.release();
  }
}

/**
 * Moves everything in dir into a new sibling directory but the lock's own files
 * (its record is ours now; an earlier server's command token goes aside with the
 * database); null when there was nothing. The directory itself stays where it
 * is: the lock names it.
 */
function moveAside(dir: string): string | null {
  const names = fs.readdirSync(dir).filter((name) => !isOwnerFile(name) || name === TOKEN_FILE);
  if (names.length === 0) return null;
  const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  fs.mkdirSync(aside);
  for (const name of names) fs.renameSync(path.join(dir, name), path.join(aside, name));
  return aside;
}

function moveBack(aside: string, dir: string): void {
  for (const name of fs.readdirSync(aside)) fs.renameSync(path.join(aside, name), path.join(dir, name));
  fs.rmdirSync(aside);
}
