import { test, expect, type Browser, type Page } from "@playwright/test";
import { generate } from "otplib";
import { formAlert, password, signInWithForm, storageStateOf } from "./helpers";

/** Two-factor: turned on with the key shown, then every sign-in asks for a code; a code works once, a recovery code too. */
const EMAIL = "twofactor@example.com";
const PERIOD = 30;

/** The code of the time step `steps` away from now (the server accepts one step either side). */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * PERIOD });

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

/** The password step, then the code step with `code` (a recovery code after switching to it). */
async function signInWithCode(page: Page, code: string, recovery = false) {
  await signInWithForm(page, EMAIL);
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  if (recovery) await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel(recovery ? "Recovery code" : "Authentication code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("enrol with the key shown, sign in with a code, a replayed code and a reused recovery code are refused", async ({ browser, baseURL }) => {
  const page = await freshPage(browser, baseURL);
  await signInWithForm(page, EMAIL);
  await expect(page).toHaveURL(/:\d+\/$/);

  await page.goto("/account");
  const section = page.locator('[data-testid="two-factor-section"][data-ready="true"]');
  await expect(section.getByTestId("two-factor-status")).toHaveText("Two-factor authentication is off.");
  await section.getByRole("button", { name: "Turn on two-factor" }).click();
  const enrol = section.getByTestId("two-factor-enrol");
  await expect(enrol.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await enrol.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code: on its field, nothing turned on.
  const right = await codeAt(secret, 0);
  await enrol.getByLabel("Code from the app").fill(String((Number(right) + 1) % 1_000_000).padStart(6, "0"));
  await enrol.getByRole("button", { name: "Confirm" }).click();
  await expect(enrol.getByText("That code is wrong or was already used.")).toBeVisible();
  await enrol.getByLabel("Code from the app").fill(right);
  await enrol.getByRole("button", { name: "Confirm" }).click();

  // Ten recovery codes, shown once, with a download.
  const codes = section.getByTestId("recovery-code");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((code) => code.trim());
  expect(new Set(recovery).size).toBe(10);
  await expect(section.getByRole("link", { name: "Download .txt" })).toHaveAttribute("download", "recovery-codes.txt");
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByTestId("two-factor-status")).toContainText("Two-factor authentication is on since");
  await expect(section.getByTestId("two-factor-status")).toContainText("10 recovery codes left.");

  // Another browser: the password alone does not sign in.
  const other = await freshPage(browser, baseURL);
  await signInWithForm(other, EMAIL);
  await expect(other.getByLabel("Authentication code", { exact: true })).toBeVisible();
  await expect(other).toHaveURL(/\/login$/);
  expect((await other.request.get("/api/dashboard/me")).status()).toBe(401);

  // The next step's code (the current one confirmed the enrolment): signed in.
  const next = await codeAt(secret, 1);
  await other.getByLabel("Authentication code", { exact: true }).fill(next);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other).toHaveURL(/:\d+\/$/);
  expect((await other.request.get("/api/dashboard/me")).status()).toBe(200);

  // The same code again, from a third browser: refused as used.
  const replay = await freshPage(browser, baseURL);
  await signInWithCode(replay, next);
  await expect(formAlert(replay)).toHaveText("That code is wrong or was already used. Wait for the next code, or use a recovery code.");
  await expect(replay).toHaveURL(/\/login$/);

  // A recovery code works once.
  const withRecovery = await freshPage(browser, baseURL);
  await signInWithCode(withRecovery, recovery[0], true);
  await expect(withRecovery).toHaveURL(/:\d+\/$/);
  const again = await freshPage(browser, baseURL);
  await signInWithCode(again, recovery[0], true);
  await expect(formAlert(again)).toHaveText("That code is wrong or was already used. Wait for the next code, or use a recovery code.");
  await expect(again).toHaveURL(/\/login$/);

  // The account page counts what is left.
  await page.reload();
  await expect(page.locator('[data-testid="two-factor-section"]').getByTestId("two-factor-status")).toContainText("9 recovery codes left.");

  // The owner's security log has the enrolment, the refused codes and the recovery code's use.
  const owner = await browser.newContext({ baseURL, storageState: storageStateOf("owner") });
  const ownerPage = await owner.newPage();
  for (const kind of ["two_factor_enrolled", "two_factor_failed", "recovery_code_used"]) {
    await ownerPage.goto(`/settings/security?kind=${kind}`);
    await expect(ownerPage.getByTestId(`security-event-${kind}`).filter({ hasText: EMAIL }).first()).toBeVisible();
  }
  // The password still is the first step: a wrong one says so, and no code is asked.
  const wrong = await freshPage(browser, baseURL);
  await signInWithForm(wrong, EMAIL, `${password()}-not`);
  await expect(formAlert(wrong)).toHaveText("Wrong email or password.");
  await expect(wrong.getByLabel("Authentication code", { exact: true })).toHaveCount(0);
  for (const each of [page, other, replay, withRecovery, again, wrong]) await each.context().close();
  await owner.close();
});
