/**
 * npm run bench:outage — how fast the dashboard's pages answer while the platform fails.
 *
 * Two fresh embedded dashboards from the production build: one is "the platform" (seeded contacts and key), the other
 * is the dashboard under test, whose PLATFORM_BASE_URL is a fault platform (lib/testing/fault-platform.mjs) in front
 * of the first, with the default timeouts and breaker but a shorter cool-down (BENCH_OUTAGE_COOL_DOWN_MS, 3000: the
 * bench heals the platform between pages). Signed in as an owner, every page is viewed once while the platform answers
 * (what the dashboard keeps is loaded). Then, for each fault (hang after accept, connection reset, 502, 503 with
 * Retry-After, a body that drips for a minute) and each page: the fault is set with the breaker closed, the page is
 * viewed BENCH_OUTAGE_VIEWS times (5), the platform heals and the breaker closes again (its cool-down, then a probe).
 * Per page the time to the first byte and to the whole page is printed: the first view (the breaker still closed:
 * goal ≤ the interactive answer timeout + 1 s) and p50/p95 of the views after it (the breaker open after a timeout or
 * three quick failures: goal ≤ 300 ms).
 *
 * Needs a build (`next build`). Environment: BENCH_OUTAGE_VIEWS (5), BENCH_CONTACTS (2000).
 */
import { config } from "@/lib/core/config.mjs";
import { startFaultPlatform } from "@/lib/testing/fault-platform.mjs";
import { signInForCookie, startSeededDashboard } from "@/lib/testing/seeded-dashboard";
import { reportRatio } from "./report";

const VIEWS = Number(process.env.BENCH_OUTAGE_VIEWS ?? 5);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 2_000);
const EMAIL = "owner@example.com";
const PAGES = ["/", "/contacts", "/api/dashboard/contacts?page=1", "/lists", "/settings", "/activity"] as const;
const FAULTS = ["hang", "reset", "502", "503", "drip"] as const;
const OPEN_GOAL_MS = 300;
const COOL_DOWN_MS = Number(process.env.BENCH_OUTAGE_COOL_DOWN_MS ?? 3_000);

interface Timing {
  firstByteMs: number;
  wholeMs: number;
  status: number;
}

async function view(baseUrl: string, path: string, cookie: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { cookie, accept: path.startsWith("/api/") ? "application/json" : "text/html" },
    redirect: "manual",
  });
  const firstByteMs = performance.now() - started;
  await response.arrayBuffer();
  return { firstByteMs, wholeMs: performance.now() - started, status: response.status };
}

const quantile = (values: number[], q: number) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * q) - 1)];
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "—");

/** Waits until the dashboard's breaker for the fault platform is closed: after its cool-down, a view's probe closes it. */
async function healed(base: string, cookie: string, faultBaseUrl: string, coolDownMs: number): Promise<void> {
  const origin = new URL(faultBaseUrl).origin;
  const deadline = Date.now() + coolDownMs + 30_000;
  for (;;) {
    const ready = (await (await fetch(`${base}/api/ready`)).json()) as { platforms?: { origin: string; state: string; consecutiveFailures: number }[] };
    const platform = ready.platforms?.find((entry) => entry.origin === origin);
    if (!platform || (platform.state === "closed" && platform.consecutiveFailures === 0)) return;
    if (Date.now() > deadline) throw new Error(`the breaker did not close: ${JSON.stringify(platform)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await view(base, "/", cookie);
  }
}

async function main(): Promise<void> {
  const answerMs = config().dashboard.platformTimeouts.interactive.answerMs;
  const firstGoalMs = answerMs + 1_000;
  const coolDownMs = COOL_DOWN_MS;
  // The platform's rate limit out of the way: this measures outages, not budget waits (bench:calls does).
  const upstream = await startSeededDashboard({
    name: "outage-platform",
    contacts: CONTACTS,
    users: [`${EMAIL}:owner`],
    env: { PLATFORM_RATE_LIMIT: "100000" },
  });
  const fault = await startFaultPlatform({ upstream: upstream.server.url });
  const dashboard = await startSeededDashboard({
    name: "outage-dashboard",
    contacts: 0,
    users: [`${EMAIL}:owner`],
    env: { PLATFORM_BASE_URL: fault.baseUrl, PLATFORM_API_KEY: upstream.apiKey, PLATFORM_BREAKER_COOL_DOWN_MS: String(coolDownMs) },
  });
  try {
    const base = dashboard.server.url;
    const cookie = await signInForCookie(base, EMAIL, dashboard.password);
    console.log(`\nbench:outage — ${VIEWS} views per page and fault; interactive answer timeout ${answerMs} ms, breaker cool-down ${coolDownMs} ms\n`);
    for (const path of PAGES) await view(base, path, cookie); // warm, and what the dashboard keeps is loaded

    console.log(
      `${"fault".padEnd(6)} ${"page".padEnd(32)} ${"first view: byte / whole".padEnd(26)} ${"open p50 byte / whole".padEnd(24)} ${"open p95 byte / whole".padEnd(24)}`,
    );
    const worstFirst: number[] = [];
    const worstOpen: number[] = [];
    for (const kind of FAULTS) {
      for (const path of PAGES) {
        await healed(base, cookie, fault.baseUrl, coolDownMs);
        fault.set(kind, { retryAfterSeconds: 30, dripMs: 1_000 });
        const timings: Timing[] = [];
        for (let i = 0; i < VIEWS; i++) timings.push(await view(base, path, cookie));
        const [first, ...open] = timings;
        const p50 = [
          quantile(
            open.map((t) => t.firstByteMs),
            0.5,
          ),
          quantile(
            open.map((t) => t.wholeMs),
            0.5,
          ),
        ];
        const p95 = [
          quantile(
            open.map((t) => t.firstByteMs),
            0.95,
          ),
          quantile(
            open.map((t) => t.wholeMs),
            0.95,
          ),
        ];
        worstFirst.push(first.wholeMs);
        if (Number.isFinite(p95[1])) worstOpen.push(p95[1]);
        const firstText = `${ms(first.firstByteMs)} / ${ms(first.wholeMs)} ${first.wholeMs <= firstGoalMs ? "ok" : "SLOW"}`;
        const openText = `${ms(p95[0])} / ${ms(p95[1])} ${p95[1] <= OPEN_GOAL_MS ? "ok" : "SLOW"}`;
        console.log(`${kind.padEnd(6)} ${path.padEnd(32)} ${firstText.padEnd(26)} ${`${ms(p50[0])} / ${ms(p50[1])}`.padEnd(24)} ${openText}`);
        fault.set("none");
      }
    }
    const firstWorst = Math.max(...worstFirst);
    const openWorst = Math.max(...worstOpen);
    console.log(
      `\nslowest first view of a fault: ${ms(firstWorst)} (goal ≤ ${ms(firstGoalMs)}); slowest p95 while the breaker is open: ${ms(openWorst)} (goal ≤ ${OPEN_GOAL_MS} ms)`,
    );
    reportRatio({ bench: "outage", measure: "slowest first page view of a fault (whole page)", value: firstWorst, unit: "ms", goal: { atMost: firstGoalMs } });
    reportRatio({ bench: "outage", measure: "slowest p95 page view while the breaker is open", value: openWorst, unit: "ms", goal: { atMost: OPEN_GOAL_MS } });
  } finally {
    await dashboard.stop();
    await fault.close();
    await upstream.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
