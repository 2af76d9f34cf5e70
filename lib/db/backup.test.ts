import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedAccount, seedAccountWorld } from "@/lib/platform/testing/accounts";
import { callApi, type Tenant } from "@/lib/platform/testing/tenants";
import { backupDatabase, type BackupResult, checkJournalSums, describeJournalCheck, restoreDatabase } from "./backup";
import { openDatabase, queryRows, type Database } from "./client";
import { DataDirLockedError, ensureDataDir } from "./data-dir-lock.mjs";
import { createScratchDatabase, testServer } from "./testing/database";

/**
 * Backups of the embedded database: a copy taken while top-ups run restores to
 * a database whose balances all equal their journals; neither the copy nor the
 * restored directory carries the owner's files; restore refuses while the
 * directory is held; the SQL dump loads into a real PostgreSQL server.
 * (scripts/backup.test.ts: the same through a running server's command channel.)
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
const dataDir = path.join(root, "data");
let database: Database;
let tenant: Tenant;
let accounts: number[];
/** Descriptions of top-ups the API acknowledged (2xx) before the backup began, and of all of them. */
const ackedBeforeBackup = new Set<string>();
const acked = new Set<string>();
let tarball: string;
let sqlDump: string;

beforeAll(async () => {
  database = await openDatabase({ dataDir });
  const world = await seedAccountWorld(database.db, { currency: "USD", amount: 500 });
  tenant = world.tenant;
  accounts = [world.accountId, await seedAccount(database.db, world.contactId, { currency: "EUR", amount: 0 })];
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function topUp(accountId: number, description: string, kind: "add" | "withdraw" = "add"): Promise<number> {
  const method = kind === "add" ? "addFundsToContactAccount" : "withdrawFundsFromContactAccount";
  const answer = await callApi(database.db, method, { key: tenant.key, params: { account_id: accountId, amount: 3, description } });
  return answer.status;
}

test("backup: a copy taken while top-ups and debits run restores with every balance equal to its journal", async () => {
  let backupDone = false;
  let backup: Promise<BackupResult> | null = null;
  tarball = path.join(root, "during-writes.tar.gz");
  // Started from the writers' own loop (timers would wait: the writes keep the event loop busy), once some writes are in.
  const startBackupOnce = () => {
    if (backup || acked.size < 30) return;
    for (const description of acked) ackedBeforeBackup.add(description);
    backup = backupDatabase(database, tarball).finally(() => (backupDone = true));
  };
  // Four writers against two accounts, through the API's gateway; they keep writing until the backup is done and a little after.
  const writer = async (index: number) => {
    for (let i = 0, after = 0; i < 2000 && after < 5; i += 1) {
      if (backupDone) after += 1;
      const description = `w${index}-${i}`;
      const status = await topUp(accounts[(index + i) % accounts.length], description, i % 5 === 4 ? "withdraw" : "add");
      if (status === 200) acked.add(description);
      startBackupOnce();
    }
  };
  await Promise.all([0, 1, 2, 3].map(writer));
  const result = await backup!;
  expect(result).toMatchObject({ format: "tarball", file: tarball });
  expect(fs.statSync(tarball).size).toBe(result.bytes);
  console.log(`backup during writes: ${result.bytes} bytes in ${result.ms} ms`);
  expect(acked.size).toBeGreaterThan(ackedBeforeBackup.size);

  // The lock's owner record and the command channel's token stay with the directory they belong to.
  const listed = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" });
  expect(listed.status).toBe(0);
  const names = listed.stdout.split("\n").map((name) => name.replace(/^\//, ""));
  expect(names).toContain("PG_VERSION");
  expect(names.filter((name) => name.startsWith("owner."))).toEqual([]);

  const restoredDir = path.join(root, "restored");
  const restored = await restoreDatabase(restoredDir, tarball);
  console.log(describeJournalCheck(restored.check));
  expect(restored.check.mismatches).toEqual([]);
  expect(restored.previous).toBeNull();
  // Released after the check: the restored directory has no owner until someone opens it.
  expect(fs.readdirSync(restoredDir).filter((name) => name.startsWith("owner."))).toEqual([]);

  // Every write acknowledged before the backup began is in the copy; nothing that was never acknowledged is.
  const copy = await openDatabase({ dataDir: restoredDir });
  try {
    const rows = await queryRows<{ description: string }>(
      copy.db,
      sql`SELECT description FROM platform.account_journal WHERE account_id IN (${accounts[0]}, ${accounts[1]}) AND title <> 'Operator adjustment'`,
    );
    const inCopy = new Set(rows.map((row) => row.description));
    expect([...ackedBeforeBackup].filter((description) => !inCopy.has(description))).toEqual([]);
    expect([...inCopy].filter((description) => !acked.has(description))).toEqual([]);
  } finally {
    await copy.close();
  }
});

test("restore: refuses while the directory is open, here or in another process, in one line, and leaves it as it was", async () => {
  const realDir = fs.realpathSync(dataDir);
  const before = fs.readdirSync(dataDir).sort();
  // This process has dataDir open, exactly as a running server would.
  const error = await restoreDatabase(dataDir, tarball).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataDirLockedError);
  expect((error as Error).message).toMatch(
    new RegExp(`^The data directory ${realDir} is in use by process ${process.pid} \\(.*this process has the database open already\\)`),
  );
  const cli = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/restore.ts", tarball], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(cli.status).toBe(1);
  expect(cli.stdout).toBe("");
  expect(cli.stderr).toMatch(
    new RegExp(
      `^restore: The data directory ${realDir} is in use by process ${process.pid} \\([^\\n]*; nothing was written\\. Wait for it to finish or stop it, or use another DATA_DIR\\.\\n$`,
    ),
  );
  expect(fs.readdirSync(root).filter((name) => name.startsWith("data.before-restore"))).toEqual([]);
  expect(fs.readdirSync(dataDir).sort()).toEqual(before);
  expect((await checkJournalSums(database.db)).mismatches).toEqual([]);
});

test("restore: the command restores over an existing directory, keeps the old one aside and prints the check", async () => {
  const target = path.join(root, "cli-target");
  fs.mkdirSync(target);
  fs.writeFileSync(path.join(target, "stale"), "from before");
  const cli = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/restore.ts", tarball], {
    env: { ...process.env, DATA_DIR: target, DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(cli.stderr).toBe("");
  expect(cli.status).toBe(0);
  expect(cli.stdout).toMatch(/journal check passed: 2 accounts, \d+ journal entries, every balance equals the sum of its journal/);
  const aside = fs.readdirSync(root).filter((name) => name.startsWith("cli-target.before-restore-"));
  expect(aside).toHaveLength(1);
  expect(fs.readFileSync(path.join(root, aside[0], "stale"), "utf8")).toBe("from before");

  // A balance that no longer matches its journal: the check says so and fails.
  const tampered = await openDatabase({ dataDir: target, migrate: false });
  await tampered.db.execute(sql`UPDATE platform.contact_accounts SET amount = amount + 1 WHERE id = ${accounts[1]}`);
  await tampered.close();
  const check = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/check-journal.ts"], {
    env: { ...process.env, DATA_DIR: target, DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(check.status).toBe(1);
  expect(check.stdout).toMatch(
    new RegExp(`^journal check FAILED: 1 of 2 accounts differ from their journal \\(account ${accounts[1]}: balance \\d+, journal \\d+\\)`),
  );
});

test("backup: a SQL dump leaves the engine as it found it: no transaction open, the session's settings, writes go on", async () => {
  const settings = () =>
    queryRows<{ read_only: string; row_security: string; extra_float_digits: string; search_path: string }>(
      database.db,
      sql`SELECT current_setting('transaction_read_only') AS read_only, current_setting('row_security') AS row_security,
                 current_setting('extra_float_digits') AS extra_float_digits, current_setting('search_path') AS search_path`,
    );
  const before = await settings();
  const result = await backupDatabase(database, path.join(root, "session.sql"));
  expect(result.format).toBe("sql");
  expect(fs.readFileSync(result.file, "utf8")).toContain("CREATE TABLE platform.contact_accounts");
  expect(await settings()).toEqual(before);
  // On a key of its own: the writers of the first test may have spent this minute's rate limit of theirs.
  const fresh = await seedAccountWorld(database.db, { currency: "USD", amount: 10 });
  const { status } = await callApi(database.db, "addFundsToContactAccount", {
    key: fresh.tenant.key,
    params: { account_id: fresh.accountId, amount: 3, description: "after a SQL dump" },
  });
  expect(status).toBe(200);
});

function findPsql(): string | null {
  const candidates = fs.existsSync("/usr/lib/postgresql")
    ? fs
        .readdirSync("/usr/lib/postgresql")
        .sort()
        .reverse()
        .map((version) => `/usr/lib/postgresql/${version}/bin/psql`)
    : [];
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

const server = testServer();
describe.skipIf(!server)("the way to a PostgreSQL server", () => {
  test("backup to .sql: psql loads it into a fresh database, migrations are recorded and every balance equals its journal", async () => {
    sqlDump = path.join(root, "dump.sql");
    const result = await backupDatabase(database, sqlDump);
    console.log(`SQL dump: ${result.bytes} bytes in ${result.ms} ms`);
    const psql = findPsql();
    expect(psql, "psql is not installed").not.toBeNull();
    const scratch = await createScratchDatabase(server!.url, "restore", server!.directUrl);
    try {
      // On the server itself: a dump's SET and set_config(…, false) hold for the statements after them, which a
      // transaction pooler may send to another server connection.
      const load = spawnSync(psql!, ["-v", "ON_ERROR_STOP=1", "-q", "-d", scratch.directUrl, "-f", sqlDump], { encoding: "utf8" });
      expect(load.stderr).toBe("");
      expect(load.status).toBe(0);
      // Opening it as the server would: the migrations are recorded, so none runs again.
      const server = await openDatabase({ url: scratch.url, poolSize: 2 });
      try {
        const check = await checkJournalSums(server.db);
        expect(check.mismatches).toEqual([]);
        const balances = (db: Database) =>
          queryRows<{ id: string; amount: string }>(db.db, sql`SELECT id::text, amount::text FROM platform.contact_accounts ORDER BY id`);
        expect(await balances(server)).toEqual(await balances(database));
        const [triggers] = await queryRows<{ count: number }>(
          server.db,
          sql`SELECT count(*)::int AS count FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE NOT t.tgisinternal AND n.nspname IN ('platform', 'dashboard')`,
        );
        expect(triggers.count).toBeGreaterThanOrEqual(5);
      } finally {
        await server.close();
      }
    } finally {
      await scratch.drop();
    }
  });
});

test.runIf(!server)("the way to a PostgreSQL server: skipped, TEST_DATABASE_URL is not set (bash scripts/ensure-postgres.sh prints one)", () => {
  console.log("skipped: the PostgreSQL restore test needs TEST_DATABASE_URL");
});

test("backup: the file is 0600 under umask 022; a file or symlink at the old predictable temporary name is neither followed nor overwritten", async () => {
  const target = path.join(root, "private.tar.gz");
  const victim = path.join(root, "victim.txt");
  fs.writeFileSync(victim, "untouched");
  fs.symlinkSync(victim, `${target}.partial-${process.pid}`);
  const sqlTarget = path.join(root, "private.sql");
  fs.writeFileSync(`${sqlTarget}.partial-${process.pid}`, "planted");
  const previous = process.umask(0o022);
  try {
    await backupDatabase(database, target);
    await backupDatabase(database, sqlTarget);
  } finally {
    process.umask(previous);
  }
  expect(fs.statSync(target).mode & 0o777).toBe(0o600);
  expect(fs.statSync(sqlTarget).mode & 0o777).toBe(0o600);
  expect(fs.readFileSync(victim, "utf8")).toBe("untouched");
  expect(fs.lstatSync(`${target}.partial-${process.pid}`).isSymbolicLink()).toBe(true);
  expect(fs.readFileSync(`${sqlTarget}.partial-${process.pid}`, "utf8")).toBe("planted");
  expect(fs.readdirSync(root).filter((name) => name.endsWith(".partial"))).toEqual([]);
});

test("data directory: a fresh one is created 0700 under umask 022, its parents too; an existing one keeps its mode", () => {
  const previous = process.umask(0o022);
  try {
    const fresh = path.join(root, "fresh-data", "dir");
    ensureDataDir(fresh);
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(fresh)).mode & 0o777).toBe(0o700);
    const existing = path.join(root, "existing-data");
    fs.mkdirSync(existing, { mode: 0o755 });
    ensureDataDir(existing);
    expect(fs.statSync(existing).mode & 0o777).toBe(0o755);
  } finally {
    process.umask(previous);
  }
});
