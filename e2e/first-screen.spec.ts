import { test, expect } from "@playwright/test";
import { contactBrowserReady, storageStateOf } from "./helpers";
import { rowsInViewport } from "./first-screen";

/**
 * The first screen shows the work: a page opens with its rows in view, the controls in one toolbar line above them.
 * Counted as a person sees them, without scrolling: rows (on a phone, the cards the table turns into) whose whole box
 * is inside the window. The e2e server seeds 300 contacts, so a page of the default size has more rows than fit.
 */
const CONTACT_ROWS = "[data-testid=contacts-table] tbody tr[data-contact-id]";

const SCREENS = [
  { name: "desktop", width: 1280, height: 800, rows: 10 },
  { name: "phone", width: 390, height: 844, rows: 3 },
] as const;

test.describe("first screen", () => {
  for (const language of ["en", "ru"] as const) {
    for (const screen of SCREENS) {
      test(`contacts, ${language}, ${screen.name} ${screen.width}×${screen.height}: at least ${screen.rows} contacts in view`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height }, storageState: storageStateOf("owner") });
        await context.addCookies([{ name: "lang", value: language, url: baseURL! }]);
        const page = await context.newPage();
        await page.goto("/contacts");
        await contactBrowserReady(page);
        await expect(page.locator(CONTACT_ROWS).first()).toBeVisible();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        const shown = await rowsInViewport(page, CONTACT_ROWS);
        await page.screenshot({ path: test.info().outputPath("first-screen.png") });
        test.info().annotations.push({ type: "rows in view", description: String(shown) });
        expect(shown, `contact rows fully inside ${screen.width}×${screen.height}`).toBeGreaterThanOrEqual(screen.rows);
        await context.close();
      });
    }
  }
});
