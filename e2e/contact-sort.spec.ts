import { randomUUID } from "node:crypto";
import { test, expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { storageStateOf } from "./helpers";

/**
 * Sorting the contact browser by its Id and Created headers (the platform's `sort` extension):
 * the order shows in the rows and in the header's aria-sort, lives in the URL and survives a reload.
 * Its own bot in a project of its own (operator fixtures, unique ids), deleted at the end.
 */
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const PROJECT = randomUUID();
let nextId = 600_000_000 + Math.floor(Math.random() * 90_000_000);
const uniqueId = () => (nextId += 1 + Math.floor(Math.random() * 20));
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

let api: APIRequestContext;
async function fixtures(document: Record<string, unknown>) {
  const response = await api.post("/api/operator/fixtures", { headers: { authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN}` }, data: document });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL });
  await fixtures({
    projects: [{ uuid: PROJECT, account_id: 1, name: `Sort tests ${BOT}` }],
    bots: [{ id: BOT, project_uuid: PROJECT, name: `Sort bot ${BOT}` }],
    contacts: CONTACTS,
  });
});

test.afterAll(async () => {
  await fixtures({ bots: [{ id: BOT, project_uuid: PROJECT, name: `Sort bot ${BOT}`, deleted: true }] });
  await api.dispose();
});

const rowIds = (page: Page) => page.locator("tbody tr[data-contact-id]").evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-contact-id"))));
const header = (page: Page, name: string) => page.getByRole("columnheader", { name, exact: true });

test.describe("contact browser order", () => {
  test.use({ storageState: storageStateOf("owner"), timezoneId: "Asia/Tokyo" });

  test("sort: Created newest first, then Id ascending and descending; the order shows, lives in the URL and survives a reload", async ({ page }) => {
    await page.goto(`/contacts?bot=${BOT}`);
    await expect(page.getByText("Whole days in your time zone (Asia/Tokyo); both days are included.")).toBeVisible();
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
    await expect(header(page, "ID")).toHaveAttribute("aria-sort", "ascending");
    expect(await rowIds(page)).toEqual([A, B, C, D]);
  });
});
