import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { MIGRATIONS_FOLDER, openDatabase, queryRows, type OpenOptions } from "@/lib/db/client";
import { acquireDataDirLock } from "@/lib/db/data-dir-lock.mjs";
import { applyMigrations } from "@/lib/db/migrate";
import { createScratchDatabase, testDriver, testServer } from "@/lib/db/testing/database";

/**
 * `npm run db:migrate` (scripts/db-migrate.ts through scripts/run.mjs), as an operator runs it before a rolling restart:
 * the pending migrations of drizzle/, and only those, on the embedded database in DATA_DIR or on a PostgreSQL server —
 * there on DATABASE_DIRECT_URL (DATABASE_URL here goes nowhere: only the direct address may be used).
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "db-migrate-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

const journalTags = (folder = MIGRATIONS_FOLDER) =>
  (JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);

/** drizzle/ as a release that ended at `lastTag` shipped it. */
function releaseFolder(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(work, "release-"));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** An empty database: a DATA_DIR, or a scratch database on the test server; the variables that point db:migrate at it. */
async function emptyDatabase(): Promise<{ open: OpenOptions; env: Record<string, string>; where: string }> {
  const server = testServer();
  if (!server) {
    const dataDir = path.join(work, "data");
    return { open: { dataDir }, env: { DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_DIRECT_URL: "" }, where: `the embedded database in ${dataDir}` };
  }
  const scratch = await createScratchDatabase(server.url, "db_migrate", server.directUrl);
  cleanups.push(() => scratch.drop());
  const direct = new URL(scratch.directUrl);
  return {
    open: { url: scratch.directUrl },
    // Queries would go to a port where nothing listens: migrations must take the direct address.
    env: { DATABASE_URL: `postgres://nobody:nothing@127.0.0.1:1/${scratch.name}`, DATABASE_DIRECT_URL: scratch.directUrl },
    where: `the PostgreSQL server at ${direct.hostname}:${direct.port || 5432}/${scratch.name} (DATABASE_DIRECT_URL)`,
  };
}

const migrate = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["scripts/run.mjs", "db-migrate"], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 120_000 });

async function recordedCount(open: OpenOptions): Promise<number> {
  const database = await openDatabase({ ...open, migrate: false, poolSize: 1 });
  try {
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    return row.n;
  } finally {
    await database.close();
  }
}

test(`db:migrate applies only what is pending, once, and says where (${testDriver()})`, async () => {
  const { open, env, where } = await emptyDatabase();
  // The database of a release that ended at 0017.
  const earlier = await openDatabase({ ...open, migrate: false, poolSize: 1 });
  try {
    expect(await applyMigrations(earlier.db, releaseFolder("0017_contact_search_name"))).toHaveLength(18);
  } finally {
    await earlier.close();
  }

  const first = migrate(env);
  expect(first.stderr).toBe(`db:migrate: on ${where}\n`);
  expect(first.status).toBe(0);
  const answer = JSON.parse(first.stdout) as { applied: string[]; ms: number };
  expect(answer.applied).toEqual(journalTags().slice(18));
  expect(answer.applied[0]).toBe("0018_adjustment_batches_confirmed_session");
  expect(answer.ms).toBeGreaterThanOrEqual(0);
  expect(await recordedCount(open)).toBe(journalTags().length);

  const second = migrate(env);
  expect(second.status).toBe(0);
  expect(JSON.parse(second.stdout).applied).toEqual([]);
}, 240_000);

test.runIf(testDriver() === "pglite")(
  "db:migrate on a DATA_DIR another process holds writes nothing and says who holds it",
  async () => {
    const dataDir = path.join(work, "held");
    const claim = await acquireDataDirLock(dataDir);
    try {
      const refused = migrate({ DATA_DIR: dataDir, DATABASE_URL: "", DATABASE_DIRECT_URL: "" });
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toMatch(
        new RegExp(`^db:migrate: on the embedded database in ${dataDir}\ndb:migrate: The data directory ${dataDir} is in use by process ${process.pid}\\b`),
      );
      expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
    } finally {
      await claim.release();
    }
  },
  120_000,
);
