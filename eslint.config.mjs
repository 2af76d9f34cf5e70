// ESLint 9 flat config: Next's rules (React, hooks, accessibility, Core Web Vitals), typescript-eslint's recommended
// rules, and the layering of the code as import rules. `npm run lint` runs it with --max-warnings=0.
import { defineConfig, globalIgnores } from "eslint/config";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * The floors of the code, top to bottom (docs/architecture.md draws them; lib/layers.test.ts checks the page against
 * this list):
 *   app/             routes: pages, layouts, route handlers; they compose features
 *   components/      React: components/ui (the kit), components/shell (the frame), components/<feature>
 *   lib/features/    one folder per dashboard feature: its actions, loaders, queries, forms and their tests
 *   lib/dashboard/   what every feature shares: the platform client of this request, the signed-in account, the
 *                    page list, the query cache, formatters
 *   lib/auth/        members, sessions, roles, sign-in, step-up
 *   lib/api/         the typed client of any platform (ours or the hosted one), over HTTP
 *   lib/platform/    the API server: /api/v1 methods, domain, persistence
 *   lib/i18n/        the dashboard's words in both languages
 *   lib/db/          the database: connection, schema, migrations, backups
 *   lib/core/        infrastructure: config, HTTP helpers, crypto, money, jobs, the actions' typed answers, forms
 *   lib/contract/    the facts the platform and its client share (no zod in the constants)
 * lib/commands/ (the operator's commands served by the running server) and the testing/ folders sit beside these.
 */
export const FLOORS = [
  "app",
  "components",
  "lib/features",
  "lib/dashboard",
  "lib/auth",
  "lib/api",
  "lib/platform",
  "lib/i18n",
  "lib/db",
  "lib/core",
  "lib/contract",
];

/** Directories that depend on what the dashboard is; the platform (`lib/platform`) is below all of them. */
const DASHBOARD = ["./lib/api", "./lib/dashboard", "./lib/auth", "./lib/features", "./lib/commands", "./components", "./app"];

/**
 * Imports point down: app/ → components/ → lib/features → lib/dashboard → the rest of lib/. Each zone forbids `target`
 * from importing `from` (minus `except`, relative to `from`). Test files obey these too.
 */
const LAYERS = [
  { target: ["./components", "./lib"], from: "./app", message: "components/ and lib/ do not import app/ (imports point down: app → components → lib)." },
  { target: "./lib", from: "./components", message: "lib/ does not import components/." },
  { target: "./lib/platform", from: DASHBOARD, message: "The platform does not import the dashboard's code." },
  { target: "./lib/api", from: "./lib/dashboard", message: "The platform client (lib/api) does not import lib/dashboard." },
];

/**
 * Test helpers live in a folder named `testing/` (lib/testing for the shared ones, `<area>/testing/` for an area's);
 * what the server and the commands run never imports them.
 */
const TESTING = [
  {
    // scripts/ but the ones only the test command and `npm run screenshots` run (test-*, screenshots.ts), as in knip.config.ts.
    target: ["./app", "./components", "./lib", "./scripts/!(test-*|screenshots.ts)", "./instrumentation.ts", "./proxy.ts"],
    from: ["./lib/**/testing/**", "./components/testing/**", "./lib/testing/**"],
    message: "Production code does not import test helpers (testing/ folders).",
  },
];

/**
 * The areas below the dashboard's, each allowed only what is listed (its own folder always): translations are a utility,
 * the actions' typed answers, money and the answers' contract read nothing else, the platform client is a library, auth
 * reads no dashboard area.
 * Tests may reach further (a client test starts our own platform), so these zones apply to non-test files only.
 */
const AREAS = [
  {
    target: ["./lib/dashboard", "./lib/auth", "./lib/api", "./lib/platform", "./lib/i18n", "./lib/db", "./lib/core", "./lib/contract"],
    from: "./lib/features",
    message: "Only app/, components/ and other features import lib/features/ (a feature is above what it uses).",
  },
  {
    target: ["./lib/core", "./lib/db", "./lib/contract"],
    from: ["./lib/dashboard", "./lib/auth", "./lib/platform", "./lib/commands"],
    message: "lib/core, lib/db and lib/contract (infrastructure) do not import the product's areas.",
  },
  {
    // The platform's routes (api/v1, api/operator) and the health checks hand the database to the platform; a dashboard
    // route reaches it only through its feature's loader or actions.
    target: ["./app/(dashboard)", "./app/login", "./app/two-factor", "./app/welcome", "./app/docs", "./app/api/dashboard", "./app/api/auth", "./app/*.tsx"],
    from: "./lib/db",
    message: "A dashboard route reads no database itself: its feature's loader (lib/features/<feature>/load-*.ts) does.",
  },
  { target: "./lib/i18n", from: "./lib", except: ["./i18n"], message: "lib/i18n imports no other area of lib/." },
  {
    target: "./lib/core/actions",
    from: "./lib",
    // lib/api/outage.ts: which failures mean the platform is not answering (plain, no server code).
    except: ["./core/actions", "./i18n", "./api/outage.ts"],
    message: "lib/core/actions imports only lib/i18n and lib/api/outage.ts.",
  },
  { target: "./lib/core/money", from: "./lib", except: ["./core/money", "./contract"], message: "lib/core/money imports only lib/contract." },
  {
    target: "./lib/contract",
    from: "./lib",
    except: ["./contract"],
    message: "lib/contract (the answers of /api/v1, read by the platform and the client alike) imports nothing from lib/.",
  },
  {
    target: "./lib/api",
    from: "./lib",
    except: ["./api", "./contract", "./db", "./core/config.mjs", "./core/log.mjs", "./core/metrics.mjs", "./core/crypto"],
    message: "lib/api imports only lib/contract, lib/db, lib/core/config.mjs, lib/core/log.mjs, lib/core/metrics.mjs and lib/core/crypto.",
  },
  {
    target: "./lib/auth",
    from: "./lib",
    except: ["./auth", "./core", "./api", "./db", "./i18n"],
    message: "lib/auth imports only lib/core, lib/api, lib/db and lib/i18n.",
  },
];

// Test code: tests, test helpers (testing/ folders), the chaos suite and the test runner's plan.
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**", "**/*.chaos.ts", "scripts/test-plan.ts"];

export default defineConfig([
  ...nextCoreWebVitals,
  ...nextTypescript,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "dist/**",
    "node_modules/**",
    ".data/**",
    ".test-data/**",
    "test-results/**",
    "playwright-report/**",
    "blob-report/**",
    "bench/out/**",
    "drizzle/**",
    "next-env.d.ts",
    // The API reference's viewer: Scalar's build, unpacked by scripts/api-reference-bundle.mjs.
    "public/docs/api/scalar/**",
  ]),
  {
    name: "project/typescript",
    files: ["**/*.{ts,tsx,mts,cts}"],
    rules: {
      // `const { passwordHash: _hash, ...safe } = user` leaves a field out; `_`-named parameters are required by a signature.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-unused-expressions": "error",
    },
  },
  {
    name: "project/react",
    rules: {
      // Reports where the React Compiler would skip memoizing (react-hook-form's watch, TanStack Table). This app does not
      // run the compiler (no `reactCompiler` in next.config.ts), so there is nothing to fix.
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    // Node tests (`*.test.ts`, no JSX) render no React: there `useX()` is a helper that registers vitest's lifecycle hooks
    // (`usePlatformTestbed()` adds beforeAll/afterAll), not a React hook. Component tests are `*.test.tsx` and keep the rule.
    name: "project/node-tests",
    files: ["**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    name: "project/layers",
    // Installed packages are not parsed for their exports (a cycle cannot run through them; pglite's bundle overflows the parser).
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/no-restricted-paths": ["error", { zones: [...LAYERS, ...TESTING, ...AREAS] }],
      // A cycle between modules: found by following every import (types too), at any depth.
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    name: "project/layers-in-tests",
    files: TESTS,
    rules: { "import/no-restricted-paths": ["error", { zones: LAYERS }] },
  },
]);
