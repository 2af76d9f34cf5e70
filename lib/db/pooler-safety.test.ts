import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, test } from "vitest";

/**
 * Behind a transaction pooler (PgBouncer, pool_mode = transaction) consecutive transactions of one client may run
 * on different server connections, so the app's code keeps no session state between them (`npm run
 * test:pgbouncer` runs the suite that way; these rules keep what it cannot see from creeping in). Each rule:
 * what it finds, and why a pooler breaks it.
 */
const RULES: { name: string; pattern: RegExp; why: string }[] = [
  {
    name: "session-level advisory lock",
    pattern: /pg_(try_)?advisory_lock(_shared)?\s*\(|pg_advisory_unlock/,
    why: "its unlock may reach another server connection: use pg_advisory_xact_lock inside the transaction",
  },
  {
    name: "session-level SET",
    pattern: /(sql`|query\(\s*["'`])\s*(SET|RESET)\s+(?!LOCAL\b|TRANSACTION\b|CONSTRAINTS\b)/i,
    why: "it holds for the server connection, not this client: use SET LOCAL inside a transaction",
  },
  {
    name: "set_config(…, false)",
    pattern: /set_config\s*\([^)]*,\s*false\s*\)/i,
    why: "is a session-level SET: pass true (this transaction only)",
  },
  { name: "LISTEN", pattern: /(sql`|query\(\s*["'`])\s*(UN)?LISTEN\b|\.listen\(\s*["'`]/i, why: "notifications go to whichever server connection listened" },
  { name: "temporary table", pattern: /CREATE\s+(GLOBAL\s+|LOCAL\s+)?TEMP(ORARY)?\s+TABLE/i, why: "it lives in one server session" },
  { name: "cursor held across transactions", pattern: /\bWITH\s+HOLD\b/i, why: "it lives in one server session" },
  {
    name: "named prepared statement",
    pattern: /\.prepare\(\s*["'`]|\bname:\s*["'`][^"'`]*["'`],\s*text:/,
    // queryRowsPrepared (lib/db/client.ts) names statements by their text's hash, and only off a declared pooler.
    why: "PgBouncer before 1.21 does not carry them between server connections: use unnamed (plain) queries, or queryRowsPrepared",
  },
];

/** Application code: what the server and the operator's commands run (tests set up their own databases). */
function applicationFiles(): string[] {
  return execFileSync("git", ["ls-files", "-co", "--exclude-standard", "app", "components", "lib", "scripts", "instrumentation.ts", "proxy.ts"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /\.(ts|tsx|mjs|js|sql)$/.test(file) && fs.existsSync(file))
    .filter((file) => !/\.test\.tsx?$|\.chaos\.ts$|(^|\/)testing\//.test(file));
}

const findings = (text: string): string[] => RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.name);

describe("pooler safety: no session state between transactions", () => {
  test("the rules find what they name, and pass what a pooler allows", () => {
    expect(findings("await client.query(`SELECT pg_advisory_lock($1)`, [id])")).toEqual(["session-level advisory lock"]);
    expect(findings("await tx.execute(sql`SET statement_timeout = 5000`)")).toEqual(["session-level SET"]);
    expect(findings("await client.query('SET search_path TO platform')")).toEqual(["session-level SET"]);
    expect(findings("sql`SELECT set_config('app.user', ${id}, false)`")).toEqual(["set_config(…, false)"]);
    expect(findings("await client.query('LISTEN export_jobs')")).toEqual(["LISTEN"]);
    expect(findings('await pglite.listen("export_jobs", wake)')).toEqual(["LISTEN"]);
    expect(findings("sql`CREATE TEMP TABLE picked AS SELECT 1`")).toEqual(["temporary table"]);
    expect(findings("DECLARE c CURSOR WITH HOLD FOR SELECT 1")).toEqual(["cursor held across transactions"]);
    expect(findings('db.select().from(users).prepare("user_by_id")')).toEqual(["named prepared statement"]);
    expect(findings('pool.query({ name: "user_by_id", text: "SELECT 1" })')).toEqual(["named prepared statement"]);
    for (const allowed of [
      "await tx.execute(sql`SELECT pg_advisory_xact_lock(${a}, ${b})`)",
      "await tx.execute(sql`SET LOCAL statement_timeout = 5000`)",
      "sql`SELECT set_config('app.user', ${id}, true)`",
      "sql`UPDATE platform.bots SET subscriber_count = subscriber_count + 1`",
      "const prepared = app.prepare();",
      "await client.query('SELECT 1', [])",
      'throw new Error("LISTEN inside a transaction is not supported here")',
      "server.listen(0, () => undefined)",
    ]) {
      expect(findings(allowed), allowed).toEqual([]);
    }
  });

  test("no file of the app keeps session state a transaction pooler would lose", () => {
    const offenders: string[] = [];
    for (const file of applicationFiles()) {
      for (const [index, line] of fs.readFileSync(file, "utf8").split("\n").entries()) {
        for (const rule of RULES) {
          if (rule.pattern.test(line)) offenders.push(`${file}:${index + 1}: ${rule.name} (${rule.why}): ${line.trim()}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
