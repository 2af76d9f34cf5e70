import { randomUUID } from "node:crypto";
import { test, expect, type Page } from "@playwright/test";
import { contactBrowserReady, openSavedViews, pageAs, storageStateOf } from "./helpers";
import { baseURL, idSource, rowIds, seedProject } from "./seed";

/**
 * Saved views of the contact browser: a named filter set per member, applied by opening its link,
 * shared as that link. Its own bots in a project of its own (operator fixtures), deleted at the end.
 */
const PROJECT = randomUUID();
const uniqueId = idSource(500_000_000);
const BOT = uniqueId();
const RUN = Date.now().toString(36);
const CONTACTS = [1, 2, 3].map(() => {
  const id = uniqueId();
  return { id, bot_id: BOT, messenger: "telegram", name: `Viewed ${id}`, telegram_id: String(id), created_at: "2025-06-01T10:00:00Z" };
});

seedProject({ uuid: PROJECT, name: `View tests ${BOT}`, bots: [{ id: BOT, name: `View bot ${BOT}` }], document: { contacts: CONTACTS } });
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByText("Whole days in your time zone (Asia/Tokyo); both days are included.")).toBeAttached();
  await contactBrowserReady(page);
}
const views = (page: Page) => page.getByTestId("saved-views");

test.describe("saved views", () => {
  test.use({ storageState: storageStateOf("owner"), timezoneId: "Asia/Tokyo" });

  test("saved views: save a view with a filter and an order, reload, pick it: the filter applies; names are checked on the field", async ({ page }) => {
    const name = `Bot ${BOT} newest ${RUN}`;
    await open(page, `/contacts?bot=${BOT}&sort=-id&page=1`);
    await expect.poll(() => rowIds(page)).toEqual(CONTACTS.map((contact) => contact.id).reverse());

    await openSavedViews(page);
    await views(page).getByRole("button", { name: "Save view" }).click();
    const field = views(page).getByLabel("View name");
    // The name form (loaded on the first click) is in its dialog, its field focused, before it is sent empty.
    await expect(field).toBeFocused();
    await views(page).getByRole("button", { name: "Save view" }).click();
    await expect(views(page).getByText("Fill in this field.")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await field.fill("x".repeat(81));
    await views(page).getByRole("button", { name: "Save view" }).click();
    await expect(views(page).getByText("At most 80 characters.")).toBeVisible();
    await field.fill(name);
    await views(page).getByRole("button", { name: "Save view" }).click();
    await expect(
      views(page)
        .getByRole("status")
        .filter({ hasText: `Saved the view “${name}”.` }),
    ).toBeVisible();
    // The menu is named after the view shown now.
    await expect(views(page).getByRole("button", { name: `Saved views: ${name}` })).toBeVisible();
    await openSavedViews(page);
    const link = views(page).getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", `/contacts?bot=${BOT}&sort=-id`);

    // The same name in another case is refused on the field, by the server.
    await views(page).getByRole("button", { name: "Save view" }).click();
    await views(page).getByLabel("View name").fill(name.toUpperCase());
    await views(page).getByRole("button", { name: "Save view" }).click();
    await expect(views(page).getByText("You already have a view with this name.")).toBeVisible();
    await views(page).getByRole("button", { name: "Cancel" }).click();

    // Elsewhere, after a reload, picking the view applies its filter and order.
    await open(page, "/contacts");
    await page.reload();
    await openSavedViews(page);
    await views(page).getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/contacts\\?bot=${BOT}&sort=-id$`));
    await expect(page.getByTestId("contacts-total")).toHaveText("3 contacts");
    await expect.poll(() => rowIds(page)).toEqual(CONTACTS.map((contact) => contact.id).reverse());
    await expect(page.getByRole("columnheader", { name: "ID", exact: true })).toHaveAttribute("aria-sort", "descending");
    await openSavedViews(page);
    await expect(views(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("saved views: copy link, rename and delete; another member neither sees nor can touch the view, yet its link works for them", async ({
    page,
    browser,
    context,
  }) => {
    const name = `Shared ${RUN}`;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await open(page, `/contacts?bot=${BOT}`);
    await openSavedViews(page);
    await views(page).getByRole("button", { name: "Save view" }).click();
    await views(page).getByLabel("View name").fill(name);
    await views(page).getByRole("button", { name: "Save view" }).click();
    await openSavedViews(page);
    await expect(views(page).getByRole("link", { name, exact: true })).toBeVisible();

    await views(page)
      .getByRole("button", { name: `Copy the link to “${name}”` })
      .click();
    await expect(views(page).getByText(`Copied the link to “${name}”.`)).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(`${baseURL}/contacts?bot=${BOT}`);

    const lead = await pageAs(browser, "lead");
    await lead.page.goto(url);
    await expect(lead.page.getByTestId("contacts-total")).toHaveText("3 contacts");
    await contactBrowserReady(lead.page);
    await openSavedViews(lead.page);
    await expect(lead.page.getByTestId("saved-views").getByRole("link", { name, exact: true })).toHaveCount(0);
    await lead.context.close();

    const renamed = `${name} renamed`;
    await openSavedViews(page);
    await views(page)
      .getByRole("button", { name: `Rename “${name}”` })
      .click();
    await views(page).getByLabel("View name").fill(renamed);
    await views(page).getByRole("button", { name: "Save name" }).click();
    await openSavedViews(page);
    await expect(views(page).getByRole("link", { name: renamed, exact: true })).toBeVisible();
    await page.reload();
    await contactBrowserReady(page);
    await openSavedViews(page);
    await expect(views(page).getByRole("link", { name: renamed, exact: true })).toBeVisible();

    await views(page)
      .getByRole("button", { name: `Delete “${renamed}”` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Delete the view “${renamed}”?` });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(views(page).getByText(`Deleted the view “${renamed}”.`)).toBeVisible();
    await openSavedViews(page);
    await expect(views(page).getByRole("link", { name: renamed, exact: true })).toHaveCount(0);
    await expect(views(page).getByRole("button", { name: "Save view" })).toBeVisible();
    await page.reload();
    await contactBrowserReady(page);
    await openSavedViews(page);
    await expect(views(page).getByRole("link", { name: renamed, exact: true })).toHaveCount(0);
  });
});
