/**
 * npm run bench:accounts [-- --no-build] [--seconds N]
 *
 * Top-ups and debits per second through the production server (scripts/start.mjs,
 * as `npm start` runs it, on a fresh `next build`) on PostgreSQL,
 * with 1 and 16 concurrent clients, beside the floor: a minimal node:http + pg
 * server running the same SQL (bench/accounts-floor.ts). Prints both and the
 * ratio; the goal is at least half of the floor.
 *
 * - PostgreSQL: scripts/ensure-postgres.sh, and a fresh database dropped at the end.
 * - Build: NEXT_DIST_DIR=.next-bench (BENCH_DIST_DIR to change it); `--no-build`
 *   reuses an existing build. The build runs under flock so that two benchmarks
 *   never write the same folder at once.
 * - `--profile <dir>` writes a CPU profile of the app server into <dir>.
 * - Each client owns its key holder and account, so that clients compete for
 *   the server and the database, not for one rate-limit counter row.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { freePort } from "@/lib/testing/free-port";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/db/testing/database";
import { postgresServerUrl } from "./postgres";
import { buildInto } from "./build";
import { reportRatio } from "./report";

const args = process.argv.slice(2);
const NO_BUILD = args.includes("--no-build");
const SECONDS = Number(args[args.indexOf("--seconds") + 1]) || 4;
const WARMUP_SECONDS = 1;
const CLIENT_COUNTS = [1, 16];
const DIST_DIR = process.env.BENCH_DIST_DIR || ".next-bench";
/** `--profile <dir>`: the app server writes a V8 CPU profile there when it stops (for finding the hot path). */
const PROFILE_DIR = args.includes("--profile") ? path.resolve(args[args.indexOf("--profile") + 1]) : null;
const ROOT = process.cwd();
const OPERATOR_TOKEN = `bench-${randomUUID()}`;
const children: ChildProcess[] = [];

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function createDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(postgresServerUrl(), "bench_accounts");
}

function build(): void {
  const buildId = path.join(ROOT, DIST_DIR, "BUILD_ID");
  if (NO_BUILD && fs.existsSync(buildId)) {
    log(`build: reusing ${DIST_DIR} (--no-build)`);
    return;
  }
  log(`build: next build into ${DIST_DIR} …`);
  const started = Date.now();
  buildInto(ROOT, DIST_DIR, "ignore");
  log(`build: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function start(command: string, commandArgs: string[], env: Record<string, string>): ChildProcess {
  // Its own process group, so that stopping it also stops whatever it started (next's workers, tsx's node).
  const child = spawn(command, commandArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  children.push(child);
  return child;
}

function stopChildren(): void {
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
}

async function waitFor(url: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Slot {
  key: string;
  accountId: number;
}

/** One key holder, project, bot, contact and account per client, with a balance no benchmark can exhaust. */
async function loadFixtures(baseUrl: string): Promise<Slot[]> {
  const slots = Math.max(...CLIENT_COUNTS);
  const doc = {
    reset: true,
    accounts: [] as unknown[],
    projects: [] as unknown[],
    bots: [] as unknown[],
    contacts: [] as unknown[],
    contact_accounts: [] as unknown[],
  };
  const result: Slot[] = [];
  for (let i = 1; i <= slots; i++) {
    const key = `bench-key-${i}-${randomUUID()}`;
    const projectUuid = randomUUID();
    doc.accounts.push({ id: i, email: `bench${i}@example.com`, name: `Bench ${i}`, plan: "pro", api_key: key });
    doc.projects.push({ uuid: projectUuid, account_id: i, name: `Bench ${i}` });
    doc.bots.push({ id: 1000 + i, project_uuid: projectUuid, name: `Bench bot ${i}` });
    doc.contacts.push({ id: 10_000 + i, bot_id: 1000 + i, messenger: "telegram", name: `Bench ${i}`, telegram_id: String(10_000 + i) });
    doc.contact_accounts.push({ id: 100_000 + i, contact_id: 10_000 + i, currency: "USD", amount: "1000000000000000" });
    result.push({ key, accountId: 100_000 + i });
  }
  const response = await fetch(`${baseUrl}/api/operator/fixtures`, {
    method: "POST",
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(doc),
  });
  if (response.status !== 200) throw new Error(`fixtures: ${response.status} ${await response.text()}`);
  return result;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

interface Measure {
  /** CPU of the server process per answered request, in ms: the machine-load-independent cost. */
  cpuPerRequest: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `HEALTH` measures an empty answer (GET /api/health): the framework's own cost per request. */
const HEALTH = "health";

function post(agent: http.Agent, baseUrl: string, method: string, slot: Slot, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const health = method === HEALTH;
    const request = http.request(
      health ? `${baseUrl}/api/health` : `${baseUrl}/api/v1/${method}`,
      {
        method: health ? "GET" : "POST",
        agent,
        headers: health
          ? { accept: "application/json" }
          : {
              accept: "application/json",
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
              authorization: `Bearer ${slot.key}`,
            },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(method === HEALTH ? undefined : body);
  });
}

/** `clients` loops, each calling its own account back to back; warm-up first, then SECONDS measured. */
async function measure(baseUrl: string, method: string, slots: Slot[], clients: number, serverPid: number | undefined): Promise<Measure> {
  const cpuBefore = cpuMs(serverPid);
  let answered = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const warmupEnd = Date.now() + WARMUP_SECONDS * 1000;
  let measureStart = 0;
  let measureEnd = Infinity;
  const loop = async (slot: Slot) => {
    const body = JSON.stringify({ account_id: slot.accountId, amount: 1, description: "Benchmark" });
    for (;;) {
      const now = Date.now();
      if (now >= measureEnd) return;
      if (!measuring && now >= warmupEnd) {
        measuring = true;
        measureStart = now;
        measureEnd = now + SECONDS * 1000;
      }
      const counted = measuring;
      const started = performance.now();
      const status = await post(agent, baseUrl, method, slot, body);
      answered++;
      if (status !== 200) errors++;
      else if (counted && Date.now() <= measureEnd) latencies.push(performance.now() - started);
    }
  };
  await Promise.all(slots.slice(0, clients).map(loop));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const cpuPerRequest = (cpuMs(serverPid) - cpuBefore) / answered;
  return { cpuPerRequest, perSecond: latencies.length / ((measureEnd - measureStart) / 1000), p50: at(0.5), p99: at(0.99), errors };
}

async function main(): Promise<void> {
  const database = await createDatabase();
  try {
    build();
    const appPort = await freePort();
    const floorPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      PLATFORM_RATE_LIMIT: "1000000000",
      PLATFORM_OPERATOR_TOKEN: OPERATOR_TOKEN,
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    };
    const profile = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    // The production server, as `npm start` runs it.
    const app = start(process.execPath, [...profile, path.join(ROOT, "scripts/start.mjs")], { ...env, PORT: String(appPort), HOSTNAME: "127.0.0.1" });
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitFor(`${appUrl}/api/health`, 120);
    const slots = await loadFixtures(appUrl);
    // node --import tsx: one process, so that its CPU time can be read.
    const floorServer = start(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/accounts-floor.ts")], {
      DATABASE_URL: database.url,
      PORT: String(floorPort),
    });
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    await waitFor(`${floorUrl}/api/v1/none`, 60);

    const rows: string[][] = [];
    const ratios: number[] = [];
    for (const [label, method] of [
      ["top-up", "addFundsToContactAccount"],
      ["debit", "withdrawFundsFromContactAccount"],
      ["(empty GET /api/health)", HEALTH],
    ] as const) {
      for (const clients of CLIENT_COUNTS) {
        // App and floor measured back to back, so that both see the same machine load.
        const appResult = await measure(appUrl, method, slots, clients, app.pid);
        const floor = await measure(floorUrl, method, slots, clients, floorServer.pid);
        const ratio = appResult.perSecond / floor.perSecond;
        if (method !== HEALTH) ratios.push(ratio);
        rows.push([
          label,
          String(clients),
          appResult.perSecond.toFixed(0),
          `${appResult.p50.toFixed(1)}/${appResult.p99.toFixed(1)}`,
          appResult.cpuPerRequest.toFixed(2),
          floor.perSecond.toFixed(0),
          `${floor.p50.toFixed(1)}/${floor.p99.toFixed(1)}`,
          floor.cpuPerRequest.toFixed(2),
          ratio.toFixed(2),
          String(appResult.errors + floor.errors),
        ]);
        log(`measured ${label} × ${clients}: app ${appResult.perSecond.toFixed(0)}/s, floor ${floor.perSecond.toFixed(0)}/s`);
        reportRatio({
          bench: "accounts",
          measure: `${label}, ${clients} client${clients === 1 ? "" : "s"} (app vs bare handler)`,
          value: appResult.perSecond,
          unit: "req/s",
          floor: floor.perSecond,
          ratio,
          // The empty GET shows the framework's own cost: a figure, not a goal.
          goal: method === HEALTH ? undefined : { atLeast: 0.5 },
        });
      }
    }
    const header = [
      "operation",
      "clients",
      "app req/s",
      "app p50/p99 ms",
      "app cpu ms/req",
      "floor req/s",
      "floor p50/p99 ms",
      "floor cpu ms/req",
      "app/floor",
      "errors",
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join("  ");
    const [load1] = fs.readFileSync("/proc/loadavg", "utf8").split(" ");
    console.log(
      `\naccounts benchmark: ${SECONDS} s per measurement after ${WARMUP_SECONDS} s warm-up, PostgreSQL, npm start (scripts/start.mjs, ${DIST_DIR}); load average ${load1}`,
    );
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    const worst = Math.min(...ratios);
    console.log(`\nlowest app/floor ratio: ${worst.toFixed(2)} (goal ≥ 0.50: ${worst >= 0.5 ? "met" : "NOT met"})`);
  } finally {
    stopChildren();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop().catch((error) => log(`drop database: ${error}`));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    stopChildren();
    console.error(error);
    process.exit(1);
  },
);
