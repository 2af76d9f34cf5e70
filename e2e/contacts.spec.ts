import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { test, expect, request as playwrightRequest, type Page } from "@playwright/test";
import { apiKey, contactBrowserReady, storageStateOf, seriousViolations, openContactFilters, openExportDialog } from "./helpers";
import { baseURL, idSource, rowIds, seedProject } from "./seed";

/**
 * The contact browser, the contact page and exports. Everything runs on bots of
 * a project of their own (seeded through the operator interface, unique ids),
 * which are deleted at the end so that the demo's totals are unchanged. The
 * viewer's zone is Asia/Tokyo (UTC+9). A server restart mid-export is tested in
 * lib/features/contacts/export/restart.test.ts (two `npm start` servers).
 */
const HOLDER = 1;
const PROJECT = randomUUID();
const PROJECT_NAME = `Browser tests ${Date.now().toString(36)}`;
const uniqueId = idSource(700_000_000);

const BOTS = { edges: uniqueId(), paging: uniqueId(), exported: uniqueId(), cancelled: uniqueId(), search: uniqueId() };
const botName = (key: keyof typeof BOTS) => `${key} bot ${BOTS[key]}`;
const PAGING_COUNT = 120;
const EXPORT_COUNT = 3_500;
const CANCEL_COUNT = 30_000;

/** 2025-03-10 and 2025-03-11 in Tokyo are 2025-03-09T15:00:00Z … 2025-03-11T14:59:59Z. */
const edgeContact = (createdAt: string, name: string) => ({
  id: uniqueId(),
  bot_id: BOTS.edges,
  messenger: "telegram",
  name,
  telegram_id: String(uniqueId()),
  created_at: createdAt,
});
const EDGES = {
  before: edgeContact("2025-03-09T14:59:59Z", "Edge before"),
  first: edgeContact("2025-03-09T15:00:00Z", "Edge first second"),
  last: edgeContact("2025-03-11T14:59:59Z", "Edge last second"),
  after: edgeContact("2025-03-11T15:00:00Z", "Edge after"),
};
const RICH = {
  id: uniqueId(),
  bot_id: BOTS.edges,
  messenger: "telegram",
  name: "Rich Contact",
  telegram_id: "5557001",
  telegram_username: "rich_contact",
  phone: "79990001122",
  email: "rich@example.com",
  address: "1 Long Street, Springfield",
  avatar: "https://files.example.com/avatars/rich.png",
  created_at: "2025-04-01T09:30:00Z",
  unsubscribed_at: "2025-05-02T08:00:00Z",
  tags: ["vip", "newsletter"],
  variables: [
    { name: "utm_source", value: "instagram", type: 0 },
    { name: "favourite_colour", value: "teal", type: 0 },
    { name: "passport", value: "https://files.example.com/s/passport", type: 2 },
    { name: "photo", value: "https://files.example.com/s/photo", type: 1 },
    { name: "voice", value: "https://files.example.com/s/voice", type: 3 },
    { name: "clip", value: "https://files.example.com/s/clip", type: 4 },
  ],
};
const FORMULA = {
  id: uniqueId(),
  bot_id: BOTS.exported,
  messenger: "viber",
  name: '=HYPERLINK("http://x")',
  viber_id: `vb-${uniqueId()}`,
  created_at: "2023-01-01T00:00:00Z",
};

/** Contacts to search for: a token of this run in every name, so that no other contact matches it. */
const TOKEN = `Qz${Date.now().toString(36)}`;
const PHONE = `7${String(uniqueId()).padStart(10, "0").slice(-10)}`;
const searchContact = (name: string, extra: Record<string, unknown> = {}) => ({
  id: uniqueId(),
  bot_id: BOTS.search,
  messenger: "telegram",
  name: `${name} ${TOKEN}`,
  telegram_id: String(uniqueId()),
  created_at: "2025-02-01T10:00:00Z",
  ...extra,
});
const FOUND = {
  ivan: searchContact("Ivan"),
  ivanna: searchContact("Ivanna", { phone: PHONE }),
  petr: searchContact("Petr"),
};

/** The platform's own answer, with the dashboard's key. */
async function platform<T>(method: string, params: Record<string, number>): Promise<T> {
  const response = await seeded.api().post(`/api/v1/${method}`, { headers: { authorization: `Bearer ${apiKey()}`, accept: "application/json" }, data: params });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function platformIds(params: Record<string, number>): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 1000) {
    const batch = await platform<{ data: { id: number }[] }>("getContacts", { ...params, offset, limit: 1000 });
    ids.push(...batch.data.map((contact) => contact.id));
    if (batch.data.length < 1000) return ids;
  }
}

/** Waits for the browser to be interactive: the zone hint switches from the server's UTC to the browser's zone once hydrated. */
async function goto(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByText("Whole days in your time zone (Asia/Tokyo); both days are included.")).toBeAttached();
  await contactBrowserReady(page);
}

// The bots are made behind the dashboard's back: getMe is read again so that their names are known (else within 5 minutes).
const seeded = seedProject({
  uuid: PROJECT,
  name: PROJECT_NAME,
  holder: HOLDER,
  bots: (Object.keys(BOTS) as (keyof typeof BOTS)[]).map((key) => ({ id: BOTS[key], name: botName(key) })),
  document: {
    contacts: [...Object.values(EDGES), RICH, FORMULA, ...Object.values(FOUND)],
    generate_contacts: [
      { bot_id: BOTS.paging, count: PAGING_COUNT, messenger: "max", created_from: "2024-01-01T00:00:00Z", created_to: "2024-02-01T00:00:00Z" },
      { bot_id: BOTS.exported, count: EXPORT_COUNT, messenger: "telegram", created_from: "2024-01-01T00:00:00Z", created_to: "2025-01-01T00:00:00Z" },
      { bot_id: BOTS.cancelled, count: CANCEL_COUNT, messenger: "vk", created_from: "2024-01-01T00:00:00Z", created_to: "2025-01-01T00:00:00Z" },
    ],
  },
  refreshNames: true,
});

test.describe("contact browser", () => {
  test.use({ storageState: storageStateOf("owner"), timezoneId: "Asia/Tokyo" });

  test("filters: bot and creation days of the viewer's zone, both edge seconds included, kept in the URL; Clear filters resets", async ({ page }) => {
    await goto(page, "/contacts");
    await openContactFilters(page);
    await page.getByLabel("Bot", { exact: true }).selectOption({ label: `${botName("edges")} (${PROJECT_NAME})` });
    await expect(page).toHaveURL(new RegExp(`[?&]bot=${BOTS.edges}(&|$)`));
    await page.getByLabel("Created from").fill("2025-03-10");
    await page.getByLabel("Created to").fill("2025-03-11");
    await expect(page).toHaveURL(/from=2025-03-10/);
    await expect(page).toHaveURL(/to=2025-03-11/);
    await expect(page.getByTestId("contacts-total")).toHaveText("2 contacts");
    await expect.poll(() => rowIds(page)).toEqual([EDGES.first.id, EDGES.last.id]);
    // The platform agrees: 00:00:00 of the 10th to 23:59:59 of the 11th in Tokyo, as Unix seconds.
    const tokyo = { date_from: Date.parse("2025-03-09T15:00:00Z") / 1000, date_to: Date.parse("2025-03-11T14:59:59Z") / 1000 };
    expect(await platformIds({ bot_id: BOTS.edges, ...tokyo })).toEqual([EDGES.first.id, EDGES.last.id]);
    expect(await platform("getNumberOfContacts", { bot_id: BOTS.edges, ...tokyo })).toEqual({ count: 2 });

    // A shared link renders the same on the server (the zone is in the tz cookie the browser set).
    await page.reload();
    await expect(page.getByTestId("contacts-total")).toHaveText("2 contacts");
    await expect(page.getByText("Whole days in your time zone (Asia/Tokyo); both days are included.")).toBeAttached();
    await contactBrowserReady(page);
    expect(await rowIds(page)).toEqual([EDGES.first.id, EDGES.last.id]);
    // What is in force shows as chips beside the toolbar.
    await expect(page.getByTestId("filter-chip")).toHaveText([
      `Bot: ${botName("edges")} (${PROJECT_NAME})×`,
      "Created ≥ Mar 10, 2025×",
      "Created ≤ Mar 11, 2025×",
    ]);

    await openContactFilters(page);
    await page.getByLabel("Created to").fill("2025-03-09");
    await expect(page.getByTestId("contacts-empty")).toHaveAttribute("data-reason", "reversed");
    await expect(page.getByRole("alert").filter({ hasText: "The end date is before the start date." })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByTestId("contacts-empty").getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByTestId("filter-chip")).toHaveCount(0);
    await openContactFilters(page);
    await expect(page.getByLabel("Bot", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Created from")).toHaveValue("");
  });

  test("paging: page and page size live in the URL; Back and Forward move through them; bad values fall back; past the last page says so", async ({ page }) => {
    const ids = await platformIds({ bot_id: BOTS.paging });
    expect(ids).toHaveLength(PAGING_COUNT);
    await goto(page, `/contacts?bot=${BOTS.paging}`);
    await expect(page.getByTestId("contacts-total")).toHaveText(`${PAGING_COUNT} contacts`);
    expect(await rowIds(page)).toEqual(ids.slice(0, 20));

    await page.getByLabel("Per page").selectOption("50");
    await expect(page).toHaveURL(new RegExp(`\\?bot=${BOTS.paging}&size=50$`));
    await expect.poll(() => rowIds(page)).toEqual(ids.slice(0, 50));
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => rowIds(page)).toEqual(ids.slice(50, 100));
    await expect(page.getByTestId("contacts-page")).toHaveText("Page 2 of 3");
    await expect(page.getByRole("table", { name: /^Contacts, page 2 of 3\./ })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?bot=${BOTS.paging}&size=50$`));
    await expect.poll(() => rowIds(page)).toEqual(ids.slice(0, 50));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?bot=${BOTS.paging}$`));
    await expect.poll(() => rowIds(page)).toEqual(ids.slice(0, 20));
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => rowIds(page)).toEqual(ids.slice(50, 100));

    await goto(page, `/contacts?bot=${BOTS.paging}&page=3&size=50`);
    expect(await rowIds(page)).toEqual(ids.slice(100, 120));
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();

    await goto(page, `/contacts?bot=${BOTS.paging}&page=abc&size=33`);
    await expect(page.getByLabel("Per page")).toHaveValue("20");
    expect(await rowIds(page)).toEqual(ids.slice(0, 20));

    await goto(page, `/contacts?bot=${BOTS.paging}&page=9`);
    await expect(page.getByTestId("contacts-empty")).toContainText("Page 9 is past the last page (6) for these filters.");
    await page.getByRole("button", { name: "Go to page 1" }).click();
    await expect.poll(() => rowIds(page)).toEqual(ids.slice(0, 20));
  });

  test("keyboard: arrow keys move between rows and Enter opens the contact, which shows every field; hidden columns are remembered", async ({ page }) => {
    await goto(page, `/contacts?bot=${BOTS.edges}`);
    await expect.poll(() => rowIds(page)).toEqual([EDGES.before.id, EDGES.first.id, EDGES.last.id, EDGES.after.id, RICH.id]);
    expect(await seriousViolations(page)).toEqual([]);
    const rows = page.locator("tbody tr");
    await rows.first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(rows.nth(4)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(rows.nth(3)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/contacts/${RICH.id}\\?bot=${BOTS.edges}&created=${Date.parse(RICH.created_at) / 1000}$`));

    await expect(page.getByRole("heading", { level: 1, name: "Rich Contact" })).toBeVisible();
    const details = page.getByTestId("contact-details");
    await expect(details.getByTestId("contact-id")).toHaveText(String(RICH.id));
    await expect(details.getByTestId("contact-phone")).toHaveText("79990001122");
    await expect(details.getByTestId("contact-email")).toHaveText("rich@example.com");
    await expect(details.getByText("1 Long Street, Springfield")).toBeVisible();
    await expect(details.getByRole("img", { name: "Photo of Rich Contact" })).toHaveAttribute("src", RICH.avatar);
    await expect(details.getByTestId("contact-telegram_id")).toHaveText("5557001");
    await expect(details.getByTestId("contact-telegram_username")).toHaveText("@rich_contact");
    await expect(details.getByTestId("contact-messenger-name")).toHaveText("Telegram");
    // Times in the viewer's zone: 09:30 UTC is 18:30 in Tokyo.
    await expect(details.getByTestId("contact-created")).toHaveText(/^Apr 1, 2025, 6:30\sPM$/);
    await expect(details.getByTestId("contact-subscription")).toHaveText(/^Unsubscribed on May 2, 2025, 5:00\sPM$/);
    await expect(details.getByText("Times are shown in Asia/Tokyo.")).toBeVisible();
    await expect(details.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["vip", "newsletter"]);
    await expect(details.locator("dl").filter({ hasText: "utm_source" })).toContainText("instagram");
    const variables = details.getByRole("table", { name: "Variables of Rich Contact" });
    await expect(variables.getByRole("row")).toHaveCount(RICH.variables.length + 1);
    for (const [name, type] of [
      ["favourite_colour", "Text"],
      ["passport", "Document"],
      ["photo", "Image"],
      ["voice", "Audio"],
      ["clip", "Video"],
    ]) {
      await expect(variables.getByRole("row").filter({ hasText: name })).toContainText(type);
    }
    await expect(variables.getByRole("row").filter({ hasText: "photo" }).getByRole("link")).toHaveAttribute("href", "https://files.example.com/s/photo");
    await expect(variables.getByRole("row").filter({ hasText: "favourite_colour" }).getByRole("link")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goBack();
    await expect(page.getByText("Whole days in your time zone (Asia/Tokyo); both days are included.")).toBeAttached();
    await contactBrowserReady(page);
    await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible();
    await page.locator("summary", { hasText: "Columns" }).click();
    await page.getByRole("checkbox", { name: "Email" }).uncheck();
    await expect(page.getByRole("columnheader", { name: "Email" })).toHaveCount(0);
    await expect.poll(async () => (await page.request.get(`/contacts?bot=${BOTS.edges}`)).text().then((html) => html.includes(">Email</th>"))).toBe(false);
    await page.reload();
    await expect(page.getByText("Whole days in your time zone (Asia/Tokyo); both days are included.")).toBeAttached();
    await contactBrowserReady(page);
    await expect(page.getByRole("columnheader", { name: "Username" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Email" })).toHaveCount(0);
    await page.locator("summary", { hasText: "Columns" }).click();
    await page.getByRole("checkbox", { name: "Email" }).check();
    await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible();
  });

  test("export: a CSV of a few thousand contacts reaches 100%, and its rows are the API's (BOM, header, formulas neutralised)", async ({ page }) => {
    const expected = await platformIds({ bot_id: BOTS.exported });
    expect(expected).toHaveLength(EXPORT_COUNT + 1);
    await goto(page, `/contacts?bot=${BOTS.exported}`);
    await expect(page.getByTestId("contacts-total")).toHaveText("3,501 contacts");
    await openContactFilters(page);
    await expect(page.getByRole("combobox", { name: "Bot" }).locator("option:checked")).toHaveText(`${botName("exported")} (${PROJECT_NAME})`);
    await page.keyboard.press("Escape");
    const form = await openExportDialog(page);
    await expect(form).toContainText("Exports 3,501 contacts matching the current filters.");
    await expect(form.getByRole("radio", { name: "CSV, for spreadsheets" })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: "Start the file with a byte order mark (for Excel)" })).toBeChecked();
    await expect(form).toContainText(`Filters: bot ${botName("exported")} (${PROJECT_NAME})`);
    await expect(page.getByTestId("contacts-table").locator("tbody tr").first()).toContainText(botName("exported"));
    await form.getByRole("button", { name: "Export 3,501 contacts" }).click();
    await expect(page.getByTestId("export-form").getByText("Export started. It appears below.")).toBeVisible();

    const item = page.getByTestId("export-item").first();
    await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100", { timeout: 120_000 });
    await expect(item.getByTestId("export-status")).toHaveText("Ready");
    await expect(item.getByTestId("export-progress")).toContainText("3,501 of 3,501 contacts");
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), item.getByTestId("export-download").click()]);
    // Named after the bot (its slug) and the start time in the viewer's zone, not an id.
    await expect(item.getByTestId("export-title")).toHaveText(`Contacts of ${botName("exported")} (${PROJECT_NAME})`);
    const slug = `${botName("exported")} ${PROJECT_NAME}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    expect(download.suggestedFilename()).toMatch(new RegExp(`^contacts-${slug}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.csv$`));
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(
      text.startsWith(
        "\uFEFFid,bot_id,name,messenger,messenger_id,messenger_username,phone,email,address,avatar,tags,utm,variables,created_at,unsubscribed_at\r\n",
      ),
    ).toBe(true);
    const records = text.slice(1).split("\r\n").slice(1, -1);
    expect(records.map((record) => Number(record.split(",")[0]))).toEqual(expected);
    expect(records.find((record) => record.startsWith(`${FORMULA.id},`))).toContain(`"'=HYPERLINK(""http://x"")"`);

    // A file is its member's: another member (and nobody signed out) gets nothing.
    const href = (await item.getByTestId("export-download").getAttribute("href"))!;
    const support = await playwrightRequest.newContext({ baseURL, storageState: storageStateOf("support") });
    const refused = await support.get(href);
    expect(refused.status()).toBe(404);
    expect((await refused.json()).error.kind).toBe("not_found");
    await support.dispose();
    // No cookies at all (without this the context would take the owner's from test.use).
    const anonymous = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    for (const url of [href, "/api/dashboard/contacts/exports", "/api/dashboard/contacts?page=2"]) {
      const response = await anonymous.get(url);
      expect(response.status(), url).toBe(401);
      expect(await response.json(), url).toEqual({ error: { kind: "unauthenticated", message: "Sign in to continue.", fieldErrors: {} } });
    }
    await anonymous.dispose();
  });

  test("cancel: a running export stops, keeps no file, and says so", async ({ page }) => {
    await goto(page, `/contacts?bot=${BOTS.cancelled}`);
    await expect(page.getByTestId("contacts-total")).toHaveText("30,000 contacts");
    const form = await openExportDialog(page);
    await form.getByRole("radio", { name: "JSON Lines, one contact per line" }).check();
    await expect(form.getByRole("checkbox", { name: "Start the file with a byte order mark (for Excel)" })).toBeDisabled();
    await form.getByRole("button", { name: "Export 30,000 contacts" }).click();
    const item = page.getByTestId("export-item").first();
    await expect(item).toHaveAttribute("data-status", /queued|running/);
    const exportId = await item.getAttribute("data-export-id");
    await item.getByRole("button", { name: `Cancel export ${exportId}` }).click();
    await expect(item.getByTestId("export-status")).toHaveText("Cancelled");
    await expect(item.getByTestId("export-download")).toHaveCount(0);
    await expect(item.getByRole("button", { name: /^Cancel export/ })).toHaveCount(0);
    const list = (await (await page.request.get("/api/dashboard/contacts/exports")).json()) as { data: { id: number; status: string; rowsDone: number }[] };
    const job = list.data.find((entry) => entry.id === Number(exportId))!;
    expect(job.status).toBe("cancelled");
    expect(job.rowsDone).toBeLessThan(CANCEL_COUNT);
    expect((await page.request.get(`/api/dashboard/contacts/exports/${exportId}/download`)).status()).toBe(404);
  });
});

test.describe("search and the header's export", () => {
  test.use({ storageState: storageStateOf("owner"), timezoneId: "Asia/Tokyo" });
  const box = (page: Page) => page.getByRole("searchbox", { name: "Search", exact: true });

  test("search: a name fragment goes to the URL as q once typing pauses (one request), back to page 1; the count says so; clearing restores the list", async ({
    page,
  }) => {
    // The page's timers run on a clock the test holds while it types: on a busy machine the keys can come further apart
    // than the search's pause, and "one request" would then depend on the machine, not on the debounce.
    await page.clock.install();
    await goto(page, `/contacts?bot=${BOTS.search}&page=2`);
    const searches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/dashboard/contacts" && url.searchParams.has("q")) searches.push(url.searchParams.get("q")!);
    });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await box(page).pressSequentially("ivan", { delay: 40 });
    // Typed, with no time passed: nothing asked yet. A second later (longer than the search's pause), one request.
    expect(searches).toEqual([]);
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(page).toHaveURL(new RegExp(`\\?bot=${BOTS.search}&q=ivan$`));
    await expect(page.getByTestId("contacts-total")).toHaveText("Contacts matching “ivan”: 2");
    await expect.poll(() => rowIds(page)).toEqual([FOUND.ivan.id, FOUND.ivanna.id]);
    await expect(page.locator("tbody tr")).toContainText([`Ivan ${TOKEN}`, `Ivanna ${TOKEN}`]);
    expect(searches).toEqual(["ivan"]);

    // Every contact of the run, whatever the bot; a shared link renders the same on the server.
    await goto(page, `/contacts?q=${TOKEN.toLowerCase()}`);
    await expect(box(page)).toHaveValue(TOKEN.toLowerCase());
    await expect(page.getByTestId("contacts-total")).toHaveText(`Contacts matching “${TOKEN.toLowerCase()}”: 3`);
    expect(await rowIds(page)).toEqual([FOUND.ivan.id, FOUND.ivanna.id, FOUND.petr.id]);

    await box(page).fill("");
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByTestId("contacts-total")).toHaveText(/^[\d,]+ contacts$/);
    const all = Number((await page.getByTestId("contacts-total").textContent())!.replace(/\D/g, ""));
    expect(all).toBeGreaterThanOrEqual(3);
  });

  test("search: a phone typed with + and separators finds its contact; Back returns to the previous search", async ({ page }) => {
    await goto(page, `/contacts?q=${TOKEN}`);
    const typed = `+${PHONE[0]} (${PHONE.slice(1, 4)}) ${PHONE.slice(4, 7)}-${PHONE.slice(7, 9)}-${PHONE.slice(9)}`;
    await box(page).fill(typed);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(typed).replace(/%20/g, "\\+").replace(/[()]/g, "\\$&")}$`));
    await expect(page.getByTestId("contacts-total")).toHaveText(`Contacts matching “${typed}”: 1`);
    await expect.poll(() => rowIds(page)).toEqual([FOUND.ivanna.id]);
    await page.goBack();
    await expect(box(page)).toHaveValue(TOKEN);
    await expect.poll(() => rowIds(page)).toEqual([FOUND.ivan.id, FOUND.ivanna.id, FOUND.petr.id]);
  });

  test("selected rows: checkboxes pick contacts, the header exports exactly those; a new filter starts a new selection", async ({ page }) => {
    await goto(page, `/contacts?q=${TOKEN}`);
    await expect.poll(() => rowIds(page)).toEqual([FOUND.ivan.id, FOUND.ivanna.id, FOUND.petr.id]);
    await page.getByRole("checkbox", { name: `Select Petr ${TOKEN}` }).check();
    await page.getByRole("checkbox", { name: `Select Ivan ${TOKEN}` }).check();
    await expect(page.getByTestId("contacts-selected")).toContainText("2 contacts selected");
    await expect(page.getByRole("checkbox", { name: "Select the contacts on this page" })).toBeChecked({ checked: false });
    const form = page.getByTestId("export-form");
    const dialog = await openExportDialog(page);
    await dialog.getByRole("radio", { name: "JSON Lines, one contact per line" }).check();
    await dialog.getByRole("button", { name: "Export 2 selected contacts" }).click();
    await expect(form.getByText("Export started. It appears below.")).toBeVisible();
    await expect(page.getByTestId("contacts-selected")).toHaveCount(0);
    const item = page.getByTestId("export-item").first();
    await expect(item.getByTestId("export-status")).toHaveText("Ready", { timeout: 60_000 });
    await expect(item).toContainText("2 selected contacts");
    const [download] = await Promise.all([page.waitForEvent("download"), item.getByTestId("export-download").click()]);
    const ids = fs
      .readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toEqual([FOUND.ivan.id, FOUND.petr.id]);

    await page.getByRole("checkbox", { name: `Select Ivanna ${TOKEN}` }).check();
    await expect(page.getByTestId("contacts-selected")).toContainText("1 contact selected");
    await box(page).fill(`petr ${TOKEN}`);
    await expect(page.getByTestId("contacts-total")).toHaveText(`Contacts matching “petr ${TOKEN}”: 1`);
    await expect(page.getByTestId("contacts-selected")).toHaveCount(0);
    await expect(form.getByTestId("export-selected")).toHaveCount(0);
  });

  test("export: the header's button counts what the search finds and exports exactly that; disabled with the reason at 0 matches", async ({ page }) => {
    await goto(page, `/contacts?bot=${BOTS.search}&q=ivan`);
    const form = page.getByTestId("export-form");
    const dialog = await openExportDialog(page);
    await expect(dialog).toContainText(`Filters: matching “ivan”, bot ${botName("search")} (${PROJECT_NAME})`);
    await dialog.getByRole("radio", { name: "JSON Lines, one contact per line" }).check();
    await dialog.getByRole("button", { name: "Export 2 contacts" }).click();
    await expect(form.getByText("Export started. It appears below.")).toBeVisible();
    const item = page.getByTestId("export-item").first();
    await expect(item.getByTestId("export-status")).toHaveText("Ready", { timeout: 60_000 });
    await expect(item.getByTestId("export-progress")).toContainText("2 of 2 contacts");
    await expect(item).toContainText("matching “ivan”");
    const [download] = await Promise.all([page.waitForEvent("download"), item.getByTestId("export-download").click()]);
    const lines = fs
      .readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\n");
    expect(lines.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual([FOUND.ivan.id, FOUND.ivanna.id]);
    // Past exports are reachable from the header's export dialog.
    await (await openExportDialog(page)).getByRole("link", { name: "Your exports", exact: true }).click();
    await expect(page).toHaveURL(/#contact-exports$/);
    await expect(page.getByTestId("export-list")).toBeInViewport();

    await box(page).fill(`nobody ${TOKEN}`);
    await expect(page.getByTestId("contacts-total")).toHaveText(`Contacts matching “nobody ${TOKEN}”: 0`);
    await expect(page.getByTestId("contacts-empty")).toHaveAttribute("data-reason", "filtered");
    const button = (await openExportDialog(page)).getByRole("button", { name: "Export 0 contacts" });
    await expect(button).toBeDisabled();
    await expect(form.getByTestId("export-reason")).toHaveText("Nothing to export: no contacts match.");
    await expect(button).toHaveAccessibleDescription("Nothing to export: no contacts match.");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
