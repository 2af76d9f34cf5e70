#!/usr/bin/env node
// `npm start`: the production server, on PORT (default 3000) and HOSTNAME
// (default 127.0.0.1), from the build in NEXT_DIST_DIR (default .next).
//
// One node:http server: /api/v1/<method> is answered by the platform's own
// handler (lib/platform/node-handler.ts, set up by instrumentation.ts inside the
// built app), everything else by Next. The API needs none of Next's page
// machinery, which costs several times the API's own work per request.
//
// SIGTERM/SIGINT shut down gracefully: stop accepting connections, let
// in-flight requests finish, stop the background jobs (each hands its work back),
// close Next and the database, exit 0. After SHUTDOWN_TIMEOUT_MS (default
// 25000) open connections are cut; a shutdown that still hangs exits 1.
//
// Settings come from the environment and the .env files of the working directory (.env.production.local, .env.local,
// .env.production, .env: lib/core/config.mjs, loadEnvFiles), the environment winning.
//
// Refusals come first, each as one line on stderr and exit 1, before anything
// is served or written: a variable that is wrong (lib/core/config.mjs), no
// NEXTAUTH_SECRET, a DATABASE_URL (or DATABASE_DIRECT_URL) that stays unreachable after a few tries or a
// DATA_DIR that cannot be created or written, an embedded DATA_DIR that another process holds (its
// lock, lib/db/data-dir-lock.mjs, is taken here, before the port, and the
// database opens under it), then a port in use.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError, ensureDataDir } from "../lib/db/data-dir-lock.mjs";
import { applyServerDefaults, configOrExit, loadEnvFiles, startProblem } from "../lib/core/config.mjs";
import { processBridge } from "../lib/core/process-bridge.mjs";
import { isCredentialsSignIn, signInAdmission, signInOutcomes } from "../lib/auth/sign-in-admission.mjs";
import { log } from "../lib/core/log.mjs";
import { answerMetrics, collectProcessMetrics, isMetricsPath } from "../lib/core/metrics.mjs";

// The .env files first (as Next reads them, the real environment winning), then the defaults, which only fill what is
// still unset: a file's value counts before the configuration is checked.
loadEnvFiles();
applyServerDefaults();

function refuse(line) {
  process.stderr.write(`npm start: ${line}\n`);
  process.exit(1);
}

// The configuration first: a value that is wrong stops the start with one line naming it.
const settings = configOrExit("npm start");
const problem = startProblem(settings);
if (problem) refuse(problem);
const { port, hostname, shutdownTimeoutMs, metrics } = settings;

/** DATA_DIR must exist (it is created) and take a write, before anything else uses it. */
function checkDataDirWritable(dir) {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    ensureDataDir(dir);
    fs.writeFileSync(probe, "ok");
    fs.rmSync(probe, { force: true });
  } catch (error) {
    refuse(`DATA_DIR ${dir} cannot be created or written (${error.code ?? error.message}); set DATA_DIR= to a directory this user can write.`);
  }
}

/**
 * The database server answers, within a few tries (a server that is still starting gets its time).
 * @param {string} variable the variable that holds the address, for the refusal
 */
async function checkDatabaseReachable(variable, databaseUrl) {
  const { default: pg } = await import("pg");
  const target = new URL(databaseUrl);
  const where = `${target.hostname}:${target.port || 5432}${target.pathname}`;
  const tries = 5;
  let last = "";
  for (let attempt = 1; attempt <= tries; attempt++) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      last = error.code ?? error.message;
      // A refusal by the server itself (wrong password, no such database) does not get better by waiting.
      if (typeof error.code === "string" && /^(28|3D)/.test(error.code)) break;
      if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
    }
  }
  refuse(`${variable}: the database at ${where} cannot be reached (${last}); check the address and that the server runs.`);
}

const shownHost = ["0.0.0.0", "::", ""].includes(hostname) ? "127.0.0.1" : hostname.includes(":") ? `[${hostname}]` : hostname;
const url = `http://${shownHost}:${port}`;

// The same directory lib/db/client.ts opens (databaseOptionsFromEnv); the lock's owner record names this server's address.
let dataDirClaim = null;
if (settings.databaseUrl) {
  await checkDatabaseReachable("DATABASE_URL", settings.databaseUrl);
  if (settings.databaseDirectUrl) await checkDatabaseReachable("DATABASE_DIRECT_URL", settings.databaseDirectUrl);
} else {
  checkDataDirWritable(settings.dataDir);
  try {
    dataDirClaim = await acquireDataDirLock(settings.dataDir, { url });
  } catch (error) {
    if (error instanceof DataDirLockedError) refuse(error.message);
    throw error;
  }
}

const { default: next } = await import("next");
const app = next({ dev: false, hostname, port, dir: process.cwd() });
const handleNext = app.getRequestHandler();
// The port is taken before Next is prepared (a busy port is refused at once); requests wait for it.
const prepared = app.prepare();
let isPrepared = false;
prepared.then(
  () => (isPrepared = true),
  () => undefined,
);

const server = http.createServer((req, res) => {
  if (isPrepared) return handle(req, res);
  prepared.then(
    () => handle(req, res),
    () => {
      res.statusCode = 503;
      res.end();
    },
  );
});

// An idle keep-alive connection stays open longer than a client or proxy keeps one for reuse (Node's agents 5 s, load
// balancers commonly 60 s). With Node's default of 5 s both ends drop it at the same moment, and a request the client
// sends on it just then is reset (ECONNRESET). The client closes first now; shutdown still closes idle ones at once.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

function handle(req, res) {
  // As a proxy's $proxy_add_x_forwarded_for: the address that connected is always the last hop, so that a
  // client cannot pose as another address (the sign-in throttle, lib/auth/options.ts, reads it with TRUSTED_PROXIES).
  const remote = req.socket.remoteAddress;
  if (remote) {
    const prior = req.headers["x-forwarded-for"];
    req.headers["x-forwarded-for"] = prior ? `${prior}, ${remote}` : remote;
  }
  // Prometheus metrics on the main port (METRICS=1 without METRICS_PORT), before Next: no session, no page machinery.
  if (metrics.enabled && metrics.port === null && isMetricsPath(req.url)) return scrape(req, res);
  if (refuseBusySignIn(req, res)) return;
  // Set by instrumentation.ts once the app has started (see below); until then Next answers everything.
  if (processBridge().platformApiHandler?.(req, res)) return;
  handleNext(req, res).catch((error) => {
    log.error("unhandled error in the Next handler", { error });
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end();
    } else res.destroy();
  });
}

/**
 * A credentials sign-in while every password check of this instance is taken and its queue
 * full (lib/auth/password.ts, the gate in lib/core/process-bridge.mjs), or past the sign-ins this
 * instance lets through a second (lib/auth/sign-in-admission.mjs), is refused here, before Next and
 * next-auth spend anything on it: 429 with Retry-After, and the body next-auth's client
 * reads (`url` with error=busy:<seconds>), as the sign-in route itself answers it.
 * A storm of sign-ins then costs the other requests almost nothing.
 */
function refuseBusySignIn(req, res) {
  if (!isCredentialsSignIn(req.method, req.url)) return false;
  if (!processBridge().passwordCheckGate?.full && signInAdmission().tryAdmit()) return false;
  signInOutcomes.inc({ outcome: "busy" });
  const seconds = 1;
  const proto =
    String(req.headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      .trim() === "https"
      ? "https"
      : "http";
  const login = new URL(`/login?error=${encodeURIComponent(`busy:${seconds}`)}`, `${proto}://${req.headers.host ?? url.replace(/^https?:\/\//, "")}`);
  req.resume();
  res.writeHead(429, { "content-type": "application/json", "retry-after": String(seconds), "cache-control": "no-store" });
  res.end(JSON.stringify({ url: login.href }));
  return true;
}

/** Answers GET /metrics (lib/core/metrics.mjs); a scrape that fails is a 500 and a log line. */
function scrape(req, res) {
  answerMetrics(req, res, metrics).catch((error) => {
    log.error("metrics scrape failed", { error });
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  });
}

/** METRICS_PORT: /metrics alone on its own port (on HOSTNAME), so that a firewall can keep it from the public. */
let metricsServer = null;
if (metrics.enabled) {
  collectProcessMetrics();
  if (metrics.port !== null) {
    metricsServer = http.createServer((req, res) => {
      if (isMetricsPath(req.url)) return scrape(req, res);
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Only /metrics is served on this port.\n");
    });
    await new Promise((resolve) => {
      metricsServer.once("error", (error) =>
        refuse(`METRICS_PORT ${metrics.port} on ${hostname} cannot be listened on (${error.code ?? error.message}); set METRICS_PORT= to a free port.`),
      );
      metricsServer.listen(metrics.port, hostname, resolve);
    });
  }
}

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => void shutdown(signal));

await new Promise((resolve) => {
  server.once("error", (error) => {
    if (error.code === "EADDRINUSE")
      refuse(`port ${port} on ${hostname} is in use by another process; set PORT= to pick another (e.g. PORT=${port + 1} npm start).`);
    refuse(`cannot listen on ${hostname}:${port}: ${error.message}`);
  });
  server.listen(port, hostname, resolve);
});
await prepared;
// Next runs instrumentation.ts (migrations, the export worker, the API handler)
// on its first request: make that request now, so that the server is ready when it says so.
const health = await fetch(`${url}/api/health`).catch((error) => ({ status: 0, error }));
if (health.status !== 200) log.error("the app did not start cleanly", { health: health.status });
if (!processBridge().platformApiHandler) log.warn("the platform API handler is missing; Next answers /api/v1 itself");
log.info("listening", { url: `http://${hostname}:${port}`, pid: process.pid });

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  const hardStop = setTimeout(() => {
    log.error("shutdown did not finish in time; exiting");
    process.exit(1);
  }, shutdownTimeoutMs + 5_000);
  hardStop.unref();
  const cut = setTimeout(() => server.closeAllConnections(), shutdownTimeoutMs);
  cut.unref();
  // Keep-alive connections that go idle after their last response are closed too.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  const jobs = [...(processBridge().backgroundJobs?.values() ?? [])];
  await Promise.allSettled([closed, ...jobs.map((job) => job.stop())]);
  clearInterval(sweep);
  clearTimeout(cut);
  await app.close().catch((error) => log.error("closing Next failed", { error }));
  const database = await processBridge().database?.catch(() => undefined);
  await database?.close().catch((error) => log.error("closing the database failed", { error }));
  await dataDirClaim?.release();
  log.info("stopped", { signal });
  process.exit(0);
}
