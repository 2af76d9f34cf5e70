/**
 * npm run bench:lighthouse [-- --preset desktop] [--runs N] [--pages overview,lists] [--save DIR] — Lighthouse's performance, accessibility and best-practices scores of
 * the dashboard's main pages: login, overview, contacts, a contact (with its accounts), lists, a list, activity, settings.
 * The mobile preset by default (Lighthouse's own: a phone, a slow network, a slowed CPU), as the goals are stated.
 *
 * A fresh seeded dashboard served by the production build (lib/testing/seeded-dashboard.ts; run `next build` first),
 * a few records added to the demo "Orders" list through the API, the owner signed in over HTTP: the session cookie
 * goes with every page (`extraHeaders`, and the browser's cookie jar: see bench/lighthouse-pages.mjs), the login page
 * goes without it. Debian's Chromium through
 * chrome-launcher, headless (bench/lighthouse-pages.mjs, run by plain Node: tsx would rename the functions Lighthouse
 * sends into the page, which then fail there). Prints one table; goals on the pages people work in (overview,
 * contacts, a contact, lists, activity): performance ≥ 95, accessibility and best practices 100.
 * Figures only: nothing here passes or fails.
 */
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import path from "node:path";
import { signInForCookie, startSeededDashboard } from "@/lib/testing/seeded-dashboard";
import { reportRatio } from "./report";

const EMAIL = "owner@example.com";
// The demo seed's "Orders" list (lib/dashboard/demo-data.ts) and its first contact, who has two accounts.
const ORDERS_LIST = "0b6c3c1e-1111-4a2b-8c3d-000000000001";
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, "best-practices": 100 };
/** The pages the goals hold for. */
const GOAL_PAGES = new Set(["overview", "contacts", "contact", "lists", "activity"]);
// The project's way with a command's options (as scripts/openapi.ts): node's parseArgs, an unknown option refused.
const { values: options } = parseArgs({
  options: { preset: { type: "string", default: "mobile" }, runs: { type: "string", default: "3" }, pages: { type: "string" }, save: { type: "string" } },
  strict: true,
});
const PRESET = options.preset;
/** Runs per page: a page's score is the median of its runs (Lighthouse's own advice, as one run varies by several points). */
const RUNS = Math.max(1, Number.parseInt(options.runs, 10) || 3);
/** `--pages overview,lists`: only those pages. */
const ONLY = options.pages?.split(",");
/** `--save DIR`: each run's whole report as DIR/<page>-<n>.json, to read what a score is made of. */
const SAVE = options.save ? path.resolve(options.save) : undefined;

const ALL_PAGES: { name: string; path: string; signedIn: boolean }[] = [
  { name: "login", path: "/login", signedIn: false },
  { name: "overview", path: "/", signedIn: true },
  { name: "contacts", path: "/contacts", signedIn: true },
  { name: "contact", path: "/contacts/1", signedIn: true },
  { name: "lists", path: "/lists", signedIn: true },
  { name: "list", path: `/lists/${ORDERS_LIST}`, signedIn: true },
  { name: "activity", path: "/activity", signedIn: true },
  { name: "settings", path: "/settings", signedIn: true },
];
const PAGES = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.name)) : ALL_PAGES;

/** Per page, the run of median performance (its other scores and its problems with it). */
function medianRuns(runs: PageScores[]): PageScores[] {
  return PAGES.map((page) => {
    const mine = runs.filter((run) => run.name === page.name).sort((a, b) => a.scores[0] - b.scores[0]);
    return mine[Math.floor(mine.length / 2)];
  });
}

/** One page's line of bench/lighthouse-pages.mjs's answer. */
interface PageScores {
  name: string;
  scores: number[];
  problems: string[];
}

async function addRecords(baseUrl: string, apiKey: string): Promise<void> {
  for (let n = 1; n <= 5; n++) {
    const answer = await fetch(`${baseUrl}/api/v1/addListItem`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ schema_id: ORDERS_LIST, item: { sku: `SKU-${1000 + n}`, price: 1250 * n, paid: n % 2 === 0 } }),
    });
    if (answer.status !== 201) throw new Error(`addListItem answered ${answer.status}: ${await answer.text()}`);
  }
}

async function main(): Promise<void> {
  const dashboard = await startSeededDashboard({ name: "lighthouse", contacts: 50, users: [`${EMAIL}:owner`], env: { PLATFORM_RATE_LIMIT: "100000" } });
  try {
    const { url } = dashboard.server;
    await addRecords(url, dashboard.apiKey);
    const cookie = await signInForCookie(url, EMAIL, dashboard.password);
    for (const page of PAGES) {
      // One visit first to warm the server's route: not scored.
      await fetch(`${url}${page.path}`, { headers: page.signedIn ? { cookie } : {} });
    }
    const output = execFileSync(process.execPath, ["--experimental-websocket", path.join(process.cwd(), "bench/lighthouse-pages.mjs")], {
      input: JSON.stringify({
        pages: Array.from({ length: RUNS }, () => PAGES.map((page) => ({ ...page, url: `${url}${page.path}` }))).flat(),
        cookie,
        categories: CATEGORIES,
        preset: PRESET,
        save: SAVE,
      }),
      stdio: ["pipe", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    });
    const rows = medianRuns(JSON.parse(output.toString("utf8")) as PageScores[]);
    console.log(
      `\n  preset: ${PRESET}, the median of ${RUNS} runs a page\n  ${"page".padEnd(10)} ${"performance".padStart(11)} ${"accessibility".padStart(13)} ${"best-practices".padStart(14)}`,
    );
    for (const row of rows) {
      const [performance, accessibility, bestPractices] = row.scores;
      console.log(`  ${row.name.padEnd(10)} ${String(performance).padStart(11)} ${String(accessibility).padStart(13)} ${String(bestPractices).padStart(14)}`);
    }
    console.log("\n  audits that cost points (goals: performance ≥ 95, accessibility and best practices 100):");
    for (const row of rows) console.log(`  ${row.name.padEnd(10)} ${row.problems.join(", ") || "none"}`);
    // The headline: each category's lowest page of those the goals hold for, against its goal.
    const held = rows.filter((row) => GOAL_PAGES.has(row.name));
    if (held.length === 0) return;
    for (const [index, category] of CATEGORIES.entries()) {
      const lowest = held.reduce((low, row) => (row.scores[index] < low.scores[index] ? row : low));
      reportRatio({
        bench: "lighthouse",
        measure: `${category} (${PRESET}), lowest of ${held.length} pages (${lowest.name})`,
        value: lowest.scores[index],
        goal: { atLeast: GOALS[category] },
      });
    }
  } finally {
    await dashboard.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
