import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Browser, type Page, type Response } from "@playwright/test";
import { generate } from "otplib";

export type Role = "owner" | "lead" | "support";

export const password = (): string => process.env.E2E_PASSWORD!;
export const apiKey = (): string => process.env.E2E_API_KEY!;
export const emailOf = (role: Role): string => `${role}@example.com`;
/** Saved sign-ins live in the run's own data directory, so that concurrent runs never share them. */
export const storageStateOf = (role: Role): string => `${process.env.E2E_DATA_DIR}/auth/${role}.json`;

/** next-auth's credentials sign-in over HTTP (documenso's apiSignin): csrf token, then the callback. */
export async function signInOverHttp(request: APIRequestContext, email: string, secret = password()) {
  const csrf = await request.get("/api/auth/csrf");
  expect(csrf.ok()).toBeTruthy();
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password: secret, json: "true" },
    maxRedirects: 0,
  });
}

/** The sign-in form is hydrated (a submit before that would be a plain POST of the page). */
export async function waitForLoginForm(page: Page) {
  await expect(page.locator('form[data-ready="true"]')).toBeVisible();
}

/** Signs in through the form, as a person would. */
export async function signInWithForm(page: Page, email: string, secret = password()) {
  await page.goto("/login");
  await waitForLoginForm(page);
  await page.getByLabel(/^(Email|Электронная почта)$/).fill(email);
  await page.getByLabel(/^(Password|Пароль)$/).fill(secret);
  await page.getByRole("button", { name: /^(Sign in|Войти)$/ }).click();
}

/** The form's own alert (Next's route announcer is another role="alert", outside <main>). */
export const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");

/** Opens the user menu; clicks again if the first click came before React was listening. */
export async function openUserMenu(page: Page) {
  const button = page.getByRole("button", { name: /^(Account menu|Меню аккаунта)/ });
  const panel = page.getByText(/^(Signed in as|Вы вошли как)$/);
  await expect(async () => {
    if (!(await panel.isVisible())) await button.click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** A new browser context signed in as a role (its saved storage state) and a page in it. */
export async function pageAs(browser: Browser, role: Role) {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return { context, page: await context.newPage() };
}

/** Settings as an owner, once the team section's code runs (a click before it would be lost). */
export async function openTeamSettings(page: Page) {
  await page.goto("/settings");
  await expect(island(page, "team")).toBeVisible();
}

/** The team's emails as the owner sees them in Settings. */
export async function teamEmails(browser: Browser): Promise<string[]> {
  const { context } = await pageAs(browser, "owner");
  const response = await context.request.get("/api/dashboard/team");
  const body = (await response.json()) as { data: { email: string }[] };
  await context.close();
  return body.data.map((member) => member.email);
}

/**
 * Clicks the page's "Refresh" of what it shows from the platform cache ("As of
 * 12:03:10 · Refresh") and waits until the page shows a newer fetch: how a test
 * sees data it changed behind the dashboard's back (operator fixtures).
 */
export async function refreshCached(page: Page) {
  const stamp = page.getByTestId("cache-stamp");
  const before = (await stamp.getAttribute("data-fetched-at")) ?? "";
  await expect(async () => {
    await stamp.getByRole("button", { name: /^(Refresh|Обновить)$/ }).click();
    await expect(stamp).not.toHaveAttribute("data-fetched-at", before, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Axe's serious and critical WCAG 2.1 A/AA violations on the page, one line each (empty when there are none).
 * `exclude`: selectors of a third party's elements with a known, reported violation that is not ours to fix.
 */
export async function seriousViolations(page: Page, exclude: readonly string[] = []) {
  // The page as people use it: until an island's code runs, its controls sit in a disabled fieldset, which axe
  // counts as not focusable (a scroll box inside then reads as one no keyboard can reach).
  await expect(page.locator('[data-island][data-ready="false"]'), "islands still starting").toHaveCount(0);
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** Every response body the page receives (HTML, RSC, scripts, styles, JSON). */
export function collectBodies(page: Page) {
  const bodies: { url: string; type: string; text: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response: Response) => {
    pending.push(
      response
        .body()
        .then((body) => void bodies.push({ url: response.url(), type: response.headers()["content-type"] ?? "", text: body.toString("utf8") }))
        .catch(() => undefined),
    );
  });
  return { bodies, settled: () => Promise.all(pending) };
}

/**
 * An island (components/ui/island.tsx) answers: it is rendered on the server and its code arrives after the page's, so
 * until it runs its controls are disabled (Playwright's clicks and fills wait for that on their own) and anything else
 * (a link inside, a keyboard shortcut, reading a value it computes) must wait for `data-ready`.
 */
export function island(page: Page, name: string) {
  return page.locator(`[data-island="${name}"][data-ready="true"]`);
}

/**
 * The API reference (/docs/api): Scalar renders the whole OpenAPI document in the browser, a few seconds on a quiet
 * machine and well past the default 15 s on a loaded one. `apiReferenceReady` waits for its first operation's path.
 */
export const apiReference = (page: Page) => page.locator("#main");
export async function apiReferenceReady(page: Page) {
  await expect(apiReference(page).getByText("/api/v1/").first(), "API reference").toBeVisible({ timeout: 60_000 });
}

/** The contact browser answers to clicks (an island). */
export async function contactBrowserReady(page: Page) {
  await expect(island(page, "contact-browser")).toBeVisible();
}

/** The TOTP code of the time step `steps` away from now (the server accepts one step either side). */
export const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns two-factor on through the account page of a signed-in page: the key shown, a code, the recovery codes saved; the key. */
export async function turnOnTwoFactor(page: Page): Promise<string> {
  await page.goto("/account");
  const section = island(page, "two-factor").getByTestId("two-factor-section");
  await section.getByRole("button", { name: "Turn on two-factor" }).click();
  const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
  await section.getByLabel("Code from the app").fill(await codeAt(secret, 0));
  await section.getByRole("button", { name: "Confirm" }).click();
  await expect(section.getByTestId("recovery-code")).toHaveCount(10);
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByTestId("two-factor-status")).toContainText("Two-factor authentication is on since");
  return secret;
}

/** A server action's call as a browser made it (its URL, Next-Action id and body), sent again from another signed-in context. */
export async function replayAction(request: APIRequestContext, call: { url: string; headers: Record<string, string>; body: string }): Promise<string> {
  const response = await request.post(call.url, {
    headers: {
      "next-action": call.headers["next-action"],
      "content-type": call.headers["content-type"],
      accept: "text/x-component",
      origin: new URL(call.url).origin,
    },
    data: call.body,
  });
  return response.text();
}

/** An operator command through the running server (its command channel), as `npm run user:…` would run it. */
export async function operatorCommand(script: string, ...args: string[]) {
  const { execFile } = await import("node:child_process");
  const { promisify } = await import("node:util");
  return promisify(execFile)("node", ["scripts/run.mjs", script, ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "", NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET },
  });
}

/**
 * The contact browser's toolbar and header keep their controls one click away: the Filters popover (bot, creation
 * days), the saved views' menu and the export dialog. Each opener clicks only when its panel is closed.
 */
async function expand(page: Page, button: ReturnType<Page["getByRole"]>) {
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
export async function openContactFilters(page: Page) {
  await expand(page, page.getByTestId("contact-filters").getByRole("button", { name: /^(Filters|Фильтры)/ }));
}
export async function openSavedViews(page: Page) {
  await expand(page, page.getByTestId("saved-views").getByRole("button", { name: /^(Saved views|Сохранённые виды)/ }));
}
/** Opens the export dialog from the header's Export button; the dialog (its options and buttons) is returned. */
export async function openExportDialog(page: Page) {
  const dialog = page.getByTestId("export-form").getByRole("dialog");
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByTestId("export-open").click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}
