import { defineConfig } from "vitest/config";
import path from "node:path";

/** `npm run test:chaos`: the crash test only (scripts/*.chaos.ts); it stops by itself within 5 minutes. */
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
    env: { PLATFORM_LOG_REQUESTS: "0", NEXT_TELEMETRY_DISABLED: "1" },
  },
});
