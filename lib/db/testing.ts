import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "./client";

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped on close.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const { Client } = await import("pg");
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: options.poolSize ?? 20 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export const testDriver = (): "pg" | "pglite" => (process.env.TEST_DATABASE_URL ? "pg" : "pglite");
