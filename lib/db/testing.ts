import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "./client";

/**
 * The PostgreSQL server the tests use, if any: TEST_DATABASE_URL is where queries go (the server, or a
 * connection pooler in front of it: `npm run test:pgbouncer`), TEST_DATABASE_DIRECT_URL the server itself
 * (unset: the same), for what must hold one session — creating and dropping databases, migrations, loading a dump.
 */
export function testServer(): { url: string; directUrl: string } | null {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  return { url, directUrl: process.env.TEST_DATABASE_DIRECT_URL || url };
}

/** `url`: the way queries go (through the pooler, if there is one); `directUrl`: the server itself. Both unset on PGlite. */
export type TestDatabase = Database & { url?: string; directUrl?: string };

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped on close.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const server = testServer();
  if (!server) return openDatabase({});
  const scratch = await createScratchDatabase(server.url, "test", server.directUrl);
  const database = await openDatabase({ url: scratch.url, directUrl: scratch.directUrl, poolSize: options.poolSize ?? 20 });
  return {
    ...database,
    url: scratch.url,
    directUrl: scratch.directUrl,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The variables that point a server a test starts (`npm start`) at this database, as a deployment behind a pooler sets them. */
export function serverDatabaseEnv(database: TestDatabase): { DATABASE_URL: string; DATABASE_DIRECT_URL: string } {
  return { DATABASE_URL: database.url ?? "", DATABASE_DIRECT_URL: database.directUrl ?? "" };
}

export interface ScratchDatabase {
  name: string;
  /** Through `serverUrl` (a pooler's `* =` entry passes any database name on to the server). */
  url: string;
  /** On the server itself. */
  directUrl: string;
  /** Drops it, closing whatever connections are still open. */
  drop(): Promise<void>;
}

/**
 * A new, empty database on a PostgreSQL server (tests and benchmarks), named `<prefix>_<time>_<random>`;
 * created and dropped on `directUrl` (default: `serverUrl`).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, directUrl = serverUrl): Promise<ScratchDatabase> {
  const { Client } = await import("pg");
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: directUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const named = (address: string) => {
    const url = new URL(address);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    name,
    url: named(serverUrl),
    directUrl: named(directUrl),
    async drop() {
      // WITH (FORCE) also ends a pooler's idle server connections to it.
      const cleanup = new Client({ connectionString: directUrl });
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
