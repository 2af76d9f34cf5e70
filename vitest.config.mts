import { defineConfig } from "vitest/config";
import path from "node:path";
import { engineTestFiles, literalGlob, NODE_TEST_ROOTS, POOLER_TESTS } from "./scripts/test-plan.ts";

// Which test runs on which engine: scripts/test-plan.ts, docs/testing.md. One run holds every project, so that
// both workers stay busy from the first file to the last.
const root = import.meta.dirname;
const engineTests = engineTestFiles(root).map(literalGlob);
// …and the root's own (instrumentation-client.test.ts).
const nodeTests = [...NODE_TEST_ROOTS.map((dir) => `${dir}/**/*.test.ts`), "*.test.ts"];
// The PostgreSQL server (scripts/ensure-postgres.sh), and PgBouncer in front of it (scripts/pgbouncer.sh): each
// project below exists when its address is given.
const server = process.env.TEST_DATABASE_URL;
const pooler = process.env.TEST_PGBOUNCER_URL;

// Node tests: the platform, the dashboard's server code and the scripts; real databases, real HTTP. Every answer
// of /api/v1 a test receives is held against the OpenAPI document; the run prints how many were.
const node = { setupFiles: ["lib/testing/contract-setup.ts"], globalSetup: ["lib/testing/contract-summary.ts"] };

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(root, "."),
      // Tests run outside React's server environment; the marker module must not throw there.
      "server-only": path.resolve(root, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    exclude: ["e2e/**", "node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two cores: two files at a time; a file waiting on a server it started leaves its core to the other.
    maxWorkers: 2,
    // DASHBOARD_EXPORT_WORKER=0: servers that tests spawn run no contact export worker unless a test turns it on.
    env: { PLATFORM_LOG_REQUESTS: "0", NEXT_TELEMETRY_DISABLED: "1", DASHBOARD_EXPORT_WORKER: "0" },
    fileParallelism: true,
    // Beside the usual output, each file's project, duration and counts: the table that ends `npm test`.
    reporters: ["default", ["./scripts/test-timings-reporter.ts", { file: path.join(root, ".test-data", "timings", "vitest.json") }]],
    projects: [
      // Touches no database: once. Each file in a process of its own, as everywhere: sharing one (isolate: false) made
      // a component test fail once in four runs (a document left over from another file).
      {
        extends: true,
        test: { name: "unit", include: nodeTests, exclude: ["e2e/**", "node_modules/**", ...engineTests], ...node },
      },
      // Reaches the test database: on the embedded engine…
      {
        extends: true,
        test: { name: "pglite", include: engineTests, env: { TEST_DATABASE_URL: "", TEST_DATABASE_DIRECT_URL: "" }, ...node },
      },
      // …on the PostgreSQL server…
      ...(server
        ? [{ extends: true, test: { name: "postgres", include: engineTests, env: { TEST_DATABASE_URL: server, TEST_DATABASE_DIRECT_URL: "" }, ...node } }]
        : []),
      // …and, what a transaction pooler can break, through PgBouncer (queries through it, databases made on the server).
      ...(server && pooler
        ? [
            {
              extends: true,
              test: {
                name: "pgbouncer",
                include: POOLER_TESTS.map(literalGlob),
                env: { TEST_DATABASE_URL: pooler, TEST_DATABASE_DIRECT_URL: server },
                ...node,
              },
            },
          ]
        : []),
      // Components: rendered into jsdom with Testing Library (`*.test.tsx`).
      {
        extends: true,
        test: {
          name: "components",
          include: ["components/**/*.test.tsx", "lib/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["lib/testing/dom-setup.ts"],
        },
      },
    ],
  },
});
