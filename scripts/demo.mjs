#!/usr/bin/env node
// `npm run demo [-- --no-build] [-- --reset]`: builds the app, seeds the embedded platform and the
// dashboard in DATA_DIR (default ./.data), connects the dashboard to its own platform,
// and serves it on PORT/HOSTNAME, printing the address, the keys and — last, so that
// they stay on screen — the logins.
//
// - next build runs unless --no-build is given and .next exists.
// - Platform data is seeded only into an empty data directory; a second run reuses it. The seed gives it a
//   history ending today (contacts over the last 120 days, money moved on most days, the members' activity,
//   a finished bulk adjustment and export, saved views, list records), the same on every fresh run.
//   --reset deletes the demo's DATA_DIR first (only one the demo made: it holds
//   dashboard-secrets.json), so the run seeds a fresh platform.
//   The three demo users get new passwords on every run, so that they can be printed.
// - Settings come from the environment and the .env files of the working directory (.env.production.local, .env.local,
//   .env.production, .env; lib/core/config.mjs, loadEnvFiles), the environment winning.
// - NEXTAUTH_SECRET (sessions), DASHBOARD_ENCRYPTION_KEY (the stored API key) and
//   PLATFORM_OPERATOR_TOKEN (the operator interface, /api/operator/*) are taken from the
//   environment, else generated once and kept in DATA_DIR/dashboard-secrets.json (mode 600).
// - The server's own output (one JSON line per request, the export worker's lines) goes to
//   DATA_DIR/server.log, so that it does not push the logins off the screen.
// - PGlite allows one process per data directory: the seed runs, closes, then the server starts.
//   A DATA_DIR that another process holds, or a PORT in use, stops the demo at once with one line;
//   "Dashboard ready" is printed only once the server it started itself answers and owns DATA_DIR.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError, ensureDataDir, readOwnerRecord, realDataDir } from "../lib/db/data-dir-lock.mjs";
import { configOrExit, environmentForChild, loadEnvFiles } from "../lib/core/config.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const args = new Set(process.argv.slice(2));

function refuse(line) {
  console.error(`demo: ${line}`);
  process.exit(1);
}

// The .env files of the working directory (the app's, under npm), as DATA_DIR's default is, before any setting is read
// (the environment wins); the build, the seed and the server inherit what they set.
loadEnvFiles();
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
  ensureDataDir(dataDir);
  const file = path.join(dataDir, "dashboard-secrets.json");
  let stored = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, "utf8"));
  const secrets = {
    NEXTAUTH_SECRET: settings.dashboard.authSecret || stored.NEXTAUTH_SECRET || randomBytes(32).toString("base64url"),
    DASHBOARD_ENCRYPTION_KEY: settings.dashboard.encryptionKey?.toString("hex") || stored.DASHBOARD_ENCRYPTION_KEY || randomBytes(32).toString("hex"),
    PLATFORM_OPERATOR_TOKEN: settings.platform.operatorToken || stored.PLATFORM_OPERATOR_TOKEN || randomBytes(24).toString("base64url"),
  };
  const toStore = {
    NEXTAUTH_SECRET: settings.dashboard.authSecret ? stored.NEXTAUTH_SECRET : secrets.NEXTAUTH_SECRET,
    DASHBOARD_ENCRYPTION_KEY: settings.dashboard.encryptionKey ? stored.DASHBOARD_ENCRYPTION_KEY : secrets.DASHBOARD_ENCRYPTION_KEY,
    PLATFORM_OPERATOR_TOKEN: settings.platform.operatorToken ? stored.PLATFORM_OPERATOR_TOKEN : secrets.PLATFORM_OPERATOR_TOKEN,
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

/** The last thing the demo prints: where it is, its keys, where its log goes, and the logins at the very end. */
function printLogins(url, seed, operatorToken, logFile) {
  const stored = settings.platform.operatorToken ? "from PLATFORM_OPERATOR_TOKEN" : `kept in ${path.join(dataDir, "dashboard-secrets.json")}`;
  const lines = [
    "",
    "Dashboard ready",
    `  URL:             ${url}`,
    `  API key:         ${seed.apiKey}   (the demo platform's Pro key holder; the dashboard already uses it)`,
    `  Operator token:  ${operatorToken}   (Bearer token of /api/operator/*; ${stored})`,
    `  Server log:      ${logFile}   (one line per request; tail -f it to watch)`,
    "  Stop: Ctrl+C. Start over: npm run demo -- --reset",
    "",
    "  Logins:",
    ...seed.users.map((user) => `    ${user.role.padEnd(8)} ${user.email.padEnd(24)} ${user.password}`),
    "",
  ];
  console.log(lines.join("\n"));
}

/** --reset: deletes DATA_DIR, but only one the demo made (it holds dashboard-secrets.json), never an arbitrary directory. */
function resetDataDir() {
  if (!fs.existsSync(dataDir)) return;
  if (!fs.existsSync(path.join(dataDir, "dashboard-secrets.json"))) {
    refuse(
      `--reset deletes only a data directory the demo made (with dashboard-secrets.json); ${dataDir} is not one. Delete it yourself or pick another DATA_DIR.`,
    );
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`Deleted ${dataDir} (--reset).`);
}

/** The end of the server's log, for a server that stopped before it was ready. */
function logTail(logFile) {
  try {
    return fs.readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-20).join("\n");
  } catch {
    return "";
  }
}

async function main() {
  await checkDataDirFree();
  await checkPortFree();
  if (args.has("--reset")) {
    if (settings.databaseUrl) refuse("--reset works on the embedded database only (DATA_DIR); with DATABASE_URL, reset that database yourself.");
    resetDataDir();
  }
  const secrets = loadSecrets();
  const env = { ...environmentForChild(), ...secrets, DATA_DIR: dataDir, PORT: port, HOSTNAME: hostname, NEXT_TELEMETRY_DISABLED: "1" };

  const built = fs.existsSync(path.join(root, settings.nextDistDir, "BUILD_ID"));
  if (!(args.has("--no-build") && built)) {
    console.log("Building (next build)…");
    await run(bin("next"), ["build"], env);
  }

  console.log(`Seeding ${dataDir}…`);
  // --history: a fresh platform gets the demo's history (money moved, activity, a bulk adjustment, an export), written by
  // the dashboard's server code, hence its import condition.
  const seedArgs = ["--conditions=react-server", "scripts/seed-dashboard.ts", "--contacts", contacts, "--history"];
  const output = await run(bin("tsx"), seedArgs, env, true);
  const seed = JSON.parse(output.trim().split("\n").at(-1));
  console.log(seed.seeded ? "Seeded a fresh platform." : "Reused the existing data (passwords were reset).");

  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  console.log(`Starting the server; its log goes to ${logFile}…`);
  const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], { cwd: root, env, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  let ready = false;
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => {
    if (!ready) console.error(`demo: the server stopped before it was ready; the end of ${logFile}:\n${logTail(logFile)}`);
    process.exit(code ?? (signal ? 1 : 0));
  });
  const shown = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname;
  const url = `http://${shown}:${port}`;
  await waitForHealth(url, server);
  ready = true;
  printLogins(url, seed, secrets.PLATFORM_OPERATOR_TOKEN, logFile);
}

main().catch((error) => {
  console.error(`demo: ${error.message}`);
  process.exit(1);
});
