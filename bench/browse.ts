/**
 * npm run bench:browse — the contact browser's server time at a million contacts, on PostgreSQL.
 *
 * Seeds BENCH_BROWSE_CONTACTS (default 1,000,000) contacts with the demo fixtures (scripts/seed-dashboard.ts: the
 * operator's generate_contacts, three bots) into a scratch database, VACUUM ANALYZE, serves the production build
 * (`npm start`; run `next build` first) with DATABASE_URL pointing at it, signs in, and times document requests with the
 * session cookie (the full HTML, as a browser's navigation receives it), BENCH_BROWSE_RUNS (15) after two warm-ups:
 *
 * - /contacts, the first page;
 * - /contacts with a filter, a bot and a date range as the page's URL state writes it (`?bot=…&from=…&to=…`);
 * - a deep page (`?page=5000`, BENCH_BROWSE_DEEP_PAGE);
 * - one contact's page (/contacts/<id>, a contact in the middle of the ids).
 *
 * The server logs every platform request (PLATFORM_LOG_REQUESTS=1): the lines that arrive while a document request is
 * answered are its platform calls (the requests are sent one after another), so each view prints how many it made and
 * their median time in the gateway. The floor is the view's own data call(s) measured alone through the handler
 * (bench/handler.ts, no HTTP), and "page / floor" is what the dashboard adds around them.
 *
 * "server CPU" is the CPU time the server's process spent per request (Linux /proc), a figure a loaded machine disturbs
 * less than the wall time.
 *
 * Environment: BENCH_BROWSE_CONTACTS, BENCH_BROWSE_RUNS, BENCH_BROWSE_DEEP_PAGE, DATABASE_ADMIN_URL (else
 * scripts/ensure-postgres.sh), BENCH_BROWSE_DATABASE: a database name to seed once and keep (a second run with the same
 * name and scale reuses it, so that before/after runs skip the seeding); without it a scratch database is dropped at the end.
 * BENCH_BROWSE_BUILDS: build folders to compare ("main-build,.next", each made with NEXT_DIST_DIR=<folder> next build),
 * served side by side on the same database and asked in turns, so that both see the same load; default the one in
 * NEXT_DIST_DIR (.next).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "@/lib/db/client";
import { createScratchDatabase } from "@/lib/db/testing/database";
import { startServer, type ServerInstance } from "@/lib/testing/server";
import { postgresServerUrl } from "./postgres";
import { signInForCookie } from "@/lib/testing/seeded-dashboard";
import { getTextFromHandler, ms, percentile, timed } from "./handler";
import { reportRatio } from "./report";

const COUNT = Number(process.env.BENCH_BROWSE_CONTACTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_BROWSE_RUNS ?? 15);
const DEEP_PAGE = Number(process.env.BENCH_BROWSE_DEEP_PAGE ?? 5000);
const KEEP = process.env.BENCH_BROWSE_DATABASE ?? "";
const BUILDS = (process.env.BENCH_BROWSE_BUILDS || process.env.NEXT_DIST_DIR || ".next").split(",").map((dir) => dir.trim());
const EMAIL = "owner@example.com";
/** The demo's Shop bot and a year of its contacts (the fixtures spread them over 2024 and 2025). */
const FILTER_BOT = 101;
const FILTER_FROM = "2024-03-01";
const FILTER_TO = "2025-02-28";
const SIZE = 20;

interface View {
  name: string;
  path: string;
  /** The platform calls the view's data needs, each timed alone through the handler. */
  floor: { method: string; params: Record<string, unknown> }[];
}

/** CPU milliseconds a process has used so far (user + system), from /proc; null where there is none. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) ".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const unix = (day: string, end = false) => Date.parse(`${day}T${end ? "23:59:59" : "00:00:00"}Z`) / 1000;
const median = (values: number[]) => percentile(values, 50);

/** A database on the server: a kept one (created when missing) or a scratch one dropped at the end. */
async function databaseFor(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!KEEP) return createScratchDatabase(serverUrl, "bench_browse");
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(KEEP)) throw new Error(`BENCH_BROWSE_DATABASE must be a plain name: ${KEEP}`);
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [KEEP]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${KEEP}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${KEEP}`;
  return { url: url.toString(), drop: async () => {} };
}

async function main(): Promise<void> {
  for (const dir of BUILDS) if (!fs.existsSync(path.join(dir, "BUILD_ID"))) throw new Error(`no production build in ${dir}: run next build first`);
  const target = await databaseFor(postgresServerUrl());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-browse-"));
  const password = `pw-${randomBytes(9).toString("base64url")}`;
  const apiKey = `bench_${randomBytes(24).toString("hex")}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: target.url,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    PLATFORM_BASE_URL: "",
    PLATFORM_API_KEY: "",
    PLATFORM_RATE_LIMIT: "1000000",
    PLATFORM_LOG_REQUESTS: "1",
    DASHBOARD_EXPORT_LOG: "0",
    DASHBOARD_EXPORT_WORKER: "0",
    BENCH_PASSWORD: password,
    BENCH_API_KEY: apiKey,
    NODE_ENV: "production",
  };
  const database = await openDatabase({ url: target.url });
  let stopServer = async () => {};
  try {
    const { db } = database;
    const [{ n: before }] = await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM platform.contacts`);
    if (Number(before) !== 0 && Number(before) !== COUNT) throw new Error(`${KEEP} holds ${before} contacts, not ${COUNT}: drop it or use another name`);
    console.log(`${Number(before) === 0 ? "seeding" : "reusing"} ${target.url.replace(/\/\/[^@]*@/, "//")} (${COUNT.toLocaleString("en")} contacts)…`);
    const [, seedTime] = await timed(async () =>
      execFileSync(
        path.join(process.cwd(), "node_modules/.bin/tsx"),
        [
          "scripts/seed-dashboard.ts",
          ...["--contacts", String(COUNT), "--users", `${EMAIL}:owner`],
          ...["--password-env", "BENCH_PASSWORD", "--api-key-env", "BENCH_API_KEY"],
        ],
        { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] },
      ),
    );
    if (Number(before) === 0) {
      const [, vacuumTime] = await timed(() => db.execute(sql`VACUUM ANALYZE`));
      console.log(`seeded in ${(seedTime / 1000).toFixed(1)} s, VACUUM ANALYZE ${(vacuumTime / 1000).toFixed(1)} s`);
    }
    const [{ id: contactId }] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id::text AS id FROM platform.contacts WHERE NOT preview AND NOT deleted ORDER BY id OFFSET ${Math.floor(COUNT / 2)} LIMIT 1`,
    );

    const views: View[] = [
      { name: "first page", path: "/contacts", floor: [{ method: "getContacts", params: { count: SIZE, page: 1 } }] },
      {
        name: "bot + dates",
        path: `/contacts?bot=${FILTER_BOT}&from=${FILTER_FROM}&to=${FILTER_TO}`,
        floor: [
          {
            method: "getContacts",
            params: { bot_id: FILTER_BOT, date_from: unix(FILTER_FROM), date_to: unix(FILTER_TO, true), count: SIZE, page: 1 },
          },
        ],
      },
      { name: `page ${DEEP_PAGE}`, path: `/contacts?page=${DEEP_PAGE}`, floor: [{ method: "getContacts", params: { count: SIZE, page: DEEP_PAGE } }] },
      { name: "a contact", path: `/contacts/${contactId}`, floor: [{ method: "getContact", params: { contact_id: Number(contactId) } }] },
    ];

    // One server per build, each with the platform request log lines it writes.
    interface Served {
      dir: string;
      server: ServerInstance;
      cookie: string;
      lines: { api_method: string; duration_ms: number }[];
    }
    const served: Served[] = [];
    stopServer = async () => {
      for (const { server } of served) server.signal("SIGTERM");
      await Promise.all(served.map(({ server }) => server.exited));
    };
    for (const dir of BUILDS) {
      const entry = { dir, lines: [] } as unknown as Served;
      entry.server = await startServer({
        env: { ...env, NEXT_DIST_DIR: dir },
        onLine: (line) => {
          if (!line.startsWith("{")) return;
          try {
            const log = JSON.parse(line) as { msg?: string; api_method?: string; duration_ms?: number };
            if (log.msg === "request" && log.api_method) entry.lines.push({ api_method: log.api_method, duration_ms: log.duration_ms ?? 0 });
          } catch {
            /* not a log line */
          }
        },
      });
      served.push(entry);
      entry.cookie = await signInForCookie(entry.server.url, EMAIL, password);
    }
    const load = async ({ server, cookie }: Served, url: string) => {
      const answer = await fetch(`${server.url}${url}`, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
      const html = await answer.text();
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
      if (!html.includes("</html>")) throw new Error(`${url}: no full document`);
      return html;
    };

    interface Figures {
      times: number[];
      cpu: number[];
      calls: number[];
      callMs: number[];
      methods: Map<string, number>;
    }
    const results: { view: View; floor: number; builds: Figures[] }[] = [];
    for (const view of views) {
      const figures: Figures[] = served.map(() => ({ times: [], cpu: [], calls: [], callMs: [], methods: new Map() }));
      for (const entry of served) for (let i = 0; i < 2; i++) await load(entry, view.path);
      // In turns, so that every build sees the same moments of the machine's load.
      for (let i = 0; i < RUNS; i++) {
        for (const [b, entry] of served.entries()) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          entry.lines = [];
          const cpuBefore = cpuMsOf(entry.server.child.pid);
          const [, time] = await timed(() => load(entry, view.path));
          const cpuAfter = cpuMsOf(entry.server.child.pid);
          // The log line is written before the answer returns; let the pipe deliver it.
          await new Promise((resolve) => setTimeout(resolve, 30));
          const f = figures[b];
          f.times.push(time);
          if (cpuBefore !== null && cpuAfter !== null) f.cpu.push(cpuAfter - cpuBefore);
          f.calls.push(entry.lines.length);
          f.callMs.push(entry.lines.reduce((sum, line) => sum + line.duration_ms, 0));
          for (const line of entry.lines) f.methods.set(line.api_method, (f.methods.get(line.api_method) ?? 0) + 1);
        }
      }
      // The floor: the same data calls, alone, through the gateway's handler in this process.
      const floorTimes: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        let sum = 0;
        for (const call of view.floor) sum += (await timed(() => getTextFromHandler(db, apiKey, call.method, call.params)))[1];
        floorTimes.push(sum);
      }
      results.push({ view, floor: median(floorTimes), builds: figures });
    }

    console.log(
      `\n${COUNT.toLocaleString("en")} contacts, PostgreSQL, ${RUNS} runs per view (${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")})`,
    );
    const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : NaN);
    for (const [b, dir] of BUILDS.entries()) {
      if (BUILDS.length > 1) console.log(`\nbuild ${dir}`);
      console.log(`view            p50 ms  p95 ms  server CPU ms  calls  calls ms   floor ms  p50/floor  platform calls per request`);
      for (const { view, floor, builds } of results) {
        const { times, cpu, calls, callMs, methods } = builds[b];
        const perRequest = [...methods].map(([method, n]) => `${method}×${(n / RUNS).toFixed(n % RUNS ? 1 : 0)}`).join(" ");
        console.log(
          `${view.name.padEnd(14)} ${ms(median(times))} ${ms(percentile(times, 95))}        ${ms(mean(cpu))}  ${String(median(calls)).padStart(5)}  ` +
            `${ms(median(callMs))}    ${ms(floor)}  ${(median(times) / floor).toFixed(1).padStart(8)}×  ${perRequest || "-"}`,
        );
      }
    }
    if (BUILDS.length === 2) {
      console.log(`\n${BUILDS[1]} against ${BUILDS[0]} (p50, p95, server CPU per request)`);
      for (const { view, builds } of results) {
        const [a, b] = builds;
        const change = (x: number, y: number) => `${ms(x)} → ${ms(y)} (${(((y - x) / x) * 100).toFixed(0).padStart(4)}%)`;
        console.log(
          `${view.name.padEnd(14)} ${change(median(a.times), median(b.times))}  ${change(percentile(a.times, 95), percentile(b.times, 95))}  ` +
            `${change(mean(a.cpu), mean(b.cpu))}`,
        );
      }
    }
    console.log(`goal: p50 <= 150 ms for every view (issue 21)`);
    // For npm run bench: the last build's figures (the one measured, or the "after" of a comparison).
    const last = BUILDS.length - 1;
    for (const { view, floor, builds } of results) {
      const p50 = median(builds[last].times);
      const scale = `${COUNT.toLocaleString("en")} contacts, pg`;
      reportRatio({ bench: "browse", measure: `${view.name} server time p50 (${scale})`, value: p50, unit: "ms", goal: { atMost: 150 } });
      reportRatio({ bench: "browse", measure: `${view.name} p50 vs its platform calls alone (${scale})`, value: p50, unit: "ms", floor, ratio: p50 / floor });
    }
  } finally {
    await stopServer();
    await database.close();
    await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
