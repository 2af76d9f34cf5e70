import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, openDatabase, queryRows, type Database, type Db } from "./client";
import { applyMigrations } from "./migrate";
import { createScratchDatabase, testDriver, testServer } from "./testing/database";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database, not migrated: PGlite in memory, or a scratch database on the test server. */
async function emptyDatabase(): Promise<Database> {
  const server = testServer();
  if (!server) {
    const database = await openDatabase({ migrate: false });
    cleanups.push(() => database.close());
    return database;
  }
  const scratch = await createScratchDatabase(server.url, "migrate", server.directUrl);
  const database = await openDatabase({ url: scratch.url, migrate: false, poolSize: 2 });
  cleanups.push(async () => {
    await database.close();
    await scratch.drop();
  });
  return database;
}

/** drizzle/ as a release that ended at `lastTag` shipped it: the same files, its journal cut there. */
function releaseFolder(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(end, lastTag).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const tableExists = async (db: Db, name: string) => (await queryRows<{ found: boolean }>(db, sql`SELECT to_regclass(${name}) IS NOT NULL AS found`))[0].found;
const journalTags = () =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries.map((e) => e.tag);

test(`a database last migrated at 0012 gets every later migration, though 0012's "when" is the later one (${testDriver()})`, async () => {
  const { db } = await emptyDatabase();
  const release = releaseFolder("0012_adjustment_batches");
  expect(await applyMigrations(db, release)).toHaveLength(13);
  expect(await tableExists(db, "dashboard.sessions")).toBe(false);

  // What drizzle's own migrator did with this database, given the release of 0017: not 0013, as its "when" is earlier
  // than 0012's. (Later migrations need 0013–0015's tables: that release is where the gap was met.)
  const { migrate } = await import(testDriver() === "pg" ? "drizzle-orm/node-postgres/migrator" : "drizzle-orm/pglite/migrator");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  await migrate(db as any, { migrationsFolder: releaseFolder("0017_contact_search_name") });
  expect(await tableExists(db, "dashboard.sessions")).toBe(false);

  // (It did apply 0016, whose "when" is later.) Ours applies exactly the three it left out, then what came after 0017.
  const after0017 = journalTags().slice(journalTags().indexOf("0017_contact_search_name") + 1);
  expect(await applyMigrations(db, MIGRATIONS_FOLDER)).toEqual(["0013_sessions", "0014_security_events", "0015_account_links_two_factor", ...after0017]);
  for (const table of ["dashboard.sessions", "dashboard.security_events", "dashboard.one_time_links", "platform.contact_search_gram_counts"]) {
    expect(await tableExists(db, table), table).toBe(true);
  }
  const recorded = await queryRows<{ n: string }>(db, sql`SELECT count(DISTINCT created_at)::text AS n FROM drizzle.__drizzle_migrations`);
  expect(Number(recorded[0].n)).toBe(journalTags().length);
  // Once applied, nothing runs again.
  expect(await applyMigrations(db, MIGRATIONS_FOLDER)).toEqual([]);
});

test(`a fresh database gets every migration once, in the journal's order (${testDriver()})`, async () => {
  const { db } = await emptyDatabase();
  expect(await applyMigrations(db, MIGRATIONS_FOLDER)).toEqual(journalTags());
  expect(await applyMigrations(db, MIGRATIONS_FOLDER)).toEqual([]);
});
