/**
 * The one place that tells a failure of the database engine (full disk, a
 * broken embedded engine) from an ordinary query error, so that the API, the
 * health route and the export worker all read it the same way.
 */
export type UnavailableReason = "disk_full" | "engine_failed";

export interface EngineFailure {
  reason: UnavailableReason;
  /**
   * The engine instance must not be used again. PGlite, after a failed WAL write
   * or an aborted WebAssembly run, can loop forever (synchronously, blocking the
   * whole process) or fail every later statement ("XLogBeginInsert was already
   * called"); only a fresh instance on the same directory is safe.
   */
  fatal: boolean;
}

/** Thrown instead of running a statement while the database cannot serve (answered 503). */
export class DatabaseUnavailableError extends Error {
  readonly reason: UnavailableReason;
  constructor(reason: UnavailableReason, options?: { cause?: unknown }) {
    super(reason === "disk_full" ? "The database's disk is full." : "The database engine failed and is being reopened.", options);
    this.name = "DatabaseUnavailableError";
    this.reason = reason;
  }
}

const DISK_FULL = /no space left on device|ENOSPC|could not extend file|disk quota exceeded|EDQUOT/i;
// WebAssembly traps ("unreachable", "memory access out of bounds") arrive as RuntimeError, matched by name below.
const BROKEN = /XLogBeginInsert was already called|^Aborted\(|^RuntimeError|PGlite failed to initialize/;
/** An ENOSPC while extending a table or index file is raised before anything is WAL-logged: the engine stays usable. */
const SAFE_DISK_FULL = /could not extend file "(?!pg_wal)/i;

function textOf(error: unknown): { message: string; code?: string; name?: string } {
  if (error && typeof error === "object") {
    const record = error as { message?: unknown; code?: unknown; name?: unknown };
    return {
      message: typeof record.message === "string" ? record.message : String(error),
      code: typeof record.code === "string" ? record.code : undefined,
      name: typeof record.name === "string" ? record.name : undefined,
    };
  }
  return { message: String(error) };
}

/** Null for an ordinary error (bad input, a constraint, a lost race); otherwise why the database cannot serve. */
export function classifyEngineFailure(error: unknown): EngineFailure | null {
  // drizzle wraps a driver's error in its own ("Failed query: …", cause: the driver's): look down the chain.
  for (let current = error, depth = 0; current != null && depth < 6; depth += 1) {
    const failure = classifyOne(current);
    if (failure) return failure;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function classifyOne(error: unknown): EngineFailure | null {
  if (error instanceof DatabaseUnavailableError) return { reason: error.reason, fatal: false };
  const { message, code, name } = textOf(error);
  // SQLSTATE 53100 is disk_full; ENOSPC/EDQUOT come from node's fs.
  if (code === "53100" || code === "ENOSPC" || code === "EDQUOT" || DISK_FULL.test(message)) {
    return { reason: "disk_full", fatal: !SAFE_DISK_FULL.test(message) };
  }
  if (name === "RuntimeError" || error instanceof WebAssembly.RuntimeError || BROKEN.test(message)) {
    return { reason: "engine_failed", fatal: true };
  }
  return null;
}

/** True when the error means "the database cannot serve right now" (503), not "this request is wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  return classifyEngineFailure(error) !== null;
}

/** Why a request could not be served by the database: the engine's own failures, or a database that cannot be reached. */
export type OutageReason = UnavailableReason | "unreachable";

/** Network errors of node's sockets (pg connecting to, or talking with, the server). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);
/**
 * SQLSTATEs of a server that is going away or cannot take us: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down),
 * 53300 too_many_connections, and class 08, connection exceptions.
 */
const SERVER_GONE_CODES = /^(57P01|57P02|57P03|53300|08[0-9A-Z]{3})$/;
/** pg's and pg-pool's own words for a lost or impossible connection; ours and PGlite's for a closed embedded database. */
const CONNECTION_LOST = new RegExp(
  [
    "^Connection terminated",
    "timeout exceeded when trying to connect",
    "Client has encountered a connection error",
    "Cannot use a pool after calling end",
    "^The database is closed\\.",
    "^PGlite is closed",
  ].join("|"),
);

/**
 * Null for an ordinary error; otherwise why the database cannot serve right now, so that
 * the request is answered 503 with Retry-After (nothing was changed) instead of an opaque 500.
 */
export function databaseOutageOf(error: unknown): OutageReason | null {
  const engine = classifyEngineFailure(error);
  if (engine) return engine.reason;
  for (let current = error, depth = 0; current != null && depth < 6; depth += 1) {
    const { message, code } = textOf(current);
    if (code && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.test(code))) return "unreachable";
    if (CONNECTION_LOST.test(message)) return "unreachable";
    // pg-pool reports a refused connection to every address of "localhost" as one AggregateError.
    if (current instanceof AggregateError && current.errors.some((inner) => databaseOutageOf(inner) === "unreachable")) return "unreachable";
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
