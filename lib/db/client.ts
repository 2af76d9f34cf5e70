import { createHash } from "node:crypto";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import * as schema from "./schema";
import type { DatabaseStatus } from "./resilient-pglite";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.mjs";
import { config } from "@/lib/core/config.mjs";
import { log } from "@/lib/core/log.mjs";
import { gauge } from "@/lib/core/metrics.mjs";
import { processBridge } from "@/lib/core/process-bridge.mjs";

/**
 * The one database type every query is written against: PGlite (embedded, the
 * default) and node-postgres (a real server) differ only in the driver.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Driver = "pg" | "pglite";

export interface Database {
  db: Db;
  driver: Driver;
  close(): Promise<void>;
  /**
   * Runs fn while holding an advisory lock that every instance on the same database shares (a no-op lock on
   * PGlite, which has one connection); safe through a transaction pooler.
   */
  withLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  /** Whether the database can serve (the embedded engine tracks full disks and failures; a server's pool is always "ok" here). */
  status(): DatabaseStatus;
  /** PGlite only: runs fn with the engine itself while no statement or transaction runs (backups, dumps). */
  withEngine?<T>(fn: (engine: PGlite) => Promise<T>): Promise<T>;
  /** PGlite only: the data directory's real path (undefined in memory). */
  dataDir?: string;
  /** PGlite in a directory: this process's exclusive claim on it (lib/db/data-dir-lock.mjs); its socket carries the command channel. */
  dataDirLock?: DataDirLock;
  /** A server's pool only: its connections in use and idle, and the queries waiting for one (the metrics). */
  connections?(): DatabaseConnections;
}

export interface DatabaseConnections {
  inUse: number;
  idle: number;
  waiting: number;
}

/** The process-wide database's pool (its connections(), once open), by state; nothing on the embedded engine. */
gauge("chatbot_db_pool_connections", "Connections of the database pool of this process, by state (in_use, idle).", ["state"], (metric) => {
  const connections = processBridge().databaseConnections?.();
  if (!connections) return;
  metric.set({ state: "in_use" }, connections.inUse);
  metric.set({ state: "idle" }, connections.idle);
});
gauge("chatbot_db_pool_waiting_queries", "Queries of this process waiting for a connection of the database pool.", [], (metric) => {
  const connections = processBridge().databaseConnections?.();
  if (connections) metric.set(connections.waiting);
});

/** Pools on the server itself (no DATABASE_DIRECT_URL, or the same address), where queryRowsPrepared names its statements. */
const namingPools = new WeakSet<Db>();
/** What db.execute turns SQL into (drizzle's own dialect, no options: this project sets none). */
const dialect = new PgDialect();

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), "drizzle");

/** An arbitrary constant: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 71_402_142;

export interface OpenOptions {
  /** postgres://… — when absent, PGlite is used. */
  url?: string;
  /**
   * The server itself when `url` goes through a connection pooler (DATABASE_DIRECT_URL): migrations and the
   * lock around them use it. Absent: `url`.
   */
  directUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** PGlite in memory only: a data-directory dump to start from (lib/db/testing/database.ts: the migrated template). */
  loadDataDir?: Blob;
  /** Pool size for a real server. */
  poolSize?: number;
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.url ? await openPostgres(options.url, options.poolSize, options.directUrl) : await openPglite(options.dataDir, options.loadDataDir);
  if (options.migrate !== false) {
    try {
      await migrateDatabase(database, options.directUrl);
    } catch (error) {
      // Give the handle (and a data directory's lock) back: a retry opens afresh.
      await database.close().catch(() => undefined);
      throw error;
    }
  }
  return database;
}

/**
 * A pool on `url`, which may be a transaction pooler (PgBouncer with pool_mode = transaction): every query
 * holds no session state between transactions — no session-level SET, advisory lock, LISTEN, temporary table or
 * named prepared statement (node-postgres and drizzle send unnamed ones unless given a name). The one exception,
 * queryRowsPrepared, names statements only when no DATABASE_DIRECT_URL says that `url` is a pooler, and stops
 * when the server's answers say it is one after all.
 */
async function openPostgres(url: string, poolSize: number | undefined, directUrl: string | undefined): Promise<Database> {
  const { Client, Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({
    connectionString: url,
    max: poolSize ?? config().databasePoolSize,
  });
  pool.on("error", (error) => {
    log.error("idle database client error", { area: "database", error });
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Without a DATABASE_DIRECT_URL of its own, `url` is taken to be the server itself: queryRowsPrepared may name statements.
  if (!directUrl || directUrl === url) namingPools.add(db);
  // The lock is taken in a transaction held open on a connection of its own, outside the pool (fn may need
  // every pooled connection). A transaction pooler gives a client one server connection for as long as its
  // transaction is open, so the lock and its release stay on one server session; a session-level
  // pg_advisory_lock would not (the unlock could run on another server connection, leaving the lock held
  // for whoever gets that one next). COMMIT releases it, and so does the server when this process dies.
  const withLock = async <T>(lockId: number, fn: () => Promise<T>): Promise<T> => {
    const client = new Client({ connectionString: directUrl ?? url });
    client.on("error", () => undefined); // a lost connection fails the next query; the lock went with it
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [lockId]);
      const result = await fn();
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // Released before the failure is reported: the server lets a closed connection's lock go only when it notices.
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      // A connection that was lost rolled back with it.
      await client.end().catch(() => undefined);
    }
  };
  const connections = () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, driver: "pg", close: () => pool.end(), withLock, status: () => ({ status: "ok" }), connections };
}

/**
 * PGlite in memory, or in dataDir under the directory's lock: a second opener
 * (another process, or this one twice) gets DataDirLockedError before any
 * database file is touched; close() gives the lock back.
 */
async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const { ResilientPglite } = await import("./resilient-pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const claim = dataDir ? await acquireDataDirLock(dataDir, { forDatabase: true }) : null;
  try {
    // One stable client in front of the engine, which it reopens after a failure (lib/db/resilient-pglite.ts).
    // The lock is this process's, so it stays held across such a reopen. The real path: PGlite
    // cannot reopen a directory through a symlink.
    const client = await ResilientPglite.open(claim?.lock.dataDir, loadDataDir);
    const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
    const close = async () => {
      try {
        await client.close();
      } finally {
        await claim?.release();
      }
    };
    return {
      db,
      driver: "pglite",
      close,
      withLock: (_lockId, fn) => fn(),
      status: () => client.status(),
      withEngine: (fn) => client.withEngine(fn),
      dataDir: claim?.lock.dataDir,
      dataDirLock: claim?.lock,
    };
  } catch (error) {
    await claim?.release();
    throw error;
  }
}

/**
 * Applies drizzle/ migrations; on a real server under an advisory lock so that two instances starting at once
 * are safe, and on `directUrl` when given (the server itself rather than a pooler in front of it). Returns the tags
 * applied (`npm run db:migrate` prints them).
 */
export async function migrateDatabase(database: Database, directUrl: string | undefined): Promise<string[]> {
  const { applyMigrations } = await import("./migrate");
  if (database.driver === "pglite") return applyMigrations(database.db, MIGRATIONS_FOLDER);
  return database.withLock(MIGRATION_LOCK_ID, async () => {
    // Through the pool: single statements and one transaction, which a pooler passes.
    if (!directUrl) return applyMigrations(database.db, MIGRATIONS_FOLDER);
    const { Client } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const client = new Client({ connectionString: directUrl });
    client.on("error", () => undefined); // a lost connection fails the next query
    await client.connect();
    try {
      return await applyMigrations(drizzle(client, { schema }) as unknown as Db, MIGRATIONS_FOLDER);
    } finally {
      await client.end().catch(() => undefined);
    }
  });
}

/** Runs raw SQL and returns its rows (both drivers expose `rows`). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * As queryRows, for a statement run on every request of a hot path (a page of contacts, the API key's check): on a
 * PostgreSQL server reached directly it runs as a named prepared statement, its name the hash of its text. Each
 * pooled connection then parses and plans it once, not on every call (about 2 ms of a 5,000-character statement,
 * as much as running a page of 500 contacts), and from the sixth call PostgreSQL keeps a generic plan when it costs
 * no more than planning for the values, so a hot statement keeps numbers the plan does not depend on (a page's
 * size) out of the planner's sight, e.g. `LIMIT (SELECT $1::bigint)`. Elsewhere it is queryRows: PGlite, a
 * transaction, and a pool behind a declared pooler (a DATABASE_DIRECT_URL other than DATABASE_URL), which before
 * PgBouncer 1.21 does not carry a name from one server connection to the next.
 *
 * A pooler nobody declared shows itself when a name is missing on the server connection a call lands on (26000) or
 * already there from another client (42P05); a migration that changed a table's columns under a running process, by
 * a prepared statement whose result changed shape (0A000). Each comes before anything runs, so the call is run again
 * unnamed, and the pool names nothing from then on. A name that reaches a connection where another client prepared
 * it is the same text, hence the same statement.
 */
export async function queryRowsPrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  if (!namingPools.has(db)) return queryRows<T>(db, query);
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash("sha256").update(built.sql).digest("base64url").slice(0, 32)}`;
  try {
    const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as unknown as { rows: T[] };
    return result.rows;
  } catch (error) {
    // drizzle wraps the driver's error (DrizzleQueryError): the server's code is on its cause.
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const reason = namingRefusal(cause?.code, cause?.message);
    if (!reason) throw error;
    if (namingPools.delete(db)) {
      log.warn(`${reason}: statements go unnamed from now on`, { area: "database", code: cause?.code });
    }
    return queryRows<T>(db, query);
  }
}

/** Why the server refused a named statement before running it, or null for any other error. */
function namingRefusal(code: unknown, message: unknown): string | null {
  if (code === "26000" || code === "42P05") {
    return "DATABASE_URL behaves like a transaction pooler (a prepared statement was missing or already there); set DATABASE_DIRECT_URL to the server itself";
  }
  if (code === "0A000" && typeof message === "string" && message.includes("cached plan must not change result type")) {
    return "a prepared statement's result changed shape (a migration ran while this process was up)";
  }
  return null;
}

export function databaseOptionsFromEnv(): OpenOptions {
  const { databaseUrl, databaseDirectUrl, dataDir } = config();
  if (!databaseUrl) return { dataDir };
  return databaseDirectUrl ? { url: databaseUrl, directUrl: databaseDirectUrl } : { url: databaseUrl };
}

/**
 * The process-wide database, opened and migrated once (kept in the process bridge so that
 * dev reloads and separate bundles never open the PGlite directory twice).
 */
export function getDatabase(): Promise<Database> {
  const bridge = processBridge();
  if (!bridge.database) {
    bridge.database = openDatabase(databaseOptionsFromEnv()).then(
      (database) => {
        bridge.databaseConnections = database.connections;
        return database;
      },
      (error) => {
        bridge.database = undefined;
        throw error;
      },
    );
  }
  return bridge.database;
}

/** The process-wide database if it is open or opening, else null (it is never opened for this): for a metric's scrape. */
export async function openedDb(): Promise<Db | null> {
  const opening = processBridge().database;
  return opening ? (await opening).db : null;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
