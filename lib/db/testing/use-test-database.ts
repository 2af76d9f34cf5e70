import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database";

/**
 * A test file's database, opened before its tests and closed (dropped, on PostgreSQL) after them:
 * `const database = useTestDatabase();` at the top of the file, then `database.db` in hooks and tests. The
 * returned object reads the open database on each access, so a later `beforeAll` (a tenant's seed) may use it.
 */
export function useTestDatabase(options: { poolSize?: number } = {}): TestDatabase {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await createTestDatabase(options);
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): TestDatabase => {
    if (!opened) throw new Error("useTestDatabase: the database is opened in beforeAll; use it in a hook or a test");
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get driver() {
      return current().driver;
    },
    get url() {
      return current().url;
    },
    get directUrl() {
      return current().directUrl;
    },
    close: () => current().close(),
    withLock: (lockId, fn) => current().withLock(lockId, fn),
    status: () => current().status(),
    get withEngine() {
      return current().withEngine;
    },
    get connections() {
      return current().connections;
    },
  };
}
