import { randomBytes } from "node:crypto";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests against the production server, `npm start` (scripts/start.mjs),
 * on the default build in .next (build first), on a fresh data directory seeded by e2e/serve.mjs. Values are put in
 * process.env once, so that the server and every worker share them.
 */
const stamp = new Date().toISOString().replace(/[-:.TZ]/g, "");
process.env.E2E_PORT ??= "3100";
process.env.E2E_DATA_DIR ??= path.resolve(".test-data", `e2e-${stamp}`);
process.env.E2E_API_KEY ??= `e2e_${randomBytes(24).toString("hex")}`;
process.env.E2E_PASSWORD ??= `pw-${randomBytes(9).toString("base64url")}`;
process.env.E2E_OPERATOR_TOKEN ??= `op-${randomBytes(16).toString("hex")}`;
process.env.E2E_NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
// The servers serve /metrics (METRICS=1) behind this token (e2e/metrics.api.spec.ts).
process.env.E2E_METRICS_TOKEN ??= `metrics-${randomBytes(24).toString("hex")}`;
// The suite's server allows more API requests a minute than any ordinary test makes (two workers through one key
// would outrun the real 120 and turn assertions into waits). The budget and its waits are tested on purpose against
// a second server with a small limit (e2e/budget.spec.ts). Set here only.
process.env.E2E_RATE_LIMIT ??= "100000";
process.env.E2E_BUDGET_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_BUDGET_DATA_DIR ??= path.resolve(".test-data", `e2e-budget-${stamp}`);
process.env.E2E_BUDGET_RATE_LIMIT ??= "12";

// The outage test's server: its dashboard reaches the suite's platform through a platform that fails on demand.
process.env.E2E_OUTAGE_PORT ??= String(Number(process.env.E2E_PORT) + 2);
// Named for the outage server alone: e2e/serve.mjs starts a fault platform only where E2E_FAULT_PORT is set.
process.env.E2E_OUTAGE_FAULT_PORT ??= String(Number(process.env.E2E_PORT) + 3);
process.env.E2E_OUTAGE_DATA_DIR ??= path.resolve(".test-data", `e2e-outage-${stamp}`);
// Short, so that the test sees the breaker open and close within its time.
process.env.E2E_BREAKER_COOL_DOWN_MS ??= "3000";

export const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const budgetURL = `http://127.0.0.1:${process.env.E2E_BUDGET_PORT}`;
export const outageURL = `http://127.0.0.1:${process.env.E2E_OUTAGE_PORT}`;

export default defineConfig({
  testDir: "e2e",
  // A loaded two-core machine (other builds, PGlite) makes some walks slow; no assertion depends on speed.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The JSON report feeds the table that ends `npm test` (scripts/test-summary.mjs): specs and their durations.
  reporter: [["list"], ["json", { outputFile: path.resolve(".test-data", "timings", "playwright.json") }]],
  // Several runs may share a checkout: each can have its own port (E2E_PORT) and output folder (E2E_OUTPUT_DIR).
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  use: {
    baseURL,
    headless: true,
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell, which npm test installs): the browser without its
      // windowing parts, as Playwright's own headless builds are; the suite took 0.77× the time of full Chromium.
      executablePath: "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "api", testMatch: /.*\.api\.spec\.ts/, dependencies: ["setup"] },
    { name: "chromium", testMatch: /.*\.spec\.ts/, testIgnore: [/.*\.api\.spec\.ts/, /two-factor\.spec\.ts/], dependencies: ["setup"] },
    // After all the others: it sets a step-up threshold for a while, and while a rule is in force an owner without
    // two-factor (the other specs' owner@example.com) may not issue links, reset two-factor or make owners.
    { name: "team-rules", testMatch: /two-factor\.spec\.ts/, dependencies: ["chromium", "api"] },
  ],
  webServer: [
    {
      command: "node e2e/serve.mjs",
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      // The server's output goes to DATA_DIR/server.log (read by the key-leak test), not to the test report.
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Same seed and key, its own data directory, and the small limit the budget test needs.
      command: "node e2e/serve.mjs",
      url: `${budgetURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { E2E_PORT: process.env.E2E_BUDGET_PORT!, E2E_DATA_DIR: process.env.E2E_BUDGET_DATA_DIR!, E2E_RATE_LIMIT: process.env.E2E_BUDGET_RATE_LIMIT! },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Same seed and key, its own data directory; its platform is the suite's server's, through the fault platform.
      command: "node e2e/serve.mjs",
      url: `${outageURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        E2E_PORT: process.env.E2E_OUTAGE_PORT!,
        E2E_DATA_DIR: process.env.E2E_OUTAGE_DATA_DIR!,
        E2E_FAULT_PORT: process.env.E2E_OUTAGE_FAULT_PORT!,
        E2E_UPSTREAM_PORT: process.env.E2E_PORT!,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
