import { afterEach, describe, expect, test, vi } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, queryRowsPrepared, type Database } from "./client";
import { createScratchDatabase, testServer } from "./testing/database";

/**
 * queryRowsPrepared: a named prepared statement on a server reached directly, parsed and planned once per
 * connection; unnamed through a declared pooler and on PGlite; and, through a pooler nobody declared, every call
 * still answered right (the first refusal turns naming off for the pool).
 */
const server = testServer();
const behindPooler = server !== null && server.directUrl !== server.url;
const opened: (() => Promise<void>)[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  while (opened.length > 0) await opened.pop()!();
});

/**
 * A scratch database on the test server, opened through the pooler's address, the server's, or the server's under
 * another spelling (`alias`: it stands in for a pooler where what matters is only that the two addresses differ),
 * with `directUrl` the server's when the pooler is declared.
 */
async function open(options: { through: "server" | "pooler" | "alias"; declarePooler: boolean; poolSize: number }): Promise<Database> {
  const scratch = await createScratchDatabase(server!.url, "prepared", server!.directUrl);
  const alias = new URL(scratch.directUrl);
  alias.searchParams.set("application_name", "through-a-pooler");
  const url = { pooler: scratch.url, server: scratch.directUrl, alias: alias.toString() }[options.through];
  const database = await openDatabase({ url, directUrl: options.declarePooler ? scratch.directUrl : undefined, poolSize: options.poolSize });
  opened.push(async () => {
    await database.close();
    await scratch.drop();
  });
  return database;
}

/** The warnings the log writes (on stdout, lib/core/log.mjs) from now until the test ends; other output goes through. */
function warnings(): string[] {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation((chunk, ...rest) => {
    if (String(chunk).includes('"level":"warn"')) lines.push(String(chunk));
    else write(chunk, ...(rest as []));
    return true;
  });
  return lines;
}

const plusOne = (n: number) => sql`SELECT ${n}::int + 1 AS answer, ${`text ${n}`}::text AS echo`;

/** This connection's prepared statements (a pool of one: every call runs on it). */
const preparedHere = (database: Database) =>
  queryRows<{ name: string; statement: string; calls: number }>(
    database.db,
    sql`SELECT name, statement, (generic_plans + custom_plans)::int AS calls FROM pg_prepared_statements ORDER BY name`,
  );

describe.skipIf(server === null || behindPooler)("on a server reached directly", () => {
  test("one statement per text, prepared once on the connection and run by every call", async () => {
    const database = await open({ through: "server", declarePooler: false, poolSize: 1 });
    for (let n = 1; n <= 8; n++) {
      expect(await queryRowsPrepared(database.db, plusOne(n))).toEqual([{ answer: n + 1, echo: `text ${n}` }]);
    }
    const statements = await preparedHere(database);
    expect(statements).toHaveLength(1);
    expect(statements[0].name).toMatch(/^q_[A-Za-z0-9_-]{32}$/);
    expect(statements[0].statement).toContain("::int + 1 AS answer");
    expect(statements[0].calls).toBe(8);
  });

  test("a statement gone from the connection (as a pooler loses it): the call is answered unnamed, and naming stops", async () => {
    const database = await open({ through: "server", declarePooler: false, poolSize: 1 });
    const warn = warnings();
    expect(await queryRowsPrepared(database.db, plusOne(1))).toEqual([{ answer: 2, echo: "text 1" }]);
    const [statement] = await preparedHere(database);
    // node-postgres still believes it prepared it, and sends only the call: the server refuses it before running it.
    await database.db.execute(sql.raw(`DEALLOCATE "${statement.name}"`));
    expect(await queryRowsPrepared(database.db, plusOne(2))).toEqual([{ answer: 3, echo: "text 2" }]);
    expect(warn).toHaveLength(1);
    expect(JSON.parse(warn[0])).toMatchObject({ level: "warn", area: "database", code: "26000" });
    expect(await queryRowsPrepared(database.db, plusOne(3))).toEqual([{ answer: 4, echo: "text 3" }]);
    expect(await preparedHere(database)).toEqual([]);
    expect(warn).toHaveLength(1);
  });

  test("a migration that changes a statement's result under a running process: answered unnamed, naming stops", async () => {
    const database = await open({ through: "server", declarePooler: false, poolSize: 1 });
    const warn = warnings();
    await database.db.execute(sql`CREATE TABLE public.shape (a int); INSERT INTO public.shape VALUES (1)`);
    expect(await queryRowsPrepared(database.db, sql`SELECT * FROM public.shape`)).toEqual([{ a: 1 }]);
    await database.db.execute(sql`ALTER TABLE public.shape ADD COLUMN b int DEFAULT 2`);
    expect(await queryRowsPrepared(database.db, sql`SELECT * FROM public.shape`)).toEqual([{ a: 1, b: 2 }]);
    expect(warn).toHaveLength(1);
    expect(JSON.parse(warn[0])).toMatchObject({ level: "warn", area: "database", code: "0A000" });
  });

  test("in a transaction it names nothing (the transaction's connection is not the pool's to keep statements on)", async () => {
    const database = await open({ through: "server", declarePooler: false, poolSize: 1 });
    await database.db.transaction(async (tx) => {
      expect(await queryRowsPrepared(tx, plusOne(1))).toEqual([{ answer: 2, echo: "text 1" }]);
      expect(await queryRows(tx, sql`SELECT name FROM pg_prepared_statements`)).toEqual([]);
    });
  });

  test("a pool that declares a pooler (DATABASE_DIRECT_URL elsewhere) names nothing", async () => {
    const database = await open({ through: "alias", declarePooler: true, poolSize: 1 });
    for (let n = 1; n <= 3; n++) expect(await queryRowsPrepared(database.db, plusOne(n))).toEqual([{ answer: n + 1, echo: `text ${n}` }]);
    expect(await preparedHere(database)).toEqual([]);
  });
});

describe.skipIf(!behindPooler)("through a transaction pooler (npm run test:pgbouncer)", () => {
  test("declared or not, every call of many at once is answered right", async () => {
    for (const declarePooler of [true, false]) {
      const database = await open({ through: "pooler", declarePooler, poolSize: 6 });
      const warn = warnings();
      const numbers = Array.from({ length: 300 }, (_, i) => i);
      const texts = [plusOne, (n: number) => sql`SELECT ${n}::int * 2 AS answer`];
      const answers = await Promise.all(numbers.map((n) => queryRowsPrepared<{ answer: number }>(database.db, texts[n % 2](n))));
      expect(answers.map(([row]) => row.answer)).toEqual(numbers.map((n) => (n % 2 === 0 ? n + 1 : n * 2)));
      // Declared: nothing named, nothing refused. Not declared: the pooler refuses a name at most once (usually once
      // here: six clients share its server connections), then the pool stops naming.
      expect(warn.length).toBeLessThanOrEqual(declarePooler ? 0 : 1);
      vi.restoreAllMocks();
    }
  });
});

test("on PGlite it is queryRows", async () => {
  const database = await openDatabase({});
  opened.push(() => database.close());
  expect(await queryRowsPrepared(database.db, plusOne(41))).toEqual([{ answer: 42, echo: "text 41" }]);
});
