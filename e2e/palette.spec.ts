import { randomUUID } from "node:crypto";
import { test, expect, type Page } from "@playwright/test";
import { contactBrowserReady, storageStateOf } from "./helpers";
import { seedProject } from "./seed";

/**
 * The command palette, by keyboard only: Ctrl+K opens it anywhere, typing finds
 * pages and contacts, Enter goes there, Escape closes it and gives the focus
 * back; `?` lists the shortcuts. A contact of its own is seeded on a bot of its
 * own (operator fixtures), deleted at the end.
 */
const PROJECT = randomUUID();
const PROJECT_NAME = `Palette tests ${Date.now().toString(36)}`;
const BOT = 690_000_000 + Math.floor(Math.random() * 9_000_000);
const BOT_NAME = `Palette bot ${BOT}`;
const TOKEN = `Pz${Date.now().toString(36)}`;
const CONTACT = {
  id: BOT + 1,
  bot_id: BOT,
  messenger: "telegram",
  name: `Anfisa ${TOKEN} Orlova`,
  telegram_id: String(BOT + 1),
  created_at: "2025-02-01T10:00:00Z",
};

// The bot is made behind the dashboard's back: getMe is read again so that its name is known.
const ACCOUNT = { id: BOT + 2, contact_id: CONTACT.id, currency: "EUR", amount: 0 };
seedProject({
  uuid: PROJECT,
  name: PROJECT_NAME,
  bots: [{ id: BOT, name: BOT_NAME }],
  document: { contacts: [CONTACT], contact_accounts: [ACCOUNT] },
  refreshNames: true,
});

const palette = (page: Page) => page.getByRole("combobox", { name: /^Type a page/ });

/** Ctrl+K until the palette shows (a press before React listens does nothing; the palette's code loads on first use). */
async function openPalette(page: Page) {
  await expect(async () => {
    if (!(await palette(page).isVisible())) await page.keyboard.press("Control+k");
    await expect(palette(page)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(palette(page)).toBeFocused();
}

test.describe("owner", () => {
  test.use({ storageState: storageStateOf("owner") });

  test("palette: part of a contact's name, then Enter, opens that contact's page; the option names its bot", async ({ page }) => {
    await page.goto("/lists");
    await openPalette(page);
    await page.keyboard.type(TOKEN.toLowerCase());
    const option = page.getByRole("option", { name: new RegExp(`Anfisa ${TOKEN} Orlova`) });
    await expect(option).toContainText(`on ${BOT_NAME} (${PROJECT_NAME})`);
    await expect(option).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/contacts/${CONTACT.id}(\\?|$)`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(CONTACT.name);
    await expect(palette(page)).toBeHidden();
  });

  test("palette: typing a page's name and Enter goes there", async ({ page }) => {
    await page.goto("/activity");
    await openPalette(page);
    await page.keyboard.type("lists");
    await expect(page.getByRole("option", { name: /^Lists/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/lists$/);
    await expect(page.getByRole("heading", { level: 1, name: "Lists" })).toBeVisible();
  });

  test("palette: Escape closes it and the focus returns where it was", async ({ page }) => {
    await page.goto("/lists");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await openPalette(page);
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    await expect(skip).toBeFocused();
  });

  test("shortcuts: ? lists them outside text fields; g then l opens Lists", async ({ page }) => {
    await page.goto("/contacts");
    // The search box is in an island: until its code runs it is disabled, and a focus would not take.
    await contactBrowserReady(page);
    // Typed into a text field, ? is text.
    const search = page.getByRole("searchbox", { name: "Search", exact: true });
    await search.focus();
    await page.keyboard.type("?");
    await expect(search).toHaveValue("?");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+Tab");

    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.keyboard.press("Shift+Slash");
      await expect(dialog).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(dialog.getByText("Open the command palette")).toBeVisible();
    await expect(dialog.getByText("Go to Lists")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.keyboard.press("g");
    await page.keyboard.press("l");
    await expect(page).toHaveURL(/\/lists$/);
  });

  test("palette: New list is offered to a role that designs lists", async ({ page }) => {
    await page.goto("/contacts");
    await openPalette(page);
    await page.keyboard.type("new list");
    await expect(page.getByRole("option", { name: "New list" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/lists\/new$/);
  });
});

test.describe("support", () => {
  test.use({ storageState: storageStateOf("support") });

  test("palette: on a contact's page, Top up this contact opens the top-up form with its amount focused", async ({ page }) => {
    await page.goto(`/contacts/${CONTACT.id}?bot=${BOT}`);
    await expect(page.getByTestId("ledger-panel")).toBeVisible();
    await openPalette(page);
    await page.keyboard.type("top up");
    await expect(page.getByRole("option", { name: "Top up this contact" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(palette(page)).toBeHidden();
    await expect(page.locator(`[data-testid="form-top_up"] input`).first()).toBeFocused();
  });

  test("palette: Export contacts from another page opens the contact browser with its export dialog, its first option focused", async ({ page }) => {
    await page.goto("/activity");
    await openPalette(page);
    await page.keyboard.type("export");
    // Lists and contacts of other tests may match the word too and come first: arrow down to the action.
    const action = page.getByRole("option", { name: "Export contacts" });
    await expect(action).toBeVisible();
    await expect(async () => {
      if ((await action.getAttribute("aria-selected")) !== "true") await page.keyboard.press("ArrowDown");
      await expect(action).toHaveAttribute("aria-selected", "true", { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contacts$/);
    const dialog = page.getByTestId("export-form").getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio").first()).toBeFocused();
  });
});

test.describe("support on a phone", () => {
  test.use({ storageState: storageStateOf("support"), viewport: { width: 390, height: 844 } });

  test("palette: a role without list design sees no New list; the palette fits the screen", async ({ page }) => {
    await page.goto("/contacts");
    await openPalette(page);
    await page.keyboard.type("list");
    await expect(page.getByRole("option", { name: /^Lists/ })).toBeVisible();
    await expect(page.getByRole("option", { name: "New list" })).toHaveCount(0);
    const box = await page.getByRole("dialog", { name: "Command palette" }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
