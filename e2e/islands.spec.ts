import { test, expect, type Page } from "@playwright/test";
import { storageStateOf } from "./helpers";

/**
 * Islands (components/ui/island.tsx) are rendered on the server and their code arrives after the page's. Before it runs,
 * their buttons and inputs are disabled in the server's HTML, so a click or a keystroke is visibly refused instead of
 * silently lost; once it runs, each says data-ready. Checked on every page that has islands, as the owner (who sees them all).
 */
const PAGES: { path: string; islands: string[] }[] = [
  { path: "/", islands: ["export-list", "budget-usage"] },
  { path: "/settings", islands: ["team", "connection"] },
  { path: "/contacts", islands: ["contact-browser"] },
  { path: "/lists/new", islands: ["list-designer"] },
  { path: "/account", islands: ["password", "two-factor"] },
  { path: "/settings/security", islands: ["security-rules"] },
];

async function islandStates(page: Page) {
  return page.locator("[data-island]").evaluateAll((islands) =>
    islands.map((element) => {
      const fieldset = element as HTMLFieldSetElement;
      const controls = [...fieldset.querySelectorAll("button, input, select, textarea")];
      return {
        name: fieldset.dataset.island,
        ready: fieldset.dataset.ready,
        controls: controls.length,
        enabled: controls.filter((control) => !control.matches(":disabled")).length,
      };
    }),
  );
}

test("before their code runs, the islands' controls are disabled in the server's HTML", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: storageStateOf("owner"), javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, islands } of PAGES) {
    await page.goto(path);
    const states = await islandStates(page);
    expect(states.map((state) => state.name).sort(), path).toEqual([...islands].sort());
    for (const state of states) {
      expect(state, `${path} ${state.name}`).toMatchObject({ ready: "false", enabled: 0 });
      // Each of these islands has something to click or type in: an island without controls would prove nothing here.
      if (state.name !== "budget-usage" && state.name !== "export-list") expect(state.controls, `${path} ${state.name}`).toBeGreaterThan(0);
    }
  }
  await context.close();
});

test("once their code runs, every island says ready and takes input", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: storageStateOf("owner") });
  const page = await context.newPage();
  for (const { path, islands } of PAGES) {
    await page.goto(path);
    for (const name of islands) await expect(page.locator(`[data-island="${name}"]`), `${path} ${name}`).toHaveAttribute("data-ready", "true");
    for (const state of await islandStates(page)) if (state.controls > 0) expect(state.enabled, `${path} ${state.name}`).toBeGreaterThan(0);
  }
  await context.close();
});
