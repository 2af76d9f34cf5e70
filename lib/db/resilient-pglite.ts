import fs from "node:fs";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { log } from "@/lib/core/log.mjs";
import { classifyEngineFailure, DatabaseUnavailableError, type EngineFailure, type UnavailableReason } from "./failure";
import { ensureDataDir } from "./data-dir-lock.mjs";
import { pgliteExtensions } from "./pglite-extensions";

/**
 * The embedded engine behind one stable object, so that drizzle, the export
 * worker and every holder of `db` keep working when the engine underneath is
 * replaced.
 *
 * Why: on a full disk PGlite can fail a WAL write and then never recover in
 * the same instance — the next statement fails ("XLogBeginInsert was already
 * called") or even spins synchronously and blocks the process. Committed data
 * is safe in the WAL, so a fresh instance on the same directory (crash recovery,
 * as after a kill) serves again once there is room.
 *
 * How:
 * - every statement and transaction runs under one mutex of ours, so that the
 *   outcome of each is inspected before the next reaches the engine: a broken
 *   instance never gets a second statement;
 * - a fatal failure abandons the instance (close() may itself hang on it) and
 *   starts one recovery loop: wait until the filesystem has room, open the data
 *   directory again; requests that arrive while it opens wait for it (never a
 *   second open), requests while the disk is still full get a
 *   DatabaseUnavailableError at once (503);
 * - an ENOSPC while extending a table file leaves the engine usable: reads go
 *   on, writes fail cleanly, and the state says disk_full until there is room.
 */
export type DatabaseStatus = { status: "ok" } | { status: "degraded" | "unavailable"; reason: UnavailableReason };

/** Room a fresh engine needs to get going: a WAL segment (16 MiB) and some. */
export const MIN_FREE_BYTES = 24 * 1024 * 1024;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;
/**
 * Failed opens, with room on the disk, before the process gives up and exits
 * non-zero: then something only a restart (or an operator) can fix is wrong,
 * and a supervisor restarting the process beats answering 503 forever.
 */
const MAX_FAILED_OPENS = 10;
const EXIT_ENGINE_UNRECOVERABLE = 70;

type QueryEngine = Pick<PGlite, "query" | "exec">;

/** Free bytes on the filesystem of dir (Infinity when it cannot be read: then only an open attempt tells). */
export function freeBytes(dir: string): number {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

async function openEngine(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  if (dataDir) ensureDataDir(dataDir);
  const extensions = await pgliteExtensions();
  const engine = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions, loadDataDir });
  await engine.waitReady;
  return engine;
}

export class ResilientPglite {
  readonly dataDir: string | undefined;
  #engine: PGlite | null;
  #state: DatabaseStatus = { status: "ok" };
  #tail: Promise<void> = Promise.resolve();
  #opening: Promise<PGlite> | null = null;
  #recovering = false;
  #closed = false;

  private constructor(engine: PGlite, dataDir: string | undefined) {
    this.#engine = engine;
    this.dataDir = dataDir;
  }

  /**
   * Opens the data directory (in memory when undefined; then a failed engine is not reopened). An in-memory
   * engine may start from `loadDataDir`, a dump of another (PGlite's dumpDataDir: the tests' migrated template).
   * The caller holds the directory's lock (lib/db/client.ts) for as long as this object lives:
   * the lock belongs to the process, so reopening the engine here needs no new claim.
   */
  static async open(dataDir?: string, loadDataDir?: Blob): Promise<ResilientPglite> {
    const engine = await openEngine(dataDir, dataDir ? undefined : loadDataDir);
    return new ResilientPglite(engine, dataDir);
  }

  /** What the health route reports: ok, or why the database cannot serve. */
  status(): DatabaseStatus {
    if (this.#state.status === "degraded" && this.dataDir && freeBytes(this.dataDir) >= MIN_FREE_BYTES) {
      log.info("database serves again", { area: "database", reason: this.#state.reason });
      this.#state = { status: "ok" };
    }
    return this.#state;
  }

  // drizzle-orm/pglite uses query() and transaction(); exec() for completeness.
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive((engine) => engine.query<T>(text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exclusive((engine) => engine.exec(text, options));
  }

  /**
   * BEGIN … COMMIT of our own rather than PGlite's transaction(): PGlite's
   * sends ROLLBACK after any error, and a ROLLBACK sent to an engine whose WAL
   * write just failed is exactly the statement that can hang the process.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async (engine) => {
      await engine.exec("BEGIN");
      let ended = false;
      const open = () => {
        if (ended) throw new Error("Transaction is closed");
      };
      const run = <R>(work: () => Promise<R>) => this.#guard(engine, work);
      const tx = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => (open(), run(() => engine.query<R>(text, params, options))),
        sql: () => {
          throw new Error("tx.sql is not supported here: use query()");
        },
        exec: (text: string, options?: QueryOptions) => (open(), run(() => engine.exec(text, options))),
        rollback: async () => {
          open();
          await run(() => engine.exec("ROLLBACK"));
          ended = true;
        },
        listen: () => {
          throw new Error("LISTEN inside a transaction is not supported here");
        },
        get closed() {
          return ended;
        },
      } as unknown as Transaction;
      try {
        const result = await fn(tx);
        if (!ended) {
          ended = true;
          const [commit] = await run(() => engine.exec("COMMIT"));
          // COMMIT of a transaction that an error already aborted answers ROLLBACK.
          if (commit?.command === "ROLLBACK") throw new Error("The transaction was rolled back.");
        }
        return result;
      } catch (error) {
        if (!ended) {
          ended = true;
          if (this.#engine === engine) await engine.exec("ROLLBACK").catch(() => undefined);
        }
        throw error;
      }
    });
  }

  /** Runs fn with the engine itself while nothing else runs (backups, dumps): no statement or transaction is in progress. */
  withEngine<T>(fn: (engine: PGlite) => Promise<T>): Promise<T> {
    return this.#exclusive((engine) => fn(engine));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const release = await this.#lock();
    try {
      const engine = this.#engine ?? (await this.#opening?.catch(() => null)) ?? null;
      this.#engine = null;
      if (engine && !engine.closed) await engine.close();
    } finally {
      release();
    }
  }

  /** One at a time, in arrival order. */
  async #lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    return release;
  }

  async #exclusive<T>(fn: (engine: PGlite) => Promise<T>): Promise<T> {
    const release = await this.#lock();
    try {
      const engine = await this.#usableEngine();
      return await this.#guard(engine, () => fn(engine));
    } finally {
      release();
    }
  }

  async #usableEngine(): Promise<PGlite> {
    if (this.#closed) throw new Error("The database is closed.");
    if (this.#engine) return this.#engine;
    // A reopen in progress: wait for it rather than fail (it takes a few seconds at most).
    const opening = this.#opening;
    if (opening) {
      const engine = await opening.catch(() => null);
      if (engine) return engine;
    }
    const reason = this.#state.status === "ok" ? "engine_failed" : this.#state.reason;
    throw new DatabaseUnavailableError(reason);
  }

  async #guard<T>(engine: QueryEngine, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const failure = classifyEngineFailure(error);
      if (!failure || this.#closed) throw error;
      this.#noteFailure(engine as PGlite, failure, error);
      throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(failure.reason, { cause: error });
    }
  }

  #noteFailure(engine: PGlite, failure: EngineFailure, error: unknown): void {
    if (engine !== this.#engine) return; // an instance already given up
    if (!failure.fatal) {
      if (this.#state.status === "ok") log.error("database disk full: writes refused, reads go on", { area: "database", reason: failure.reason, error });
      this.#state = { status: "degraded", reason: failure.reason };
      return;
    }
    log.error("database engine failed: reopening it", { area: "database", reason: failure.reason, error, data_dir: this.dataDir ?? null });
    // Abandoned, not closed: close() sends a statement to the broken instance, which may never return.
    this.#engine = null;
    this.#state = { status: "unavailable", reason: failure.reason };
    if (this.dataDir) void this.#recover(this.dataDir);
  }

  /** Opens the directory again once there is room; one loop at a time. */
  async #recover(dataDir: string): Promise<void> {
    if (this.#recovering) return;
    this.#recovering = true;
    let delay = RETRY_MIN_MS;
    let failedOpens = 0;
    try {
      while (!this.#closed && !this.#engine) {
        if (freeBytes(dataDir) >= MIN_FREE_BYTES) {
          const started = performance.now();
          // The engine is adopted inside the promise, so that a request waiting on it finds it in place.
          this.#opening = openEngine(dataDir).then((engine) => this.#adopt(engine, started));
          try {
            await this.#opening;
            return;
          } catch (error) {
            const failure = classifyEngineFailure(error);
            if (failure) this.#state = { status: "unavailable", reason: failure.reason };
            failedOpens += 1;
            log.error("reopening the database failed; retrying", { area: "database", attempt: failedOpens, error });
            if (failedOpens >= MAX_FAILED_OPENS && freeBytes(dataDir) >= MIN_FREE_BYTES) {
              log.error("the database cannot be reopened although the disk has room: exiting for a restart", { area: "database", attempts: failedOpens });
              process.exit(EXIT_ENGINE_UNRECOVERABLE);
            }
          } finally {
            this.#opening = null;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    } finally {
      this.#recovering = false;
    }
  }

  async #adopt(engine: PGlite, started: number): Promise<PGlite> {
    if (this.#closed) {
      await engine.close().catch(() => undefined);
      throw new Error("The database is closed.");
    }
    this.#engine = engine;
    this.#state = { status: "ok" };
    log.info("database reopened", { area: "database", ms: Math.round(performance.now() - started) });
    return engine;
  }
}
