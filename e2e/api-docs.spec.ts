import { randomUUID } from "node:crypto";
import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { apiKey, apiReference as reference, apiReferenceReady, collectBodies, storageStateOf } from "./helpers";
import { idSource, postFixtures } from "./seed";
import { SCALAR_BASE_PATH, SCALAR_ENTRY_URL } from "../components/api-docs/scalar-bundle.mjs";

/**
 * The API reference at /docs/api: public, fed by /api/openapi.json in the visitor's language, calling nothing but
 * this origin, and trying requests with the key the reader types (never the dashboard's stored key).
 */
const uniqueId = idSource(1_100_000_000);

type Operation = { operationId?: string; summary?: string };

/** getMe's title in the served document, whatever the generator writes there (Scalar shows the summary, else the path). */
async function getMeTitle(request: APIRequestContext, lang: "en" | "ru"): Promise<string> {
  const response = await request.get(`/api/openapi.json?lang=${lang}`);
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const operation of Object.values(operations)) if (operation?.operationId === "getMe") return operation.summary ?? path;
  }
  throw new Error("getMe is not in the document");
}

/** Requests for another origin, and console errors (a CSP refusal is one), while the page is open. */
function watch(page: Page, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) foreign.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { foreign, errors };
}

const testRequestButton = (page: Page) => reference(page).getByRole("button", { name: "Test Request (get /api/v1/getMe)" });

/**
 * Goes to getMe through Scalar's search (Ctrl+K), as a reader would: in the full document it may be far down the
 * page. In English the GET operation is picked (the document has a POST of every method too).
 */
async function goToGetMe(page: Page, lang: "en" | "ru" = "en") {
  await apiReferenceReady(page);
  await page.keyboard.press("Control+k");
  await page.keyboard.type("/api/v1/getMe");
  const options = page.getByRole("option").filter({ hasText: "/api/v1/getMe" });
  await (lang === "en" ? options.filter({ hasText: /Method:\s*get\s*Path/i }) : options).first().click();
}

test.describe("API reference", () => {
  test("without a session: 200, getMe from the document, nothing sent to another origin, no console error", async ({ page, baseURL, request }) => {
    const title = await getMeTitle(request, "en");
    const watched = watch(page, baseURL!);
    const response = await page.goto("/docs/api");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Download the OpenAPI document" })).toHaveAttribute("href", "/api/openapi.json");
    await expect(page.getByTestId("api-docs-key-note")).toHaveText(/from your browser to this server only; it is not stored/);
    // Used: the search, the operation's test client (opened and closed), the auth box.
    await goToGetMe(page);
    // getMe takes GET and POST: the document has an operation, and a heading, for each.
    await expect(reference(page).getByRole("heading", { name: title, exact: true })).toHaveCount(2);
    await expect(reference(page).getByRole("heading", { name: title, exact: true }).first()).toBeVisible();
    await testRequestButton(page).click();
    const client = page.getByRole("dialog");
    await expect(client.getByRole("button", { name: /^Send/ }).first()).toBeVisible();
    await client.getByRole("button", { name: "Close Client" }).click();
    await expect(client).toBeHidden();
    await reference(page).getByPlaceholder("Token").first().fill("not-a-key");
    // The server it names is the origin it was loaded from (the document itself says only "/").
    // Scalar shows it in the operation's box and in the test client's address bar.
    const origin = new URL(baseURL!).origin;
    const servers = reference(page).getByText("Server:", { exact: true }).locator("xpath=..");
    await expect(servers.first()).toContainText(origin);
    expect((await servers.allTextContents()).map((text) => text.replace(/\s+/g, ""))).toEqual(Array((await servers.count()) || 1).fill(`Server:${origin}`));

    expect(watched.foreign).toEqual([]);
    expect(watched.errors).toEqual([]);
  });

  test("try it: the typed key goes as a Bearer token to /api/v1/getMe (200) and is kept nowhere", async ({ page, baseURL, request }) => {
    const holder = uniqueId();
    const typedKey = `docs-${randomUUID()}`;
    const email = `docs-reader${holder}@example.com`;
    await postFixtures(request, { accounts: [{ id: holder, email, name: "Docs reader", plan: "pro", api_key: typedKey }] });
    const watched = watch(page, baseURL!);

    await page.goto("/docs/api");
    await reference(page).getByPlaceholder("Token").first().fill(typedKey);
    await goToGetMe(page);
    await testRequestButton(page).click();
    const client = page.getByRole("dialog");
    const sent = page.waitForRequest((sentRequest) => new URL(sentRequest.url()).pathname === "/api/v1/getMe");
    const answered = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/api/v1/getMe");
    await client.getByRole("button", { name: /^Send/ }).first().click();
    expect((await sent).headers()["authorization"]).toBe(`Bearer ${typedKey}`);
    expect((await answered).status()).toBe(200);
    await expect(client.getByRole("region", { name: "Response" }).getByRole("link", { name: "200 OK" })).toBeVisible();
    await expect(client.getByText(`"${email}"`).first()).toBeVisible();

    // Not persisted: not in the browser's storage or cookies, and gone after a reload.
    const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]));
    expect(stored).not.toContain(typedKey);
    expect(JSON.stringify(await page.context().cookies())).not.toContain(typedKey);
    await page.reload();
    await apiReferenceReady(page);
    await expect(reference(page).getByPlaceholder("Token").first()).toHaveValue("");
    expect(watched.foreign).toEqual([]);
    expect(watched.errors).toEqual([]);
  });

  test("the dashboard's stored key is in none of the page's responses (HTML, scripts, styles, the document in both languages)", async ({ browser }) => {
    // Signed in as the owner, the worst case: a session could only add to what the page receives.
    const context = await browser.newContext({ storageState: storageStateOf("owner") });
    const page = await context.newPage();
    const collected = collectBodies(page);
    await page.goto("/docs/api");
    await goToGetMe(page);
    await testRequestButton(page).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: /^Send/ }).first()).toBeVisible();
    for (const url of ["/api/openapi.json", "/api/openapi.json?lang=ru"]) await page.goto(url);
    await collected.settled();
    await context.close();

    const kinds = (pattern: RegExp) => collected.bodies.filter((body) => pattern.test(body.type)).length;
    expect(kinds(/text\/html/)).toBeGreaterThan(0);
    expect(kinds(/javascript/)).toBeGreaterThan(5);
    expect(kinds(/json/)).toBeGreaterThan(2);
    const key = apiKey();
    const fragment = key.slice(0, -4);
    expect(collected.bodies.filter((body) => body.text.includes(key) || body.text.includes(fragment)).map((body) => body.url)).toEqual([]);
  });

  test("Russian: the page in Russian, the document read with ?lang=ru and its Russian summary shown", async ({ browser, baseURL, request }) => {
    const title = await getMeTitle(request, "ru");
    const context = await browser.newContext();
    await context.addCookies([{ name: "lang", value: "ru", url: baseURL! }]);
    const page = await context.newPage();
    const documentRequest = page.waitForRequest((sent) => new URL(sent.url()).pathname === "/api/openapi.json");
    await page.goto("/docs/api");
    expect(new URL((await documentRequest).url()).searchParams.get("lang")).toBe("ru");
    await expect(page.getByRole("heading", { level: 1, name: "Справочник API" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Скачать документ OpenAPI" })).toHaveAttribute("href", "/api/openapi.json?lang=ru");
    await goToGetMe(page, "ru");
    // getMe takes GET and POST: the document has an operation, and a heading, for each.
    await expect(reference(page).getByRole("heading", { name: title, exact: true })).toHaveCount(2);
    await expect(reference(page).getByRole("heading", { name: title, exact: true }).first()).toBeVisible();
    await context.close();
  });

  test("the viewer is Scalar's pinned browser build, from this origin: its module and chunks are JavaScript cached for a year", async ({ page }) => {
    const viewer: { path: string; status: number; type: string; cache: string }[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith(`${SCALAR_BASE_PATH}/`)) {
        const headers = response.headers();
        viewer.push({ path: pathname, status: response.status(), type: headers["content-type"] ?? "", cache: headers["cache-control"] ?? "" });
      }
    });
    await page.goto("/docs/api");
    await apiReferenceReady(page);
    expect(viewer.map((file) => file.path)).toContain(SCALAR_ENTRY_URL);
    expect(viewer.filter((file) => file.path.startsWith(`${SCALAR_BASE_PATH}/chunks/`)).length).toBeGreaterThan(0);
    for (const file of viewer) {
      expect(file, file.path).toMatchObject({ status: 200, type: expect.stringMatching(/javascript/), cache: "public, max-age=31536000, immutable" });
    }
    // Scalar's license beside its files.
    const license = await page.request.get(`${SCALAR_BASE_PATH}/LICENSE.txt`);
    expect(await license.text()).toMatch(/MIT License\n\nCopyright \(c\) 2023-present Scalar/);
  });

  test("when the viewer's files cannot be loaded, the page says so instead of staying blank", async ({ page }) => {
    await page.route(`**${SCALAR_BASE_PATH}/**`, (route) => route.abort());
    await page.goto("/docs/api");
    await expect(reference(page).getByRole("alert")).toHaveText(
      "The reference could not be loaded. Reload the page; the OpenAPI document can still be downloaded from the link above.",
    );
    await expect(reference(page).getByRole("status")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download the OpenAPI document" })).toBeVisible();
  });

  test("the dashboard links to it: the sidebar's API reference opens /docs/api", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf("support") });
    const page = await context.newPage();
    await page.goto("/contacts");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    await context.close();
  });
});
