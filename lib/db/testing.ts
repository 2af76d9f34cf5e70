import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "./client";

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped on close.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const scratch = await createScratchDatabase(serverUrl, "test");
  const database = await openDatabase({ url: scratch.url, poolSize: options.poolSize ?? 20 });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, closing whatever connections are still open. */
  drop(): Promise<void>;
}

/** A new, empty database on a PostgreSQL server (tests and benchmarks), named `<prefix>_<time>_<random>`. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const { Client } = await import("pg");
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export const testDriver = (): "pg" | "pglite" => (process.env.TEST_DATABASE_URL ? "pg" : "pglite");
