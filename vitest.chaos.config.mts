import { defineConfig } from "vitest/config";
import path from "node:path";

/**
 * `npm run test:chaos`: the crash tests only (scripts/*.chaos.ts: two instances killed mid-load, directly and behind nginx);
 * they stop by themselves within 5 minutes.
 */
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "."),
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["scripts/*.chaos.ts"],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    pool: "forks",
    // One file at a time: each runs its own instances and load on the machine's cores, and kills one mid-way.
    fileParallelism: false,
    // Its duration and count for the table that ends `npm test` (scripts/test.sh keeps one report per run).
    reporters: ["default", ["./scripts/test-timings-reporter.ts", { file: path.join(import.meta.dirname, ".test-data", "timings", "chaos.json") }]],
    env: { PLATFORM_LOG_REQUESTS: "0", NEXT_TELEMETRY_DISABLED: "1" },
  },
});
