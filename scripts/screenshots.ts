// `npm run screenshots [-- --contacts 50000]`: pictures of the dashboard's main pages for the README and docs/.
// A fresh embedded dashboard seeded with the demo data (scripts/seed-dashboard.ts --history, as `npm run demo` seeds it), served by the production build
// (run `next build` first), the owner signed in; Debian's Chromium (the headless shell `npm test` installs) opens each
// page at 1280×800 and on a 390×844 phone, in the light and the dark theme (the browser's colour scheme; the
// dashboard's theme follows it), and writes docs/screenshots/<page>-<desktop|phone>-<light|dark>.png: the first screen,
// as a person sees it on arrival.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { errorText } from "@/lib/core/log.mjs";
import { signInForCookie, startSeededDashboard } from "@/lib/testing/seeded-dashboard";

const OUT = path.join(process.cwd(), "docs", "screenshots");
const EMAIL = "owner@example.com";
const CONTACTS = process.argv.includes("--contacts") ? Number(process.argv[process.argv.indexOf("--contacts") + 1]) : 50_000;
const EXECUTABLE = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file));

const PAGES: { name: string; path: string }[] = [
  { name: "overview", path: "/" },
  { name: "contacts", path: "/contacts" },
  { name: "contact", path: "/contacts/1" },
  { name: "activity", path: "/activity" },
  { name: "lists", path: "/lists" },
  { name: "adjustments", path: "/adjustments" },
];
const SCREENS = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
const THEMES = ["light", "dark"] as const;

async function shoot(browser: Browser, baseUrl: string, cookie: string): Promise<string[]> {
  const written: string[] = [];
  const cookies = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
  for (const screen of SCREENS) {
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: screen.viewport,
        isMobile: screen.isMobile,
        hasTouch: screen.isMobile,
        deviceScaleFactor: 1,
        colorScheme: theme,
        locale: "en-US",
        timezoneId: "UTC",
      });
      await context.addCookies(cookies);
      const page = await context.newPage();
      for (const target of PAGES) {
        const answer = await page.goto(`${baseUrl}${target.path}`, { waitUntil: "networkidle" });
        if (!answer?.ok()) throw new Error(`${target.path} answered ${answer?.status()}`);
        if (new URL(page.url()).pathname !== target.path) throw new Error(`${target.path} ended on ${page.url()} (not signed in?)`);
        // Fonts and the charts' first frame settle before the picture.
        await page.evaluate(() => document.fonts.ready);
        const file = path.join(OUT, `${target.name}-${screen.name}-${theme}.png`);
        await page.screenshot({ path: file, animations: "disabled", caret: "hide" });
        written.push(path.relative(process.cwd(), file));
      }
      await context.close();
    }
  }
  return written;
}

async function main(): Promise<void> {
  if (!EXECUTABLE) throw new Error("no Chromium: apt-get install chromium-headless-shell (npm test installs it)");
  fs.mkdirSync(OUT, { recursive: true });
  const dashboard = await startSeededDashboard({
    name: "screenshots",
    contacts: CONTACTS,
    history: true,
    users: [`${EMAIL}:owner`, "lead@example.com:lead", "support@example.com:support"],
    env: { PLATFORM_RATE_LIMIT: "100000" },
  });
  const browser = await chromium.launch({ executablePath: EXECUTABLE });
  try {
    const url = dashboard.server.url;
    const cookie = await signInForCookie(url, EMAIL, dashboard.password);
    const written = await shoot(browser, url, cookie);
    console.log(`wrote ${written.length} pictures:\n  ${written.join("\n  ")}`);
  } finally {
    await browser.close();
    await dashboard.stop();
  }
}

main().catch((error) => {
  console.error(`screenshots: ${errorText(error)}`);
  process.exit(1);
});
