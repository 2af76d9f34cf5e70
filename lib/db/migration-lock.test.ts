import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createScratchDatabase, testServer, type ScratchDatabase } from "./testing/database";
import { MIGRATIONS_FOLDER, openDatabase, queryRows, type Database } from "./client";

/**
 * Migrations and their lock on a PostgreSQL server, also through a transaction pooler (`npm run test:pgbouncer`
 * runs this file with TEST_DATABASE_URL on PgBouncer in pool_mode = transaction): the lock must be held and
 * released on one server session, or the next instance to start waits for it forever.
 */
const server = testServer();
const MIGRATIONS = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
const UNREACHABLE_URL = "postgres://postgres:postgres@127.0.0.1:1/unreachable";

/** Settles with fn's value, or fails after ms (a lock that is never released must not hang the run). */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
}

describe.runIf(server)("migrations on a PostgreSQL server", () => {
  const scratches: ScratchDatabase[] = [];
  const opened: Database[] = [];
  const scratch = async () => {
    const made = await createScratchDatabase(server!.url, "migrate", server!.directUrl);
    scratches.push(made);
    return made;
  };
  const open = async (url: string, directUrl?: string) => {
    const database = await openDatabase({ url, directUrl, poolSize: 3 });
    opened.push(database);
    return database;
  };
  /** Advisory locks still held on the scratch database, by anyone. */
  const advisoryLocks = async (database: Database, name: string) =>
    (
      await queryRows<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = ${name})`,
      )
    )[0].count;

  let checker: Database;
  beforeAll(async () => {
    const own = await scratch();
    checker = await openDatabase({ url: own.directUrl, poolSize: 1, migrate: false });
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await checker?.close();
    for (const made of scratches) await made.drop();
  });

  test("migrations: four instances starting at once through the pooled address alone apply each migration once and leave no lock held", async () => {
    const target = await scratch();
    const instances = await within(60_000, "four openers", Promise.all(Array.from({ length: 4 }, () => open(target.url))));
    const [{ count }] = await queryRows<{ count: number }>(instances[0].db, sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`);
    expect(count).toBe(MIGRATIONS);
    expect(await advisoryLocks(checker, target.name)).toBe(0);
    // A fifth instance later still gets the lock at once.
    await within(15_000, "a later opener", open(target.url));
  });

  test("migrations: the lock excludes a second holder until the first is done, and is free at once after", async () => {
    const target = await scratch();
    const [first, second] = await Promise.all([open(target.url), open(target.url)]);
    const events: string[] = [];
    let finishFirst!: () => void;
    const firstDone = new Promise<void>((resolve) => (finishFirst = resolve));
    let firstEntered!: () => void;
    const firstIn = new Promise<void>((resolve) => (firstEntered = resolve));
    const held = first.withLock(4_242, async () => {
      events.push("first in");
      firstEntered();
      await firstDone;
      events.push("first out");
    });
    await firstIn;
    const waiting = second.withLock(4_242, async () => {
      events.push("second in");
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events).toEqual(["first in"]);
    expect(await advisoryLocks(checker, target.name)).toBeGreaterThan(0);
    finishFirst();
    await held;
    await within(10_000, "the second holder", waiting);
    expect(events).toEqual(["first in", "first out", "second in"]);
    expect(await advisoryLocks(checker, target.name)).toBe(0);
  });

  test("migrations: a failure inside the lock releases it", async () => {
    const target = await scratch();
    const database = await open(target.url);
    await expect(database.withLock(4_243, () => Promise.reject(new Error("failed inside")))).rejects.toThrow("failed inside");
    expect(await advisoryLocks(checker, target.name)).toBe(0);
    await within(
      10_000,
      "the lock after a failure",
      database.withLock(4_243, async () => "free"),
    );
  });

  test("migrations: with a direct address (DATABASE_DIRECT_URL), they and their lock use it and not the pooled one", async () => {
    const target = await scratch();
    // The pooled address answers nothing: opening succeeds only if the migrations went to the direct one.
    const database = await openDatabase({ url: UNREACHABLE_URL, directUrl: target.directUrl, poolSize: 1 });
    await database.close();
    const direct = await open(target.directUrl);
    const [{ count }] = await queryRows<{ count: number }>(direct.db, sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`);
    expect(count).toBe(MIGRATIONS);
  });
});

test.runIf(!server)("migrations on a PostgreSQL server: skipped, TEST_DATABASE_URL is not set", () => {
  console.log("skipped: the migration lock tests need TEST_DATABASE_URL");
});
