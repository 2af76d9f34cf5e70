#!/usr/bin/env node
// `npm run demo [-- --no-build]`: builds the app, seeds the embedded platform and the
// dashboard in DATA_DIR (default ./.data), connects the dashboard to its own platform,
// and serves it on PORT/HOSTNAME, printing the address, the API key and the logins.
//
// - next build runs unless --no-build is given and .next exists.
// - Platform data is seeded only into an empty data directory; a second run reuses it.
//   The three demo users get new passwords on every run, so that they can be printed.
// - NEXTAUTH_SECRET (sessions) and DASHBOARD_ENCRYPTION_KEY (the stored API key) are
//   taken from the environment, else generated once and kept in
//   DATA_DIR/dashboard-secrets.json (mode 600).
// - PGlite allows one process per data directory: the seed runs, closes, then the server starts.
//   A DATA_DIR that another process holds, or a PORT in use, stops the demo at once with one line;
//   "Dashboard ready" is printed only once the server it started itself answers and owns DATA_DIR.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError, readOwnerRecord, realDataDir } from "../lib/db/data-dir-lock.mjs";
import { configOrExit, environmentForChild } from "../lib/config.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const args = new Set(process.argv.slice(2));

function refuse(line) {
  console.error(`demo: ${line}`);
  process.exit(1);
}

const settings = configOrExit("demo");
const dataDir = settings.dataDir;
const port = String(settings.port);
const hostname = settings.hostname;
const contacts = String(settings.demoContacts);

function run(command, commandArgs, env, capture = false) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, env, stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"] });
    let out = "";
    if (capture) child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(command)} ${commandArgs[0] ?? ""} exited with ${code}`))));
  });
}

function loadSecrets() {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "dashboard-secrets.json");
  let stored = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, "utf8"));
  const secrets = {
    NEXTAUTH_SECRET: settings.dashboard.authSecret || stored.NEXTAUTH_SECRET || randomBytes(32).toString("base64url"),
    DASHBOARD_ENCRYPTION_KEY: settings.dashboard.encryptionKey?.toString("hex") || stored.DASHBOARD_ENCRYPTION_KEY || randomBytes(32).toString("hex"),
  };
  const toStore = {
    NEXTAUTH_SECRET: settings.dashboard.authSecret ? stored.NEXTAUTH_SECRET : secrets.NEXTAUTH_SECRET,
    DASHBOARD_ENCRYPTION_KEY: settings.dashboard.encryptionKey ? stored.DASHBOARD_ENCRYPTION_KEY : secrets.DASHBOARD_ENCRYPTION_KEY,
  };
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    fs.writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  fs.chmodSync(file, 0o600);
  return secrets;
}

/** Stops before building or seeding when another process holds DATA_DIR (its lock is taken and given back at once). */
async function checkDataDirFree() {
  if (settings.databaseUrl) return;
  try {
    await (await acquireDataDirLock(dataDir)).release();
  } catch (error) {
    if (error instanceof DataDirLockedError) refuse(error.message);
    throw error;
  }
}

async function checkPortFree() {
  await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error) =>
      refuse(
        error.code === "EADDRINUSE"
          ? `port ${port} on ${hostname} is in use by another process; set PORT= to pick another (e.g. PORT=${Number(port) + 1} npm run demo).`
          : `cannot listen on ${hostname}:${port}: ${error.message}`,
      ),
    );
    probe.listen(Number(port), hostname, () => probe.close(resolve));
  });
}

/** Our own server: alive, and (on the embedded database) the owner of DATA_DIR — not another server on the same address. */
function isOwnServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) throw new Error("the server exited");
  return Boolean(settings.databaseUrl) || readOwnerRecord(realDataDir(dataDir))?.pid === child.pid;
}

async function waitForHealth(url, child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("the server exited");
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok && isOwnServer(child)) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not become healthy");
}

function printLogins(url, seed) {
  const lines = [
    "",
    "Dashboard ready",
    `  URL:      ${url}`,
    `  API key:  ${seed.apiKey}   (the demo platform's Pro key holder; the dashboard already uses it)`,
    "  Logins:",
    ...seed.users.map((user) => `    ${user.role.padEnd(8)} ${user.email.padEnd(24)} ${user.password}`),
    "",
  ];
  console.log(lines.join("\n"));
}

async function main() {
  await checkDataDirFree();
  await checkPortFree();
  const secrets = loadSecrets();
  const env = { ...environmentForChild(), ...secrets, DATA_DIR: dataDir, PORT: port, HOSTNAME: hostname, NEXT_TELEMETRY_DISABLED: "1" };

  const built = fs.existsSync(path.join(root, settings.nextDistDir, "BUILD_ID"));
  if (!(args.has("--no-build") && built)) {
    console.log("Building (next build)…");
    await run(bin("next"), ["build"], env);
  }

  console.log(`Seeding ${dataDir}…`);
  const output = await run(bin("tsx"), ["scripts/seed-dashboard.ts", "--contacts", contacts], env, true);
  const seed = JSON.parse(output.trim().split("\n").at(-1));
  console.log(seed.seeded ? "Seeded a fresh platform." : "Reused the existing data (passwords were reset).");

  const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], { cwd: root, env, stdio: "inherit" });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  const shown = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname;
  const url = `http://${shown}:${port}`;
  await waitForHealth(url, server);
  printLogins(url, seed);
}

main().catch((error) => {
  console.error(`demo: ${error.message}`);
  process.exit(1);
});
