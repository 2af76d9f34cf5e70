import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "."),
      // Tests run outside React's server environment; the marker module must not throw there.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    exclude: ["e2e/**", "node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // DASHBOARD_EXPORT_WORKER=0: servers that tests spawn run no contact export worker unless a test turns it on.
    env: { PLATFORM_LOG_REQUESTS: "0", NEXT_TELEMETRY_DISABLED: "1", DASHBOARD_EXPORT_WORKER: "0" },
    fileParallelism: true,
    projects: [
      // Server code, the platform and the scripts: Node, real databases, real HTTP.
      {
        extends: true,
        test: {
          name: "node",
          include: ["lib/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          // Every answer of /api/v1 a test receives is held against the OpenAPI document; the run prints how many were.
          setupFiles: ["lib/testing/contract-setup.ts"],
          globalSetup: ["lib/testing/contract-summary.ts"],
        },
      },
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
