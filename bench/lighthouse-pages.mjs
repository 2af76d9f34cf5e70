// Lighthouse over the pages bench/lighthouse.ts sends on standard input (JSON: pages, cookie, categories), desktop
// preset, one headless Chromium; answers a JSON array of {name, scores, problems} on standard output. Plain Node on
// purpose: see bench/lighthouse.ts.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const { pages, cookie, categories } = JSON.parse(input);

/** What the console errors and the browser's issues were: the audit alone does not say. */
function detailsOf(audit) {
  if (!["errors-in-console", "inspector-issues"].includes(audit.id)) return "";
  const items = (audit.details?.items ?? []).map((item) => item.description ?? item.issueType ?? JSON.stringify(item).slice(0, 120));
  return items.length > 0 ? `: ${items.map((item) => String(item).slice(0, 160)).join("; ")}` : "";
}

const rows = [];
for (const page of pages) {
  // A fresh browser for every page: a page's own cookies (the time zone's) would be sent instead of extraHeaders' Cookie.
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"] });
  try {
    const flags = { port: chrome.port, logLevel: "error", onlyCategories: categories, ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}) };
    const result = await lighthouse(page.url, flags, desktopConfig);
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    const { lhr } = result;
    if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
    const scores = categories.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
    // The audits that cost points, for the follow-up.
    const problems = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && !["informative", "manual", "notApplicable"].includes(audit.scoreDisplayMode))
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}${detailsOf(audit)}`);
    rows.push({ name: page.name, scores, problems });
    console.error(`  ${page.name}: ${scores.join(" / ")}`);
  } finally {
    chrome.kill();
  }
}
process.stdout.write(JSON.stringify(rows));
