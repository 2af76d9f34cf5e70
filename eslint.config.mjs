// ESLint 9 flat config: Next's rules (React, hooks, accessibility, Core Web Vitals), typescript-eslint's recommended
// rules, and the layering of the code as import rules. `npm run lint` runs it with --max-warnings=0.
import { defineConfig, globalIgnores } from "eslint/config";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/** Directories that depend on what the dashboard is; the platform (`lib/platform`) is below all of them. */
const DASHBOARD = ["./lib/api", "./lib/dashboard", "./lib/auth", "./lib/contacts", "./lib/ledger", "./components", "./app"];

/**
 * Imports point down: app/ → components/ → lib/. Each zone forbids `target` from importing `from` (minus `except`,
 * relative to `from`). Test files obey these too.
 */
const LAYERS = [
  { target: ["./components", "./lib"], from: "./app", message: "components/ and lib/ do not import app/ (imports point down: app → components → lib)." },
  { target: "./lib", from: "./components", message: "lib/ does not import components/." },
  { target: "./lib/platform", from: DASHBOARD, message: "The platform does not import the dashboard's code." },
  { target: "./lib/api", from: "./lib/dashboard", message: "The platform client (lib/api) does not import lib/dashboard." },
];

/**
 * The areas below the dashboard's, each allowed only what is listed (its own folder always): translations are a utility,
 * the actions' typed answers, money and the answers' contract read nothing else, the platform client is a library, auth
 * reads no dashboard area.
 * Tests may reach further (a client test starts our own platform), so these zones apply to non-test files only.
 */
const AREAS = [
  { target: "./lib/i18n", from: "./lib", except: ["./i18n"], message: "lib/i18n imports no other area of lib/." },
  {
    target: "./lib/actions",
    from: "./lib",
    // lib/api/outage.ts: which failures mean the platform is not answering (plain, no server code).
    except: ["./actions", "./i18n", "./api/outage.ts"],
    message: "lib/actions imports only lib/i18n and lib/api/outage.ts.",
  },
  { target: "./lib/money", from: "./lib", except: ["./money"], message: "lib/money imports nothing from lib/." },
  {
    target: "./lib/contract",
    from: "./lib",
    except: ["./contract"],
    message: "lib/contract (the answers of /api/v1, read by the platform and the client alike) imports nothing from lib/.",
  },
  {
    target: "./lib/api",
    from: "./lib",
    except: ["./api", "./contract", "./db", "./config.mjs", "./crypto"],
    message: "lib/api imports only lib/contract, lib/db, lib/config.mjs and lib/crypto.",
  },
  {
    target: "./lib/auth",
    from: "./lib",
    except: ["./auth", "./actions", "./api", "./config.mjs", "./crypto", "./db", "./http", "./i18n", "./process-bridge.mjs"],
    message: "lib/auth imports only lib/actions, lib/api, lib/config.mjs, lib/crypto, lib/db, lib/http, lib/i18n and lib/process-bridge.mjs.",
  },
];

/**
 * zod reaches the browser only through lib/forms/zod-client.ts, which turns its `new Function` probe off first (the
 * Content-Security-Policy has no 'unsafe-eval'): a "use client" module may not load zod (or its react-hook-form resolver)
 * itself. Type-only imports load nothing and pass; server modules import zod as they like.
 */
const ZOD_IN_CLIENT = (() => {
  const inClient = 'Program:has(> ExpressionStatement[directive="use client"])';
  // `\u002F` (in the selector) is "/", which would end the selector's regular expression.
  const zod = "/^(zod|@hookform\\u002Fresolvers\\u002Fzod)(\\u002F|$)/";
  const message = 'A "use client" module reaches zod through @/lib/forms/zod-client (or lazyZodResolver), which sets zod\'s jitless mode first.';
  return [
    { selector: `${inClient} ImportDeclaration[importKind!="type"][source.value=${zod}]`, message },
    { selector: `${inClient} ExportNamedDeclaration[exportKind!="type"][source.value=${zod}]`, message },
    { selector: `${inClient} ExportAllDeclaration[source.value=${zod}]`, message },
    { selector: `${inClient} ImportExpression[source.value=${zod}]`, message },
  ];
})();

const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/test-helpers.ts", "lib/api/test-platform.ts", "lib/testing/**"];

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
      "import/no-restricted-paths": ["error", { zones: [...LAYERS, ...AREAS] }],
      // A cycle between modules: found by following every import (types too), at any depth.
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    name: "project/zod-in-client",
    files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs}"],
    rules: { "no-restricted-syntax": ["error", ...ZOD_IN_CLIENT] },
  },
  {
    name: "project/layers-in-tests",
    files: TESTS,
    rules: { "import/no-restricted-paths": ["error", { zones: LAYERS }] },
  },
]);
