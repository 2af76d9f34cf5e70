import { test, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { apiKey, emailOf, island, openExportDialog, signInOverHttp, storageStateOf } from "./helpers";
import { rowsOnFirstScreen } from "./first-screen";
import { review, seedContact } from "./ledger-helpers";
import { seedListSchema } from "./seed";

/**
 * Rows first: on each table page at 1280×800 the first screen shows the work, not the controls. The rows whose box
 * lies inside the window (top and bottom within it, starting left of its right edge: a wide table scrolls sideways in
 * its own box) number at least five, or all of them when the page has fewer. The spec seeds what each page needs:
 * activity entries, batches, exports, a list with records, security events.
 */
const DESKTOP = { width: 1280, height: 800 };
const PROMISED = 5;
const SEEDED_ROWS = 6;

const EXPORTER = "firstscreen@example.com";
const CREATED_DAY = "2002-03-04";

interface Seeded {
  listId: string;
  /** The sign-in of the member whose exports the exports page shows. */
  exporter: Awaited<ReturnType<BrowserContext["storageState"]>>;
}

/** A list with records, through the operator interface and the platform's API (as a bot would add them). */
async function seedListWithRecords(request: APIRequestContext): Promise<string> {
  const listId = await seedListSchema(request, `First screen ${Date.now().toString(36)}`, {
    title: { name: "Title", type: "string" },
    price: { name: "Price", type: "money", currency: "EUR" },
  });
  for (let n = 1; n <= SEEDED_ROWS + 2; n++) {
    const added = await request.post("/api/v1/addListItem", {
      headers: { authorization: `Bearer ${apiKey()}`, accept: "application/json" },
      data: { schema_id: listId, item: { title: `Record ${n}`, price: n * 100 } },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  return listId;
}

/** Top-ups through the ledger panel (each one an activity entry), batches by upload, exports from the contacts page. */
async function seedThroughDashboard(browser: Browser): Promise<Seeded["exporter"]> {
  const context = await browser.newContext({ storageState: storageStateOf("owner"), locale: "en-US" });
  const page = await context.newPage();

  const request = context.request;
  const { contactId } = await seedContact(request, [{ currency: "USD", amount: 10_000 }], { created_at: `${CREATED_DAY}T12:00:00Z` });
  await page.goto(`/contacts/${contactId}/ledger`);
  for (let n = 1; n <= SEEDED_ROWS; n++) {
    const account = await review(page, "USD", "Top up", "1.00", `First screen top-up ${n}`);
    await account.getByRole("button", { name: "Confirm top-up" }).click();
    await expect(page.getByTestId("ledger-success")).toBeVisible();
  }

  for (let n = 1; n <= SEEDED_ROWS; n++) {
    const csv = `contact_id,currency,amount,description\n${contactId},USD,1.00,Batch ${n}\n`;
    const uploaded = await request.post("/api/dashboard/adjustments", {
      multipart: { file: { name: `first-screen-${n}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  }

  await context.close();

  // Exports: by a member of this test's own (a member may have three running; other tests export as the owner), one
  // at a time, each waited for until it is ready.
  const exporter = await browser.newContext({ locale: "en-US" });
  expect((await signInOverHttp(exporter.request, EXPORTER)).status()).toBeLessThan(400);
  const exporterPage = await exporter.newPage();
  // The seeded contact alone (a day only it has): small exports, whatever other tests add.
  await exporterPage.goto(`/contacts?from=${CREATED_DAY}&to=${CREATED_DAY}`);
  await expect(island(exporterPage, "contact-browser")).toBeVisible();
  for (let n = 1; n <= SEEDED_ROWS; n++) {
    const dialog = await openExportDialog(exporterPage);
    await dialog.getByRole("button", { name: /^Export [\d\s,\u00a0\u202f]+ contacts?$/ }).click();
    await expect(exporterPage.getByText("Export started. It appears below.")).toBeVisible();
    const ready = exporterPage.getByTestId("export-status").filter({ hasText: /^Ready$/ });
    await expect(async () => expect(await ready.count()).toBeGreaterThanOrEqual(n)).toPass({ timeout: 60_000 });
  }
  const state = await exporter.storageState();
  await exporter.close();
  return state;
}

interface TablePage {
  name: string;
  path: (seeded: Seeded) => string;
  rows: (page: Page) => Locator;
  /** Whose page it is, when not the owner's. */
  as?: "exporter";
}

const PAGES: TablePage[] = [
  { name: "activity", path: () => "/activity", rows: (page) => page.getByTestId("audit-row") },
  { name: "lists", path: () => "/lists", rows: (page) => page.getByTestId("list-row") },
  { name: "a list's records", path: (seeded) => `/lists/${seeded.listId}`, rows: (page) => island(page, "records").getByTestId("record-row") },
  { name: "bulk adjustments' batches", path: () => "/adjustments", rows: (page) => page.getByTestId("batch-row") },
  { name: "exports", path: () => "/contacts/exports", rows: (page) => page.getByTestId("export-item"), as: "exporter" },
  { name: "security log", path: () => "/settings/security", rows: (page) => page.locator('[data-testid^="security-event-"]') },
  { name: "team", path: () => "/settings", rows: (page) => island(page, "team").locator('[data-testid^="member-"]') },
];

test.describe("rows first: the table pages' first screen at 1280×800", () => {
  let seeded: Seeded;
  test.beforeAll(async ({ browser, playwright }) => {
    // Seeding takes a while on a loaded machine: six top-ups, six exports.
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    // Sign-ins are security events: the log has rows of its own.
    for (let n = 0; n < SEEDED_ROWS; n++) expect((await signInOverHttp(request, emailOf("support"))).status()).toBeLessThan(400);
    const listId = await seedListWithRecords(request);
    await request.dispose();
    seeded = { listId, exporter: await seedThroughDashboard(browser) };
  });

  test(`each table page shows at least ${PROMISED} rows (or all) inside its first screen`, async ({ browser }) => {
    const owner = await browser.newContext({ viewport: DESKTOP, storageState: storageStateOf("owner"), locale: "en-US" });
    const exporter = await browser.newContext({ viewport: DESKTOP, storageState: seeded.exporter, locale: "en-US" });
    const pages = { owner: await owner.newPage(), exporter: await exporter.newPage() };
    // Every page is measured and reported (soft checks): one run tells which pages keep their rows below the fold.
    for (const table of PAGES) {
      const page = pages[table.as ?? "owner"];
      await page.goto(table.path(seeded));
      const rows = table.rows(page);
      await expect(rows.first(), table.name).toBeVisible();
      // Islands draw their part once their code runs; the layout is final when none is still starting.
      await expect(page.locator('[data-island][data-ready="false"]')).toHaveCount(0);
      const { total, inside } = await rowsOnFirstScreen(rows);
      test.info().annotations.push({ type: "first screen", description: `${table.name}: ${inside} of ${total} rows` });
      expect.soft(inside, `${table.name}: rows inside the first screen (of ${total})`).toBeGreaterThanOrEqual(Math.min(PROMISED, total));
    }
    await owner.close();
    await exporter.close();
  });
});
