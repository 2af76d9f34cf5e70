import { randomUUID } from "node:crypto";
import { test, expect, type Page } from "@playwright/test";
import { contactBrowserReady, storageStateOf } from "./helpers";
import { idSource, rowIds, seedProject } from "./seed";

/**
 * Sorting the contact browser by its Id and Created headers (the platform's `sort` extension):
 * the order shows in the rows and in the header's aria-sort, lives in the URL and survives a reload.
 * Its own bot in a project of its own (operator fixtures, unique ids), deleted at the end.
 */
const PROJECT = randomUUID();
const uniqueId = idSource(600_000_000);
const BOT = uniqueId();

/** Ids ascend a → d; creation times do not, and b and c share one (ties go by id). */
const [A, B, C, D] = [uniqueId(), uniqueId(), uniqueId(), uniqueId()];
const contact = (id: number, createdAt: string) => ({
  id,
  bot_id: BOT,
  messenger: "telegram",
  name: `Sorted ${id}`,
  telegram_id: String(id),
  created_at: createdAt,
});
const CONTACTS = [
  contact(A, "2025-05-03T10:00:00Z"),
  contact(B, "2025-05-01T10:00:00Z"),
  contact(C, "2025-05-01T10:00:00Z"),
  contact(D, "2025-05-02T10:00:00Z"),
];

seedProject({ uuid: PROJECT, name: `Sort tests ${BOT}`, bots: [{ id: BOT, name: `Sort bot ${BOT}` }], document: { contacts: CONTACTS } });
const header = (page: Page, name: string) => page.getByRole("columnheader", { name, exact: true });

test.describe("contact browser order", () => {
  test.use({ storageState: storageStateOf("owner"), timezoneId: "Asia/Tokyo" });

  test("sort: Created newest first, then Id ascending and descending; the order shows, lives in the URL and survives a reload", async ({ page }) => {
    await page.goto(`/contacts?bot=${BOT}`);
    await expect(page.getByText("Whole days in your time zone (Asia/Tokyo); both days are included.")).toBeAttached();
    await contactBrowserReady(page);
    await expect.poll(() => rowIds(page)).toEqual([A, B, C, D]);
    await expect(header(page, "ID")).toHaveAttribute("aria-sort", "ascending");

    await page.getByRole("button", { name: "Created", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?bot=${BOT}&sort=-created_at$`));
    await expect.poll(() => rowIds(page)).toEqual([A, D, C, B]);
    await expect(header(page, "Created")).toHaveAttribute("aria-sort", "descending");
    await expect(header(page, "ID")).not.toHaveAttribute("aria-sort");
    await page.reload();
    await expect(header(page, "Created")).toHaveAttribute("aria-sort", "descending");
    expect(await rowIds(page)).toEqual([A, D, C, B]);

    // Oldest first: the tie on created_at goes by id.
    await page.getByRole("button", { name: "Created", exact: true }).click();
    await expect(page).toHaveURL(/sort=created_at$/);
    await expect.poll(() => rowIds(page)).toEqual([B, C, D, A]);

    // Id ascending is the platform's default order: the URL drops the parameter.
    await page.getByRole("button", { name: "ID", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?bot=${BOT}$`));
    await expect.poll(() => rowIds(page)).toEqual([A, B, C, D]);
    await expect(header(page, "ID")).toHaveAttribute("aria-sort", "ascending");
    await page.getByRole("button", { name: "ID", exact: true }).click();
    await expect(page).toHaveURL(/sort=-id$/);
    await expect.poll(() => rowIds(page)).toEqual([D, C, B, A]);
    await page.reload();
    await expect(header(page, "ID")).toHaveAttribute("aria-sort", "descending");
    expect(await rowIds(page)).toEqual([D, C, B, A]);

    // Back goes to the previous order.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?bot=${BOT}$`));
    await expect.poll(() => rowIds(page)).toEqual([A, B, C, D]);
  });

  test("sort: a bad order in the URL falls back to ascending id", async ({ page }) => {
    await page.goto(`/contacts?bot=${BOT}&sort=name`);
    await contactBrowserReady(page);
    await expect(header(page, "ID")).toHaveAttribute("aria-sort", "ascending");
    expect(await rowIds(page)).toEqual([A, B, C, D]);
  });
});
