// Which vitest file runs on which database engine (docs/testing.md has the table and the reasons).
//
// A test file is an *engine test* when it reaches the test database: its static imports (followed through the
// project, `@/…` and relative) lead to a file that reads the test database's address (the variable MARKER
// names) — lib/db/testing.ts, or the test itself. An engine test runs on PGlite and on PostgreSQL (and, if it is listed in POOLER_TESTS, through PgBouncer
// too); every other test touches no database and runs once: running it again against another database
// would run the same code on the same input. (The variable's name is never written out whole in this file, which
// the test of this file imports.)
import fs from "node:fs";
import path from "node:path";

/**
 * The engine tests that also run through PgBouncer in transaction mode: what a transaction pooler can break.
 * Each must be an engine test (scripts/test-plan.test.ts checks it). The crash test (scripts/chaos.chaos.ts)
 * runs through the pooler as well, from scripts/test.sh.
 */
export const POOLER_TESTS = [
  // Named prepared statements: named on a server reached directly, never through a pooler.
  "lib/db/prepared-statements.test.ts",
  "lib/platform/contacts/page.test.ts",
  // Migrations and the advisory lock around them, on the direct URL.
  "lib/db/migrate.test.ts",
  "lib/db/migration-lock.test.ts",
  "lib/db/readiness.test.ts",
  // Transactions and row locks around money: balances, the journal, idempotency keys, instances side by side.
  "lib/platform/accounts/concurrency.test.ts",
  "lib/platform/accounts/ledger.property.test.ts",
  "lib/platform/methods/accounts/accounts.test.ts",
  "lib/platform/commit-durability.test.ts",
  "lib/platform/multi-instance.test.ts",
  "lib/ledger/idempotency.test.ts",
  "lib/ledger/operations.test.ts",
  // Limits enforced atomically (reserve, then do the work) and upserts under concurrency.
  "lib/platform/methods/lists/list-limit.test.ts",
  "lib/platform/methods/contacts/create-or-update-contact.test.ts",
  "lib/api/budget.test.ts",
  "lib/api/budget.instances.test.ts",
  // Sign-in throttles, single-use links and step-up codes: counters and claims under row locks.
  "lib/auth/sign-in.server.test.ts",
  "lib/auth/one-time-links.test.ts",
  "lib/auth/step-up.test.ts",
  "lib/auth/sessions.test.ts",
  // The job leases: export and bulk-adjustment workers, taken over after a crash.
  "lib/contacts/export/worker.test.ts",
  "lib/contacts/export/restart.test.ts",
  "lib/adjustments/worker.test.ts",
  "lib/adjustments/batch-store.test.ts",
];

/** Where the node test files live (the `*.test.ts` of these folders; components are `*.test.tsx`, in jsdom). */
export const NODE_TEST_ROOTS = ["lib", "app", "scripts", "bench"];

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+|require\(\s*)["']([^"']+)["']/g;
const MARKER = ["TEST", "DATABASE", "URL"].join("_");

function walk(dir, found) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(full, found);
    } else if (entry.name.endsWith(".test.ts")) found.push(full);
  }
  return found;
}

/** The node test files, relative to root, sorted. */
export function nodeTestFiles(root) {
  const files = [];
  for (const dir of NODE_TEST_ROOTS) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir), files);
  return files.map((file) => path.relative(root, file).split(path.sep).join("/")).sort();
}

/** The node test files whose imports reach the test database (see the top of this file), relative to root, sorted. */
export function engineTestFiles(root) {
  const sources = new Map();
  const read = (file) => {
    if (!sources.has(file)) sources.set(file, fs.readFileSync(file, "utf8"));
    return sources.get(file);
  };
  const resolve = (specifier, from) => {
    let base;
    if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
    else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
    else return null;
    for (const extension of EXTENSIONS) {
      const candidate = base + extension;
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    return null;
  };
  // Whether a module, or anything it imports, reads the test database: memoised, walked without recursion.
  const reaches = new Map();
  const reachesDatabase = (start) => {
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop();
      if (reaches.get(file) === true) return true;
      const source = read(file);
      if (source.includes(MARKER)) return true;
      for (const match of source.matchAll(IMPORT)) {
        const next = resolve(match[1], file);
        if (next && !seen.has(next) && reaches.get(next) !== false) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    // Nothing reachable from start reads it, so nothing reachable from any module seen here does either.
    for (const file of seen) reaches.set(file, false);
    return false;
  };
  return nodeTestFiles(root).filter((file) => {
    const result = reachesDatabase(path.join(root, file));
    reaches.set(path.join(root, file), result);
    return result;
  });
}

/** A file path as a glob that matches only itself (vitest's include patterns are globs). */
export function literalGlob(file) {
  return file.replace(/[\\*?[\]{}()!+@]/g, "\\$&");
}
