import { randomUUID } from "node:crypto";
import { test, expect, type Locator, type Page, type Request } from "@playwright/test";
import { island, storageStateOf, pageAs, refreshCached, seriousViolations } from "./helpers";
import { postFixtures, seedListSchema, SHOP_PROJECT } from "./seed";

/**
 * The list designer, the list page and its records. Lists are seeded through
 * the operator interface (unique ids and names) in the demo key holder's
 * project "Online shop"; lists made through the designer carry unique names.
 */
let nextId = 800_000_000 + Math.floor(Math.random() * 90_000_000);
const uniqueId = () => (nextId += 1 + Math.floor(Math.random() * 50));
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const NOT_FOUND = "Page not found";
const RESERVED_TEXT =
  "This slug is reserved by the platform (id, item_id, schema_id, list_id, project, project_uuid, bot_id, created_at, updated_at, deleted_at, __proto__, constructor, prototype).";

const row = (page: Page, n: number): Locator => page.getByRole("group", { name: `Field ${n}`, exact: true });
const isActionCall = (request: Request) => request.method() === "POST" && Boolean(request.headers()["next-action"]);

/** Counts server-action calls made by the page (to prove that a refused form sends nothing). */
function countActionCalls(page: Page): () => number {
  let calls = 0;
  page.on("request", (request) => {
    if (isActionCall(request)) calls += 1;
  });
  return () => calls;
}

/** Opens a list's page once React runs there (a click before hydration would do nothing). */
async function openList(page: Page, id: string) {
  await page.goto(`/lists/${id}`);
  await expect(page.locator('[data-testid="fields-panel"][data-ready="true"]')).toBeVisible();
  await expect(island(page, "records")).toBeVisible();
}

async function openDesigner(page: Page, name: string) {
  await page.goto("/lists/new");
  await expect(page.getByRole("heading", { level: 1, name: "New list" })).toBeVisible();
  await expect(island(page, "list-designer")).toBeVisible();
  await page.getByLabel("List name").fill(name);
  await page.getByLabel("Project", { exact: true }).selectOption({ label: `Online shop (${SHOP_PROJECT.slice(0, 8)}…)` });
}

async function addRow(page: Page, n: number, name: string, slug?: string) {
  if (n > 1) await page.getByRole("button", { name: "Add a field" }).click();
  await row(page, n).getByLabel("Name").fill(name);
  if (slug !== undefined) await row(page, n).getByLabel("Slug").fill(slug);
}

/** The slug column of the list page's fields table, in the order shown. */
const slugCells = (page: Page): Locator => page.locator('[data-testid^="field-"]').locator("td:nth-child(3)");

const rowNames = (page: Page) =>
  page.locator('[data-testid^="field-row-"] input[id$="-name"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

test.describe("lead designs lists", () => {
  test.use({ storageState: storageStateOf("lead") });

  test("designer: creates a list with three fields including money in EUR; slugs follow the names (Cyrillic transliterated)", async ({ page }) => {
    const name = uniqueName("Заказы");
    await openDesigner(page, name);
    await addRow(page, 1, "Название товара");
    await expect(row(page, 1).getByLabel("Slug")).toHaveValue("nazvanie_tovara");

    await addRow(page, 2, "Price");
    await row(page, 2).getByLabel("Type").selectOption("money");
    const currency = row(page, 2).getByRole("combobox", { name: "Currency" });
    await expect(currency).toHaveValue(/^USD — /);
    await currency.click();
    await currency.fill("eur");
    await expect(page.getByRole("listbox", { name: "Currency" }).getByRole("option").first()).toContainText("EUR — Euro");
    await currency.press("Enter");
    await expect(currency).toHaveValue("EUR — Euro");

    await addRow(page, 3, "Paid");
    await row(page, 3).getByLabel("Type").selectOption("bool");
    await row(page, 3).getByLabel("Required").uncheck();
    // A slug edited by hand stops following the name.
    await row(page, 3).getByLabel("Slug").fill("is_paid");
    await row(page, 3).getByLabel("Name").fill("Paid?");
    await expect(row(page, 3).getByLabel("Slug")).toHaveValue("is_paid");

    const preview = page.getByTestId("list-preview");
    await expect(preview.getByTestId("preview-name")).toHaveText(name);
    await expect(preview.getByTestId("preview-field-1")).toContainText("Price");
    await expect(preview.getByTestId("preview-field-1")).toContainText("In EUR");
    await expect(preview.getByTestId("preview-field-2")).toContainText("Paid?");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Create list" }).click();
    await expect(page).toHaveURL(/\/lists\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(`List “${name}” created with 3 fields.`)).toBeVisible();
    await expect(page.getByTestId("field-nazvanie_tovara")).toContainText("Название товара");
    await expect(page.getByTestId("field-price")).toContainText("Money");
    await expect(page.getByTestId("field-price")).toContainText("EUR");
    await expect(page.getByTestId("field-is_paid")).toContainText("optional");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/lists?q=${encodeURIComponent(name)}`);
    const listed = page.getByTestId("list-row");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(name);
    await expect(listed).toContainText("Online shop");
    await expect(listed.locator("td").nth(2)).toHaveText("3");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("designer: a duplicate slug is caught in the form on the later row, and nothing is sent", async ({ page }) => {
    const calls = countActionCalls(page);
    await openDesigner(page, uniqueName("Duplicates"));
    await addRow(page, 1, "Code");
    await addRow(page, 2, "Other code", "code");
    await expect(row(page, 2).getByText("A field above already has this slug.")).toBeVisible();
    await expect(row(page, 1).getByText("A field above already has this slug.")).toHaveCount(0);
    await page.getByRole("button", { name: "Create list" }).click();
    await expect(row(page, 2).getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/lists\/new$/);
    expect(calls()).toBe(0);
    // The reserved list runs in the browser too.
    await row(page, 2).getByLabel("Slug").fill("ID");
    await expect(row(page, 2).getByText(RESERVED_TEXT)).toBeVisible();
    expect(calls()).toBe(0);
  });

  test("designer: a reserved slug that gets past the browser is refused by the server and shown on its row; nothing typed is lost", async ({ page }) => {
    const name = uniqueName("Bypass");
    await openDesigner(page, name);
    await addRow(page, 1, "Title");
    await addRow(page, 2, "Created");
    // Tamper with the request as a modified browser could: the server checks again with the same schema.
    await page.route("**/lists/new", async (route) => {
      const request = route.request();
      if (!isActionCall(request)) return route.continue();
      const body = JSON.parse(request.postData()!) as [{ fields: { slug: string }[] }];
      body[0].fields[1].slug = "Created_At";
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole("button", { name: "Create list" }).click();
    await expect(row(page, 2).getByText(RESERVED_TEXT)).toBeVisible();
    await expect(row(page, 1).getByText(RESERVED_TEXT)).toHaveCount(0);
    await expect(page.getByLabel("List name")).toHaveValue(name);
    await expect(row(page, 2).getByLabel("Name")).toHaveValue("Created");
    await expect(page).toHaveURL(/\/lists\/new$/);
  });

  test("designer: an encrypted field works out of the box on the embedded platform (its key is generated into DATA_DIR)", async ({ page }) => {
    // The suite's server sets no PLATFORM_ENCRYPTION_KEY: the first start wrote one to DATA_DIR/platform-encryption.key.
    const name = uniqueName("Secrets");
    await openDesigner(page, name);
    await addRow(page, 1, "Title");
    await addRow(page, 2, "Passport");
    await row(page, 2).getByLabel("Encrypted at rest").check();
    await page.getByRole("button", { name: "Create list" }).click();
    await expect(page).toHaveURL(/\/lists\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("field-passport")).toContainText("encrypted");
  });

  test("designer: a bot of another account is refused (403) at the top of the form; nothing typed is lost", async ({ page, request }) => {
    const holder = uniqueId();
    const project = randomUUID();
    const bot = uniqueId();
    await postFixtures(request, {
      accounts: [{ id: holder, email: `stranger${holder}@example.com`, name: "Stranger", plan: "pro", api_key: `stranger-${randomUUID()}` }],
      projects: [{ uuid: project, account_id: holder, name: "Not ours" }],
      bots: [{ id: bot, project_uuid: project, name: "Their bot" }],
    });
    const name = uniqueName("Foreign");
    await openDesigner(page, name);
    await page.getByLabel("In a bot").check();
    await page.getByLabel("Bot", { exact: true }).selectOption({ label: "Another bot (type its id)" });
    await page.getByLabel("Bot id").fill(String(bot));
    await addRow(page, 1, "Title");
    await page.getByRole("button", { name: "Create list" }).click();
    const top = page.getByTestId("designer-top-errors");
    await expect(top.getByRole("alert")).toContainText("The list was not created");
    await expect(top).toContainText("The bot belongs to a project of another account.");
    await expect(page.getByLabel("List name")).toHaveValue(name);
    await expect(page.getByLabel("Bot id")).toHaveValue(String(bot));
    await expect(row(page, 1).getByLabel("Slug")).toHaveValue("title");
  });

  test("designer: fields reorder by keyboard (move buttons, and the drag handle's Space + arrows); the list keeps the order", async ({ page }) => {
    const name = uniqueName("Order");
    await openDesigner(page, name);
    await addRow(page, 1, "Alpha");
    await addRow(page, 2, "Beta");
    await addRow(page, 3, "Gamma");
    expect(await rowNames(page)).toEqual(["Alpha", "Beta", "Gamma"]);

    await page.getByRole("button", { name: "Move field 3 up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => rowNames(page)).toEqual(["Alpha", "Gamma", "Beta"]);
    await expect(page.getByRole("status").filter({ hasText: "moved to position" })).toHaveText("“Gamma” moved to position 2 of 3.");
    // The keyboard stays on the moved row: Enter again moves it once more.
    await expect(page.getByRole("button", { name: "Move field 2 up" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(() => rowNames(page)).toEqual(["Gamma", "Alpha", "Beta"]);

    // dnd-kit's keyboard sensor on the handle: Space picks up, ArrowDown moves, Space drops.
    // Each key waits for the sensor's announcement of the one before (it measures the rows in between).
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole("button", { name: "Drag field 1" }).focus();
    await page.keyboard.press("Space");
    // Picked up, then over its own place once the rows are measured.
    await expect(announced).toHaveText("Field 1 is over position 1.");
    // The sensor starts listening for arrow keys from a timer it queues when the drag starts
    // (dnd-kit's KeyboardSensor.attach), and Chromium runs input before timers: a key sent now can
    // arrive before that timer and be lost. A timer queued after it has run once it has run too.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press("ArrowDown");
    await expect(announced).toHaveText("Field 1 is over position 2.");
    await page.keyboard.press("Space");
    await expect(announced).toHaveText("Field 1 dropped at position 2.");
    await expect.poll(() => rowNames(page)).toEqual(["Alpha", "Gamma", "Beta"]);

    await page.getByRole("button", { name: "Create list" }).click();
    await expect(page).toHaveURL(/\/lists\/[0-9a-f-]{36}$/);
    await expect(slugCells(page)).toHaveText(["alpha", "gamma", "beta"]);
  });

  test("designer: names of digits only keep them as slugs, and the list page shows the fields in the designed order", async ({ page }) => {
    await openDesigner(page, uniqueName("Years"));
    await addRow(page, 1, "Title");
    await addRow(page, 2, "2024");
    await addRow(page, 3, "10");
    await expect(row(page, 2).getByLabel("Slug")).toHaveValue("2024");
    await expect(row(page, 3).getByLabel("Slug")).toHaveValue("10");
    await page.getByRole("button", { name: "Create list" }).click();
    await expect(page).toHaveURL(/\/lists\/[0-9a-f-]{36}$/);
    // JavaScript objects put integer-like keys first ("10", "2024", "title"); the page keeps the platform's order.
    await expect(slugCells(page)).toHaveText(["title", "2024", "10"]);
    await page.reload();
    await expect(slugCells(page)).toHaveText(["title", "2024", "10"]);
  });

  test("list page: add a field (appended), then delete it only after typing its slug in the warning dialog", async ({ page, request }) => {
    const name = uniqueName("Fields");
    const id = await seedListSchema(request, name, { title: { name: "Title", type: "string" }, price: { name: "Price", type: "money", currency: "EUR" } });
    await openList(page, id);
    await expect(page.getByTestId("field-count")).toHaveText("2 fields");

    const add = page.getByRole("form", { name: "Add a field" });
    await add.getByLabel("Name").fill("Заметки");
    await expect(add.getByLabel("Slug")).toHaveValue("zametki");
    await add.getByLabel("Type").selectOption("money");
    await add.getByRole("combobox", { name: "Currency" }).fill("JPY");
    await add.getByRole("combobox", { name: "Currency" }).press("Enter");
    await add.getByLabel("Required").uncheck();
    await add.getByRole("button", { name: "Add field" }).click();
    await expect(page.getByTestId("fields-status")).toHaveText("Field “Заметки” added at position 3; the list now has 3 fields.");
    await expect(slugCells(page)).toHaveText(["title", "price", "zametki"]);
    await expect(page.getByTestId("field-zametki")).toContainText("JPY");

    // A slug the list already has: the platform's 422 lands on the slug input.
    await add.getByLabel("Name").fill("Title again");
    await add.getByLabel("Slug").fill("title");
    await add.getByRole("button", { name: "Add field" }).click();
    await expect(add.getByText("The field.slug has already been taken.")).toBeVisible();
    await expect(add.getByLabel("Name")).toHaveValue("Title again");

    await page.getByRole("button", { name: "Delete field zametki" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete the field “Заметки”?" });
    await expect(dialog).toContainText("Its values are erased from every record of this list, for good.");
    const confirm = dialog.getByRole("button", { name: "Delete field and its values" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Type the slug zametki to confirm").fill("zametk");
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Type the slug zametki to confirm").fill("zametki");
    await confirm.click();
    await expect(page.getByTestId("fields-status")).toHaveText("Field “Заметки” deleted; the list now has 2 fields.");
    await expect(page.getByTestId("field-zametki")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("records: add, edit and delete a record; money in major units, errors on the right input", async ({ page, request }) => {
    const name = uniqueName("Records");
    const id = await seedListSchema(request, name, {
      title: { name: "Title", type: "string" },
      price: { name: "Price", type: "money", currency: "EUR" },
      paid: { name: "Paid", type: "bool", is_required: false },
      customer: { name: "Customer", type: "contact", is_required: false },
    });
    const calls = countActionCalls(page);
    await openList(page, id);
    await expect(page.getByTestId("records-empty")).toContainText("No records yet.");

    await page.getByRole("button", { name: "Add a record" }).click();
    const form = page.getByTestId("record-form");
    await form.getByLabel("Title").fill("Red chair");
    await form.getByLabel("Price").fill("12.345");
    await form.getByRole("button", { name: "Save record" }).click();
    await expect(form.getByText("Too many decimals for this currency.")).toBeVisible();
    expect(calls()).toBe(0);

    await form.getByLabel("Price").fill("12,5");
    await form.getByLabel("Paid").selectOption("true");
    await form.getByLabel("Customer").fill("999999999");
    await form.getByRole("button", { name: "Save record" }).click();
    await expect(form.getByText("The item.customer field must be the id of one of your contacts.")).toBeVisible();
    await expect(form.getByLabel("Customer")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Title")).toHaveValue("Red chair");

    await form.getByLabel("Customer").fill("1");
    await form.getByRole("button", { name: "Save record" }).click();
    await expect(page.getByTestId("records-status")).toHaveText("Record added.");
    const record = page.getByTestId("record-row");
    await expect(record).toHaveCount(1);
    await expect(record).toContainText("Red chair");
    await expect(record).toContainText("€12.50");
    await expect(record).toContainText("Yes");
    await expect(record).toContainText("#1");

    await page.getByRole("button", { name: "Edit record 1" }).click();
    await expect(form.getByLabel("Price")).toHaveValue("12.50");
    await form.getByLabel("Price").fill("1 013.05");
    await form.getByRole("button", { name: "Save record" }).click();
    await expect(page.getByTestId("records-status")).toHaveText("Record saved.");
    await expect(record).toContainText("€1,013.05");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Delete record 1" }).click();
    await page.getByRole("dialog", { name: "Delete this record?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("records-status")).toHaveText("Record deleted.");
    await expect(page.getByTestId("records-empty")).toBeVisible();
  });

  test("delete a list: only after typing its name; the Lists page confirms it is gone", async ({ page, request }) => {
    const name = uniqueName("Doomed");
    const id = await seedListSchema(request, name, { title: { name: "Title", type: "string" } });
    await openList(page, id);
    await page.getByRole("button", { name: "Delete list…" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete the list “${name}”?` });
    const confirm = dialog.getByRole("button", { name: "Delete list" });
    await dialog.getByLabel(`Type the list's name “${name}” to confirm`).fill(name.toUpperCase());
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type the list's name “${name}” to confirm`).fill(name);
    await confirm.click();
    // The one-shot notice is shown, and leaves the address: a reload does not show it again.
    await expect(page.getByText(`List “${name}” deleted.`)).toBeVisible();
    await expect(page).toHaveURL(/\/lists$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Lists" })).toBeVisible();
    await expect(page.getByText(`List “${name}” deleted.`)).toHaveCount(0);
    await page.goto(`/lists?q=${encodeURIComponent(name)}`);
    await expect(page.getByText(`No list matches “${name}”.`)).toBeVisible();
    await expect(page.getByTestId("lists-no-match").getByRole("link", { name: "Clear the search" })).toHaveAttribute("href", "/lists");
    await page.goto(`/lists/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND })).toBeVisible();
  });

  test("Lists page: search by name and sort by a column; a bad sort in the URL falls back", async ({ page, request }) => {
    const stem = uniqueName("Sortable");
    await seedListSchema(request, `${stem} B`, { a: { name: "A", type: "string" } });
    await seedListSchema(request, `${stem} A`, { a: { name: "A", type: "string" }, b: { name: "B", type: "string" } });
    await page.goto("/lists");
    // Seeded behind the dashboard's back: the page shows them after its refresh control (or within a minute).
    await refreshCached(page);
    await page.getByRole("searchbox", { name: "Search by name" }).fill(stem);
    await page.getByLabel("Sort by").selectOption("name");
    await page.getByLabel("Order").selectOption("asc");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("list-row").locator("td:first-child")).toHaveText([`${stem} A`, `${stem} B`]);
    await page.getByRole("link", { name: "Fields" }).click();
    await expect(page.getByTestId("list-row").locator("td:first-child")).toHaveText([`${stem} B`, `${stem} A`]);
    await page.goto(`/lists?q=${encodeURIComponent(stem)}&sort=password&dir=sideways`);
    await expect(page.getByTestId("list-row")).toHaveCount(2);
  });
});

test.describe("support sees lists read-only", () => {
  test.use({ storageState: storageStateOf("support") });

  test("support: no design, delete or record controls anywhere, each place says who may", async ({ page, request }) => {
    const id = await seedListSchema(request, uniqueName("Read only"), { title: { name: "Title", type: "string" } });
    await page.goto("/lists");
    await expect(page.getByRole("link", { name: "New list" })).toHaveCount(0);
    await expect(page.locator('[data-permission="lists.design"]')).toHaveText("Requires the role owner or lead. Your role: support.");

    await page.goto("/lists/new");
    await expect(page.getByLabel("List name")).toHaveCount(0);
    await expect(page.locator('[data-permission="lists.design"]')).toHaveText("Requires the role owner or lead. Your role: support.");

    await openList(page, id);
    await expect(page.getByTestId("field-title")).toBeVisible();
    await expect(page.getByRole("form", { name: "Add a field" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add a record" })).toHaveCount(0);
    await expect(page.locator('[data-permission="lists.records.write"]')).toHaveText("Requires the role owner or lead. Your role: support.");
    await expect(page.locator('[data-permission="lists.delete"]')).toHaveText("Requires the role owner or lead. Your role: support.");
    await expect(page.getByTestId("records-empty")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test("support: calling the create-list server action directly is refused, and no list is made", async ({ browser }) => {
  // The lead's browser shows how the action is called: its id, URL and body.
  const lead = await pageAs(browser, "lead");
  await openDesigner(lead.page, uniqueName("Captured"));
  await addRow(lead.page, 1, "Title");
  const captured = lead.page.waitForRequest(isActionCall);
  await lead.page.getByRole("button", { name: "Create list" }).click();
  const request = await captured;
  const headers = request.headers();
  const body = JSON.parse(request.postData()!) as [{ name: string }];
  await expect(lead.page).toHaveURL(/\/lists\/[0-9a-f-]{36}/);
  await lead.context.close();

  const forbiddenName = uniqueName("Forbidden");
  const support = await pageAs(browser, "support");
  const response = await support.context.request.post(request.url(), {
    headers: {
      "next-action": headers["next-action"],
      "content-type": headers["content-type"],
      accept: "text/x-component",
      origin: new URL(request.url()).origin,
    },
    data: JSON.stringify([{ ...body[0], name: forbiddenName }]),
  });
  const text = await response.text();
  expect(text).toContain('"kind":"forbidden"');
  expect(text).toContain("Requires the role owner or lead. Your role: support.");
  await support.page.goto(`/lists?q=${encodeURIComponent(forbiddenName)}`);
  await expect(support.page.getByText(`No list matches “${forbiddenName}”.`)).toBeVisible();
  await support.context.close();
});
