import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { queryRows } from "./client";
import { errorText } from "@/lib/core/log.mjs";
import { classifyEngineFailure, databaseOutageOf, DatabaseUnavailableError, isDatabaseUnavailable } from "./failure";
import { createTestDatabase } from "./testing/database";

/** Errors as PostgreSQL, PGlite, node's fs and drizzle raise them (messages seen on a full 80 MB disk). */
function databaseError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

function wrappedByDrizzle(cause: Error): Error {
  return Object.assign(new Error("Failed query: INSERT INTO platform.account_journal …\nparams: 1,2"), { cause, query: "INSERT …", params: [] });
}

const cases: Array<[string, unknown, ReturnType<typeof classifyEngineFailure>]> = [
  [
    "a table file that cannot grow: the engine stays usable",
    databaseError('could not extend file "base/5/16385": No space left on device', "53100"),
    { reason: "disk_full", fatal: false },
  ],
  [
    "a WAL segment that cannot be made: the instance is broken",
    databaseError('could not write to file "pg_wal/xlogtemp.42": No space left on device', "53100"),
    { reason: "disk_full", fatal: true },
  ],
  ["the state a broken instance is left in", databaseError("XLogBeginInsert was already called"), { reason: "engine_failed", fatal: true }],
  ["a WebAssembly trap", new WebAssembly.RuntimeError("unreachable"), { reason: "engine_failed", fatal: true }],
  ["an aborted engine", new Error("Aborted(). Build with -sASSERTIONS for more info."), { reason: "engine_failed", fatal: true }],
  ["ENOSPC from node's fs", Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }), { reason: "disk_full", fatal: true }],
  [
    "a full disk behind drizzle's wrapper",
    wrappedByDrizzle(databaseError('could not extend file "base/5/1": No space left on device', "53100")),
    { reason: "disk_full", fatal: false },
  ],
  ["our own refusal", new DatabaseUnavailableError("engine_failed"), { reason: "engine_failed", fatal: false }],
  ["a unique violation is an ordinary error", databaseError('duplicate key value violates unique constraint "x"', "23505"), null],
  ["a platform that cannot be reached is not the database", new Error("The platform is unreachable"), null],
  ["a closed database is not a full disk", new Error("The database is closed."), null],
];

test.each(cases)("classify: %s", (_title, error, expected) => {
  expect(classifyEngineFailure(error)).toEqual(expected);
  expect(isDatabaseUnavailable(error)).toBe(expected !== null);
});

/** Errors as pg, pg-pool, node's sockets, PGlite and our embedded wrapper raise them when the database cannot be reached. */
const outages: Array<[string, unknown, ReturnType<typeof databaseOutageOf>]> = [
  ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }), "unreachable"],
  ["a connection that timed out", Object.assign(new Error("connect ETIMEDOUT 10.0.0.1:5432"), { code: "ETIMEDOUT" }), "unreachable"],
  ["every address of localhost refused", new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })], ""), "unreachable"],
  ["an administrator shut the server down", databaseError("terminating connection due to administrator command", "57P01"), "unreachable"],
  ["the server is starting up", databaseError("the database system is starting up", "57P03"), "unreachable"],
  ["a connection exception (class 08)", databaseError("connection failure", "08006"), "unreachable"],
  ["pg lost the connection mid-query", new Error("Connection terminated unexpectedly"), "unreachable"],
  ["pg-pool gave up waiting", new Error("timeout exceeded when trying to connect"), "unreachable"],
  ["behind drizzle's wrapper", wrappedByDrizzle(databaseError("terminating connection due to administrator command", "57P01")), "unreachable"],
  ["our closed embedded database", new Error("The database is closed."), "unreachable"],
  ["a closed PGlite", new Error("PGlite is closed"), "unreachable"],
  ["a full disk keeps its reason", databaseError('could not extend file "base/5/1": No space left on device', "53100"), "disk_full"],
  ["a unique violation is an ordinary error", databaseError('duplicate key value violates unique constraint "x"', "23505"), null],
  ["a missing table is an ordinary error (a bug, 500)", databaseError('relation "platform.x" does not exist', "42P01"), null],
  ["text with U+0000 is an ordinary error", databaseError('invalid byte sequence for encoding "UTF8": 0x00', "22021"), null],
];

test.each(outages)("outage: %s", (_title, error, expected) => {
  expect(databaseOutageOf(error)).toBe(expected);
});

test("errorText: a failed query is logged with the database's own error, never the values bound to it", async () => {
  const database = await createTestDatabase();
  const secret = "$argon2id$v=19$secret-hash-never-logged";
  try {
    const failure = await queryRows(database.db, sql`select ${secret}::text as v from no_such_table_for_error_text`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    // drizzle's own message carries the parameters: the reason for the helper.
    expect((failure as Error).message).toContain(secret);
    const text = errorText(failure);
    expect(text).toMatch(/^\w+: relation "no_such_table_for_error_text" does not exist$/);
    expect(text).not.toContain(secret);
    expect(text).not.toContain("params");
  } finally {
    await database.close();
  }
});

test("errorText: other errors as `Name: message`; a thrown non-error by its type", () => {
  expect(errorText(new TypeError("bad input"))).toBe("TypeError: bad input");
  expect(errorText(Object.assign(new Error("Failed query: select 1\nparams: hunter2"), { query: "select 1", params: ["hunter2"] }))).toBe(
    "Error: failed query",
  );
  expect(errorText("plain text")).toBe("plain text");
  expect(errorText({ password: "hunter2" })).toBe("non-error thrown: object");
});
