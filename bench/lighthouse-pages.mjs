// Lighthouse over the pages bench/lighthouse.ts sends on standard input (JSON: pages, cookie, categories, preset:
// "mobile", Lighthouse's default, a phone on a slow network and CPU, or "desktop"), a fresh headless Chromium per page; answers a JSON array of {name, scores, problems} on standard output; with `save`, each report into that folder.
// Plain Node on purpose (see bench/lighthouse.ts), with --experimental-websocket (Node 20) for the DevTools protocol.
//
// The session goes into the browser's cookie jar, not only into Lighthouse's `extraHeaders`: once a page writes a
// cookie of its own (the time zone's, after hydration), the browser's Cookie header replaces the extra one and the
// page's later requests would go without the session (401s counted as console errors). Lighthouse leaves cookies
// alone between runs (its clearStorageTypes do not include them).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import fs from "node:fs";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const { pages, cookie, categories, preset, save } = JSON.parse(input);
if (save) fs.mkdirSync(save, { recursive: true });
const config = preset === "desktop" ? desktopConfig : undefined;
// Debian's Chromium, or its headless shell (the one `npm test` installs) where Chromium is not installed.
const CHROME = ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].find((file) => fs.existsSync(file)) ?? "/usr/bin/chromium";

/** What the console errors and the browser's issues were: the audit alone does not say. */
function detailsOf(audit) {
  // The largest paint's element and its phases (time to first byte, load delay, load time, render delay).
  if (audit.id === "largest-contentful-paint-element") {
    const [element, phases] = audit.details?.items ?? [];
    const node = element?.items?.[0]?.node;
    const times = (phases?.items ?? []).map((phase) => `${phase.phase ?? phase.label}: ${Math.round(phase.timing)} ms`);
    return node ? `: ${node.selector ?? ""} ${String(node.snippet ?? "").slice(0, 100)} (${times.join(", ")})` : "";
  }
  // The scripts that cost the most main-thread time, for a page whose blocking time is over.
  if (audit.id === "bootup-time" || audit.id === "total-blocking-time") {
    const items = [...(audit.details?.items ?? [])].sort((a, b) => (b.scripting ?? 0) - (a.scripting ?? 0)).slice(0, 4);
    return items.length > 0 ? `: ${items.map((item) => `${String(item.url).split("/").pop()} ${Math.round(item.scripting)} ms`).join(", ")}` : "";
  }
  if (!["errors-in-console", "inspector-issues"].includes(audit.id)) return "";
  // An issue's sub-items say where (a CSP issue: the directive and the source location).
  const where = (item) => (item.subItems?.items ?? []).map((sub) => JSON.stringify(sub).slice(0, 240)).join(" | ");
  const items = (audit.details?.items ?? []).map((item) => `${item.description ?? item.issueType ?? JSON.stringify(item).slice(0, 120)} ${where(item)}`.trim());
  return items.length > 0 ? `: ${items.map((item) => String(item).slice(0, 600)).join("; ")}` : "";
}

/** Puts "name=value; …" into the browser's cookie jar for the URL's origin (DevTools protocol, Storage.setCookies). */
async function setCookies(port, cookie, url) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const cookies = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: new URL(url).origin };
  });
  const answered = new Promise((resolve, reject) => {
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.id === 1) (message.error ? reject(new Error(message.error.message)) : resolve)();
    };
  });
  socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } }));
  await answered;
  socket.close();
}

const rows = [];
for (const page of pages) {
  // A fresh browser for every page: each starts from the same cookies (none for the login page).
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"] });
  try {
    if (page.signedIn) await setCookies(chrome.port, cookie, page.url);
    const flags = { port: chrome.port, logLevel: "error", onlyCategories: categories, ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}) };
    const result = await lighthouse(page.url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    const { lhr } = result;
    if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
    const scores = categories.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
    // The audits that cost points, for the follow-up.
    const problems = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && !["informative", "manual", "notApplicable"].includes(audit.scoreDisplayMode))
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}${detailsOf(audit)}`);
    rows.push({ name: page.name, scores, problems });
    if (save) fs.writeFileSync(`${save}/${page.name}-${rows.filter((row) => row.name === page.name).length}.json`, JSON.stringify(lhr));
    console.error(`  ${page.name}: ${scores.join(" / ")}`);
  } finally {
    chrome.kill();
  }
}
process.stdout.write(JSON.stringify(rows));
