#!/usr/bin/env node
// The browser tests' server: a fresh data directory (E2E_DATA_DIR), a small seeded
// dataset with known passwords and API key, then `npm start` (scripts/start.mjs) from the existing
// build (.next) on E2E_PORT. Its output is also written to DATA_DIR/server.log,
// which the key-leak test searches.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const dataDir = process.env.E2E_DATA_DIR;
const port = process.env.E2E_PORT || "3100";
if (!dataDir || !process.env.E2E_API_KEY || !process.env.E2E_PASSWORD) {
  console.error("e2e/serve.mjs: run through playwright (E2E_DATA_DIR, E2E_API_KEY and E2E_PASSWORD come from playwright.config.ts)");
  process.exit(2);
}
if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("e2e/serve.mjs: no build in .next — run `NEXT_TELEMETRY_DISABLED=1 ./node_modules/.bin/next build` first");
  process.exit(2);
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const log = fs.createWriteStream(path.join(dataDir, "server.log"));

// The outage test's server (E2E_FAULT_PORT): its dashboard calls the suite's platform through a platform that fails on
// demand (lib/testing/fault-platform.mjs, started here, controlled with POST /__fault), with its own small timeouts.
const faultPort = process.env.E2E_FAULT_PORT;
const throughFaults = faultPort
  ? {
      PLATFORM_BASE_URL: `http://127.0.0.1:${faultPort}`,
      PLATFORM_API_KEY: process.env.E2E_API_KEY,
      PLATFORM_BREAKER_COOL_DOWN_MS: process.env.E2E_BREAKER_COOL_DOWN_MS || "15000",
    }
  : {};

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  PORT: port,
  // From playwright.config.ts: high for the suite's server, small for the budget test's.
  PLATFORM_RATE_LIMIT: process.env.E2E_RATE_LIMIT || "120",
  NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET,
  PLATFORM_OPERATOR_TOKEN: process.env.E2E_OPERATOR_TOKEN,
  METRICS: "1",
  METRICS_TOKEN: process.env.E2E_METRICS_TOKEN,
  PLATFORM_BASE_URL: "",
  PLATFORM_API_KEY: "",
  ...throughFaults,
  NEXT_TELEMETRY_DISABLED: "1",
  NODE_ENV: "production",
};
delete env.NEXT_DIST_DIR;

function pipe(child) {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk) => {
      log.write(chunk);
      process.stdout.write(chunk);
    });
  }
}

const users = [
  "owner@example.com:owner",
  "lead@example.com:lead",
  "support@example.com:support",
  "throttle@example.com:support",
  "demoted@example.com:lead",
  "removed@example.com:support",
  // The tests that sign out or end sessions use users of their own.
  "signout@example.com:support",
  "leaver@example.com:support",
  "sessions@example.com:support",
  "leaver2@example.com:support",
  "watched@example.com:lead",
  "audited@example.com:support",
  "changer@example.com:support",
  "guessed@example.com:support",
  "twofactor@example.com:support",
  "stepup@example.com:support",
  "lostphone@example.com:support",
  // The first-screen test's exports: a member of its own, so that other tests' exports never hold its three slots.
  "firstscreen@example.com:support",
].join(",");
const seed = spawn(
  bin("tsx"),
  // Behind the fault platform, the contacts are the suite's server's: none of its own.
  ["scripts/seed-dashboard.ts", "--contacts", faultPort ? "0" : "300", "--users", users, "--password-env", "E2E_PASSWORD", "--api-key-env", "E2E_API_KEY"],
  {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  },
);
pipe(seed);
const code = await new Promise((resolve) => seed.on("exit", resolve));
if (code !== 0) {
  console.error(`e2e/serve.mjs: seeding failed (${code})`);
  process.exit(1);
}

if (faultPort) {
  const { startFaultPlatform } = await import("../lib/testing/fault-platform.mjs");
  await startFaultPlatform({ upstream: `http://127.0.0.1:${process.env.E2E_UPSTREAM_PORT}`, port: Number(faultPort) });
}

// The production server, as `npm start` runs it.
const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
  cwd: root,
  env: { ...env, HOSTNAME: "127.0.0.1" },
  stdio: ["ignore", "pipe", "pipe"],
});
pipe(server);
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (exitCode, signal) => process.exit(exitCode ?? (signal ? 0 : 1)));
