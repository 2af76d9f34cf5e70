import { test, expect, type Page } from "@playwright/test";
import { contactBrowserReady, openContactFilters, openExportDialog, openSavedViews, seriousViolations, storageStateOf } from "./helpers";
import { rowsInViewport } from "./first-screen";

/**
 * The first screen shows the work: a page opens with its rows in view, the controls in one toolbar line above them.
 * Counted as a person sees them, without scrolling: rows (on a phone, the cards the table turns into) whose whole box
 * is inside the window. The e2e server seeds 300 contacts, so a page of the default size has more rows than fit.
 * The controls tucked away for that (the Filters popover, the saved views' menu, the export dialog) are checked open:
 * inside the window, no sideways scroll, no serious axe violation, in both languages and both themes.
 */
const CONTACT_ROWS = "[data-testid=contacts-table] tbody tr[data-contact-id]";

const SCREENS = [
  { language: "en", name: "desktop", width: 1280, height: 800, rows: 10, theme: "light" },
  { language: "en", name: "phone", width: 390, height: 844, rows: 3, theme: "dark" },
  { language: "ru", name: "desktop", width: 1280, height: 800, rows: 10, theme: "dark" },
  { language: "ru", name: "phone", width: 390, height: 844, rows: 3, theme: "light" },
] as const;

/** What sticks out: the page scrolling sideways, or an open panel reaching past the window. */
async function fits(page: Page, panel: string): Promise<string[]> {
  return page.evaluate((name) => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`${name}: the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const element of document.querySelectorAll<HTMLElement>("[aria-expanded=true] + [id], dialog[open]")) {
      const box = element.getBoundingClientRect();
      if (box.left < 0 || box.right > width) problems.push(`${name}: an open panel reaches past the window (${Math.round(box.left)}…${Math.round(box.right)})`);
    }
    return problems;
  }, panel);
}

test.describe("first screen", () => {
  for (const screen of SCREENS) {
    test(`contacts, ${screen.language}, ${screen.name} ${screen.width}×${screen.height}, ${screen.theme}: at least ${screen.rows} contacts in view; the tucked-away controls fit and pass axe`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height }, storageState: storageStateOf("owner") });
      await context.addCookies([
        { name: "lang", value: screen.language, url: baseURL! },
        { name: "theme", value: screen.theme, url: baseURL! },
      ]);
      const page = await context.newPage();
      await page.goto("/contacts");
      await contactBrowserReady(page);
      await expect(page.locator(CONTACT_ROWS).first()).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const shown = await rowsInViewport(page, CONTACT_ROWS);
      test.info().annotations.push({ type: "rows in view", description: String(shown) });
      expect(shown, `contact rows fully inside ${screen.width}×${screen.height}`).toBeGreaterThanOrEqual(screen.rows);

      const problems: string[] = [];
      await openContactFilters(page);
      problems.push(...(await fits(page, "filters")), ...(await seriousViolations(page)).map((problem) => `filters: ${problem}`));
      await page.keyboard.press("Escape");
      await openSavedViews(page);
      problems.push(...(await fits(page, "saved views")), ...(await seriousViolations(page)).map((problem) => `saved views: ${problem}`));
      await page.keyboard.press("Escape");
      await openExportDialog(page);
      problems.push(...(await fits(page, "export")), ...(await seriousViolations(page)).map((problem) => `export: ${problem}`));
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
