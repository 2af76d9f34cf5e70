/**
 * npm run bench:calls — platform requests per dashboard page view, and the wait
 * the shared request budget adds when ten people use the dashboard at once.
 *
 * A fresh embedded (PGlite) dashboard seeded as the browser tests seed it
 * (scripts/seed-dashboard.ts), served by the production build (`npm start`) with
 * the platform's real rate limit (PLATFORM_RATE_LIMIT unset: 120 a minute).
 * The platform logs one JSON line per API request (`api_method`); the client
 * logs "platform budget wait" whenever a call waited for the budget.
 *
 * 1. One signed-in browser (Debian's Chromium) walks the main pages once to
 *    warm the server (not counted), then twice more:
 *    overview, contacts, a contact's page with its ledger panel, lists, the new-list
 *    designer, a list's page with its records panel, activity. Each view waits
 *    for the page to settle (network idle); the platform requests logged during
 *    it are its requests. One line per page, then the mean.
 * 2. Ten people at a human pace: each opens one page every 5 s for 2 minutes
 *    (the same pages in turn, staggered), all on the one key. A budget wait is
 *    counted against every view in flight when it was logged; the p95 over
 *    views of the longest wait a view saw. On a loaded machine the crowd
 *    cannot keep the pace (view times are printed), so the requests a minute
 *    the walks' mean asks for at the intended pace are printed too.
 *
 * Needs a build (`next build`). Environment: BENCH_CALLS_PEOPLE (10),
 * BENCH_CALLS_SECONDS (120).
 */
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "@playwright/test";
import { startSeededDashboard } from "@/lib/testing/seeded-dashboard";
import { reportRatio } from "./report";

const PEOPLE = Number(process.env.BENCH_CALLS_PEOPLE ?? 10);
const SECONDS = Number(process.env.BENCH_CALLS_SECONDS ?? 120);
const PACE_MS = 5_000;
const EMAIL = "owner@example.com";
// The budget is measured at the platform's real limit.
delete process.env.PLATFORM_RATE_LIMIT;

interface LogLine {
  at: number;
  body: Record<string, unknown>;
}

const lines: LogLine[] = [];
function onLine(line: string): void {
  if (!line.startsWith("{")) return;
  try {
    lines.push({ at: Date.now(), body: JSON.parse(line) as Record<string, unknown> });
  } catch {
    /* not a log line */
  }
}
const platformRequests = (from: number, to: number) =>
  lines.filter((line) => line.at >= from && line.at <= to && line.body.msg === "request" && typeof line.body.api_method === "string");
const budgetWaits = (from: number, to: number) => lines.filter((line) => line.at >= from && line.at <= to && line.body.msg === "platform budget wait");

const quantile = (values: number[], q: number) =>
  values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

interface View {
  name: string;
  path: () => string;
}

/** The platform methods each page may call (the walks above print them), to attribute a logged wait to a view. */
const PAGE_CALLS: Record<string, string[]> = {
  overview: ["getContactStatistics", "getContactAccountStatistics"],
  contacts: ["getContacts", "getNumberOfContacts"],
  "contact + ledger": ["getContact", "getContactAccounts", "getContactAccountJournal"],
  lists: ["getListSchemas"],
  "designer (new list)": [],
  "list + records": ["getListSchema", "getListItems"],
  activity: [],
};

let listPath = "";
const VIEWS: View[] = [
  { name: "overview", path: () => "/" },
  { name: "contacts", path: () => "/contacts" },
  { name: "contact + ledger", path: () => "/contacts/1" },
  { name: "lists", path: () => "/lists" },
  { name: "designer (new list)", path: () => "/lists/new" },
  { name: "list + records", path: () => listPath },
  { name: "activity", path: () => "/activity" },
];

/** Polls that run while a page is open (the budget indicator, the export list): not part of settling. */
const POLLS = ["/api/dashboard/budget", "/api/dashboard/contacts/exports"];
const SETTLE_QUIET_MS = 400;
const SETTLE_LIMIT_MS = 30_000;

/**
 * Opens a page and waits until it has settled: loaded, then no request in flight
 * (client fetches included, polls excepted) for SETTLE_QUIET_MS.
 */
async function visit(page: Page, url: string): Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counted = (request: Request) => !POLLS.some((poll) => request.url().includes(poll));
  const started = (request: Request) => {
    if (counted(request)) {
      inFlight.add(request);
      lastChange = Date.now();
    }
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    const response = await page.goto(url, { waitUntil: "load", timeout: SETTLE_LIMIT_MS });
    if (!response || response.status() >= 400) throw new Error(`${url} answered ${response?.status()}`);
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    while (inFlight.size > 0 || Date.now() - lastChange < SETTLE_QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${url} did not settle in ${SETTLE_LIMIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
  // Log lines are written as the answers go out; let the pipe deliver them.
  await new Promise((resolve) => setTimeout(resolve, 100));
}

async function signIn(context: BrowserContext, password: string): Promise<void> {
  const csrf = (await (await context.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const answer = await context.request.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, email: EMAIL, password, json: "true" },
    maxRedirects: 0,
  });
  if (answer.status() !== 200) throw new Error(`sign-in answered ${answer.status()}`);
}

async function walk(page: Page, round: number, counts: Map<string, number[]>): Promise<void> {
  for (const view of VIEWS) {
    const from = Date.now();
    await visit(page, view.path());
    if (view.name === "lists" && !listPath) {
      listPath = (await page.locator('[data-testid="list-row"] a').first().getAttribute("href")) ?? "";
      if (!listPath) throw new Error("the seeded dashboard shows no list");
    }
    const requests = platformRequests(from, Date.now());
    counts.get(view.name)!.push(requests.length);
    const methods = requests.map((line) => line.body.api_method).join(", ");
    console.log(`  walk ${round} ${view.name.padEnd(20)} ${String(requests.length).padStart(2)}  ${methods}`);
  }
}

/** One person: a page every PACE_MS (or as soon as the previous one settled), the pages in turn. */
async function person(browser: Browser, state: Awaited<ReturnType<BrowserContext["storageState"]>>, baseURL: string, index: number, until: number) {
  const context = await browser.newContext({ baseURL, storageState: state });
  const page = await context.newPage();
  const views: { from: number; to: number; name: string }[] = [];
  await new Promise((resolve) => setTimeout(resolve, (index * PACE_MS) / PEOPLE));
  let turn = index;
  let next = Date.now();
  while (next < until) {
    const view = VIEWS[turn++ % VIEWS.length];
    const from = Date.now();
    try {
      await visit(page, view.path());
    } catch (error) {
      console.log(`  person ${index}: ${view.name}: ${error instanceof Error ? error.message : error}`);
    }
    views.push({ from, to: Date.now(), name: view.name });
    next += PACE_MS;
    const rest = next - Date.now();
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  await context.close();
  return views;
}

async function main(): Promise<void> {
  // 300 contacts, as the browser tests.
  const dashboard = await startSeededDashboard({ name: "calls", contacts: 300, users: [`${EMAIL}:owner`], env: { PLATFORM_LOG_REQUESTS: "1" }, onLine });
  const { server, password } = dashboard;
  const { default: config } = await import("../playwright.config");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: config.use?.launchOptions?.args, headless: true });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    await signIn(context, password);
    const page = await context.newPage();
    // Warm the server: every route loaded once (and whatever it caches filled); not counted.
    console.log(`\nserver ${server.url}; a warm-up walk (not counted), then two walks, platform requests per page view:`);
    await walk(page, 0, new Map(VIEWS.map((view) => [view.name, [] as number[]])));
    const counts = new Map(VIEWS.map((view) => [view.name, [] as number[]]));
    await walk(page, 1, counts);
    await walk(page, 2, counts);
    console.log("");
    console.log(`  ${"page".padEnd(20)} walk 1  walk 2  mean`);
    let total = 0;
    let views = 0;
    for (const view of VIEWS) {
      const values = counts.get(view.name)!;
      const sum = values.reduce((a, b) => a + b, 0);
      total += sum;
      views += values.length;
      console.log(`  ${view.name.padEnd(20)} ${String(values[0]).padStart(6)}  ${String(values[1]).padStart(6)}  ${(sum / values.length).toFixed(2)}`);
    }
    const state = await context.storageState();
    await context.close();

    console.log(`\n${PEOPLE} people, one page view each every ${PACE_MS / 1000} s for ${SECONDS} s, one key (limit 120/min):`);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const all = (await Promise.all(Array.from({ length: PEOPLE }, (_, index) => person(browser, state, server.url, index, until)))).flat();
    const ended = Date.now();
    // Each logged wait belongs to one view: one that was open when the call went and whose page makes that call
    // (getMe is any page's, through the cache); of several, the one opened last before it.
    const waitOf = all.map(() => 0);
    const waits = budgetWaits(started, ended);
    for (const line of waits) {
      const method = String(line.body.method);
      const owner = all
        .map((view, index) => ({ view, index }))
        .filter(({ view }) => view.from <= line.at && line.at <= view.to && (method === "getMe" || (PAGE_CALLS[view.name] ?? []).includes(method)))
        .sort((a, b) => b.view.from - a.view.from)[0];
      if (owner) waitOf[owner.index] += Number(line.body.wait_ms) || 0;
    }
    const byMethod = new Map<string, number[]>();
    for (const line of waits) {
      const name = `${String(line.body.method)} (${String(line.body.lane ?? "interactive")})`;
      byMethod.set(name, [...(byMethod.get(name) ?? []), Number(line.body.wait_ms) || 0]);
    }
    const requests = platformRequests(started, ended);
    const limited = requests.filter((line) => line.body.status === 429).length;
    const minutes = (ended - started) / 60_000;
    console.log(`  page views: ${all.length}; platform requests: ${requests.length} (${(requests.length / minutes).toFixed(0)}/min, ${limited} answered 429)`);
    console.log(`  budget waits logged: ${waits.length}; views that waited: ${waitOf.filter((wait) => wait > 0).length}`);
    for (const [name, values] of byMethod) console.log(`    ${name}: ${values.length} × (max ${Math.max(...values)} ms)`);
    const durations = all.map((view) => view.to - view.from);
    console.log(`  page view time: p50 ${quantile(durations, 0.5)} ms, p95 ${quantile(durations, 0.95)} ms (the machine's own load shows here)`);
    const intended = PEOPLE * (60_000 / PACE_MS);
    console.log(
      `  at the intended pace (${intended} views/min) the walks' mean asks for ${((total / views) * intended).toFixed(0)} platform requests/min (limit 120)`,
    );
    console.log(`  budget wait per page view: p50 ${quantile(waitOf, 0.5)} ms, p95 ${quantile(waitOf, 0.95)} ms, max ${Math.max(0, ...waitOf)} ms`);
    console.log(`\nplatform calls per page view: ${(total / views).toFixed(2)}`);
    reportRatio({ bench: "calls", measure: "platform calls per page view (mean of two walks)", value: total / views });
    reportRatio({ bench: "calls", measure: `budget wait per page view, p95 (${PEOPLE} people, ${SECONDS} s)`, value: quantile(waitOf, 0.95), unit: "ms" });
  } finally {
    await browser.close();
    await dashboard.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
