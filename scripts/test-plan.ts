// Which vitest file runs on which database engine (docs/testing.md has the table and the reasons).
//
// A test file is an *engine test* when it reaches the test database: the modules it loads (loadedModulesOf of
// lib/testing/source-files.ts, followed through the project, `@/…` and relative) lead to a file that reads the test
// database's address (the variable MARKER names) — lib/db/testing/database.ts, or the test itself. An engine test runs on
// PGlite and on PostgreSQL (and, if it is listed in POOLER_TESTS, through PgBouncer too); every other test touches no
// database and runs once: running it again against another database would run the same code on the same input. (The
// variable's name is never written out whole in this file, which the test of this file imports.)
import fs from "node:fs";
import path from "node:path";
import { loadedModulesOf, projectPathOf, sourceFiles } from "../lib/testing/source-files";

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
  "lib/features/ledger/idempotency.test.ts",
  "lib/features/ledger/operations.test.ts",
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
  "lib/features/contacts/export/worker.test.ts",
  "lib/features/contacts/export/restart.test.ts",
  "lib/features/adjustments/worker.test.ts",
  "lib/features/adjustments/batch-store.test.ts",
];

/** Where the node test files live (the `*.test.ts` of these folders; components are `*.test.tsx`, in jsdom). */
export const NODE_TEST_ROOTS = ["lib", "app", "scripts", "bench"];

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];
const MARKER = ["TEST", "DATABASE", "URL"].join("_");

/** The node test files, relative to root, sorted. */
export function nodeTestFiles(root: string): string[] {
  return NODE_TEST_ROOTS.filter((dir) => fs.existsSync(path.join(root, dir)))
    .flatMap((dir) => sourceFiles(path.join(root, dir), /\.test\.ts$/))
    .map((file) => path.relative(root, file).split(path.sep).join("/"))
    .sort();
}

/** The node test files whose imports reach the test database (see the top of this file), relative to root, sorted. */
export function engineTestFiles(root: string): string[] {
  const resolve = (specifier: string, from: string): string | null => {
    const base = projectPathOf(specifier, from, root);
    if (!base) return null;
    const found = EXTENSIONS.map((extension) => base + extension).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    return found ?? null;
  };
  // Whether a module, or anything it loads, reads the test database: memoised, walked without recursion.
  const reaches = new Map<string, boolean>();
  const reachesDatabase = (start: string): boolean => {
    const seen = new Set([start]);
    const stack = [start];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (reaches.get(file) === true || fs.readFileSync(file, "utf8").includes(MARKER)) return true;
      for (const specifier of loadedModulesOf(file)) {
        const next = resolve(specifier, file);
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
export function literalGlob(file: string): string {
  return file.replace(/[\\*?[\]{}()!+@]/g, "\\$&");
}
