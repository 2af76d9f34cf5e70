import { expect, test } from "vitest";
import { classifyEngineFailure, DatabaseUnavailableError, isDatabaseUnavailable } from "./failure";

/** Errors as PostgreSQL, PGlite, node's fs and drizzle raise them (messages seen on a full 80 MB disk). */
function databaseError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

function wrappedByDrizzle(cause: Error): Error {
  return Object.assign(new Error("Failed query: INSERT INTO platform.account_journal …\nparams: 1,2"), { cause, query: "INSERT …", params: [] });
}

const cases: Array<[string, unknown, ReturnType<typeof classifyEngineFailure>]> = [
  ["a table file that cannot grow: the engine stays usable", databaseError('could not extend file "base/5/16385": No space left on device', "53100"), { reason: "disk_full", fatal: false }],
  ["a WAL segment that cannot be made: the instance is broken", databaseError('could not write to file "pg_wal/xlogtemp.42": No space left on device', "53100"), { reason: "disk_full", fatal: true }],
  ["the state a broken instance is left in", databaseError("XLogBeginInsert was already called"), { reason: "engine_failed", fatal: true }],
  ["a WebAssembly trap", new WebAssembly.RuntimeError("unreachable"), { reason: "engine_failed", fatal: true }],
  ["an aborted engine", new Error("Aborted(). Build with -sASSERTIONS for more info."), { reason: "engine_failed", fatal: true }],
  ["ENOSPC from node's fs", Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }), { reason: "disk_full", fatal: true }],
  ["a full disk behind drizzle's wrapper", wrappedByDrizzle(databaseError('could not extend file "base/5/1": No space left on device', "53100")), { reason: "disk_full", fatal: false }],
  ["our own refusal", new DatabaseUnavailableError("engine_failed"), { reason: "engine_failed", fatal: false }],
  ["a unique violation is an ordinary error", databaseError('duplicate key value violates unique constraint "x"', "23505"), null],
  ["a platform that cannot be reached is not the database", new Error("The platform is unreachable"), null],
  ["a closed database is not a full disk", new Error("The database is closed."), null],
];

test.each(cases)("classify: %s", (_title, error, expected) => {
  expect(classifyEngineFailure(error)).toEqual(expected);
  expect(isDatabaseUnavailable(error)).toBe(expected !== null);
});
