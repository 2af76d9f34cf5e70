import type { KnipConfig } from "knip";

/**
 * Dead code: unused files, exports and dependencies. The plugins find most entries themselves: Next (app/,
 * instrumentation.ts, proxy.ts, next.config.ts), vitest (the test files are entries, so an export used only by a test
 * counts as used), Playwright (e2e/*.spec.ts), drizzle-kit, ESLint, Prettier, and package.json's scripts
 * (scripts/start.mjs, scripts/run.mjs, scripts/demo.mjs, scripts/bundle-scripts.mjs, bench/*.ts run through tsx).
 * Listed here is what no plugin can see.
 */
const config: KnipConfig = {
  entry: [
    // Operator commands: scripts/run.mjs runs scripts/<name>.ts by name; seed-dashboard.ts is spawned by demo.mjs and
    // e2e/serve.mjs.
    "scripts/*.ts",
    // Started as child processes by bench/accounts.ts and bench/lighthouse.ts.
    "bench/accounts-floor.ts",
    "bench/lighthouse-pages.mjs",
    // Loaded into the server (NODE_OPTIONS=--import) by bench/signin.ts for its bcrypt round.
    "bench/legacy-password-hashes.mjs",
    // Playwright's "setup" project (testMatch /auth\.setup\.ts/).
    "e2e/auth.setup.ts",
    // The table that ends `npm test`, run by scripts/test.sh.
    "scripts/test-summary.mjs",
    // The types of lib/db/data-dir-lock.mjs, which TypeScript reads beside it.
    "lib/db/data-dir-lock.d.mts",
  ],
  project: ["**/*.{ts,tsx,mts,mjs,css}"],
  // A type that an exported function's signature uses stays exported with it (callers name it); values do not.
  ignoreExportsUsedInFile: { interface: true, type: true },
  vitest: { config: ["vitest.config.mts", "vitest.chaos.config.mts"] },
  // Tailwind 4 is imported by the stylesheet (`@import "tailwindcss";` in app/globals.css): follow CSS imports.
  compilers: { css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join("\n") },
  // System tools the benchmarks and the disk-full tests run.
  ignoreBinaries: ["flock", "psql", "mount", "umount"],
};

export default config;
