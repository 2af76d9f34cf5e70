import type { KnipConfig } from "knip";

/**
 * Dead code: unused files, exports and dependencies. The plugins find most entries themselves: Next (app/,
 * instrumentation.ts, proxy.ts, next.config.ts), vitest (the test files are entries, so an export used only by a test
 * counts as used), Playwright (e2e/*.spec.ts), drizzle-kit, ESLint, Prettier, and package.json's scripts
 * (scripts/start.mjs, scripts/run.mjs, scripts/demo.mjs, scripts/bundle-scripts.mjs, bench/*.ts run through tsx).
 * Listed here is what no plugin can see.
 *
 * Two runs (`npm run knip`): the default one over everything (tests are entries, so an export a test uses is used), and
 * `--production --strict` over production code alone (the patterns with a "!"): no file of it is unused, and it imports
 * no devDependency, so test helpers (`testing/` folders) and test-only packages (`ajv`, `vitest`, …) stay out of what
 * ships. Exports only tests use are not reported there (`--include`): the default run covers exports.
 */
const config: KnipConfig = {
  entry: [
    // Operator commands: scripts/run.mjs runs scripts/<name>.ts by name; seed-dashboard.ts is spawned by demo.mjs and
    // e2e/serve.mjs. They ship (a "!": production code), as do the start, command and demo scripts and the build step.
    "scripts/*.ts!",
    // …but the README's pictures (`npm run screenshots`: Playwright, a devDependency).
    "!scripts/screenshots.ts!",
    "scripts/{start,run,demo}.mjs!",
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
  // Production code ("!", checked by `knip --production` in the lint step): everything but the tests, the test
  // helpers (`testing/` folders), the browser tests, the benchmarks and the scripts that only the test command runs.
  project: [
    "**/*.{ts,tsx,mts,mjs}!",
    // The stylesheet is compiled at build time (Tailwind, a devDependency of the build).
    "**/*.css",
    "!**/*.test.{ts,tsx}!",
    "!**/*.chaos.ts!",
    "!**/testing/**!",
    "!e2e/**!",
    "!bench/**!",
    "!scripts/test-*!",
    // The README's pictures (Playwright, a devDependency).
    "!scripts/screenshots.ts!",
    // The build steps (esbuild, a devDependency of the build; the API reference's viewer, which next.config.ts fetches
    // on `next build`) and the route-size check.
    "!scripts/{bundle-scripts,api-reference-bundle,route-js}.mjs!",
    "!vitest.*!",
    "!playwright.config.ts!",
  ],
  // A type that an exported function's signature uses stays exported with it (callers name it); values do not.
  ignoreExportsUsedInFile: { interface: true, type: true },
  vitest: { config: ["vitest.config.mts", "vitest.chaos.config.mts"] },
  // Tailwind 4 is imported by the stylesheet (`@import "tailwindcss";` in app/globals.css): follow CSS imports.
  compilers: { css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join("\n") },
  // System tools the benchmarks, the disk-full tests and the test behind nginx (its certificate) run.
  ignoreBinaries: ["flock", "psql", "mount", "umount", "openssl"],
};

export default config;
