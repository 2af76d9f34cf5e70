import { test, expect, type Browser, type Page } from "@playwright/test";
import { codeAt, formAlert, island, operatorCommand, password, signInWithForm, storageStateOf, turnOnTwoFactor } from "./helpers";
import { inspect, ledgerUrl, review, seedContact } from "./ledger-helpers";

/** Two-factor: turned on with the key shown, then every sign-in asks for a code; a code works once, a recovery code too. */
const EMAIL = "twofactor@example.com";

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
  const section = island(page, "two-factor").getByTestId("two-factor-section");
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

/** Signs in as `email` (no two-factor yet) and turns it on through the account page; the key. */
async function enrolThroughAccountPage(page: Page, email: string): Promise<string> {
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/:\d+\/$/);
  return turnOnTwoFactor(page);
}

/**
 * The owner's step-up thresholds, through the rules form: `amount` null removes every row. The rules guard the money,
 * so a save asks for a fresh code when the session has given none in the last minutes: `code` answers the prompt.
 */
async function setThreshold(page: Page, currency: string, amount: string | null, code: () => Promise<string>) {
  await page.goto("/settings/security");
  const rules = island(page, "security-rules").getByTestId("security-rules");
  const rows = rules.getByTestId("threshold-row");
  // count() does not wait: before the island is ready it finds no row, and the save would keep the old thresholds.
  await expect(rules).toBeVisible();
  while ((await rows.count()) > 0) await rows.first().getByRole("button", { name: "Remove" }).click();
  if (amount !== null) {
    await rules.getByRole("button", { name: "Add a currency" }).click();
    await rows.first().getByLabel("Currency", { exact: true }).fill(currency);
    await rows.first().getByLabel("Amount", { exact: true }).fill(amount);
  }
  await rules.getByRole("button", { name: "Save rules" }).click();
  const stepUp = rules.getByTestId("step-up");
  await expect(rules.getByText("Rules saved.").or(stepUp)).toBeVisible();
  if (await stepUp.isVisible()) {
    await stepUp.getByLabel("Code from the app or a recovery code").fill(await code());
    await stepUp.getByRole("button", { name: "Confirm and continue" }).click();
  }
  await expect(rules.getByText("Rules saved.")).toBeVisible();
}

test("a top-up above the team's threshold asks for a fresh code inline and is made once; without two-factor it is refused", async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await freshPage(browser, baseURL);
  const secret = await enrolThroughAccountPage(page, "stepup@example.com");
  // The rules are changed by an owner with two-factor: lifting a threshold needs a code (this session's own).
  const ownerPage = await freshPage(browser, baseURL);
  const owner = ownerPage.context();
  // A second owner, made only here (this spec runs after all others: roles.spec counts on one owner).
  const rulesOwner = `rules${Date.now()}@example.com`;
  await operatorCommand("user-create", "--email", rulesOwner, "--role", "owner", "--password-env", "E2E_PASSWORD");
  const ownerSecret = await enrolThroughAccountPage(ownerPage, rulesOwner);
  let ownerStep = 0;
  const ownerCode = () => codeAt(ownerSecret, ++ownerStep);
  await setThreshold(ownerPage, "ISK", "1000", ownerCode);
  try {
    const { contactId } = await seedContact(request, [{ currency: "ISK" }]);
    await page.goto(ledgerUrl(contactId));
    // At the threshold: no code asked.
    let account = await review(page, "ISK", "Top up", "1000", "At the line");
    await account.getByRole("button", { name: "Confirm top-up" }).click();
    await expect(page.getByTestId("ledger-success")).toContainText("Topped up");

    // Above it: the code is asked inline; a wrong one is refused on its field, nothing made.
    account = await review(page, "ISK", "Top up", "5000", "Above the line");
    await account.getByRole("button", { name: "Confirm top-up" }).click();
    const stepUp = account.getByTestId("step-up");
    await expect(stepUp).toContainText("Confirm with a code");
    const right = await codeAt(secret, 1);
    await stepUp.getByLabel("Code from the app or a recovery code").fill(String((Number(right) + 1) % 1_000_000).padStart(6, "0"));
    await stepUp.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(stepUp.getByText("That code is wrong or was already used.")).toBeVisible();
    expect((await inspect(request, contactId)).accounts[0].journal.filter((entry) => entry.description === "Above the line")).toHaveLength(0);
    // The right one: the same request goes again and the top-up is made once.
    await stepUp.getByLabel("Code from the app or a recovery code").fill(right);
    await stepUp.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(page.getByTestId("ledger-success")).toContainText("Topped up");
    expect((await inspect(request, contactId)).accounts[0].journal.filter((entry) => entry.description === "Above the line")).toHaveLength(1);

    // Within the next minutes the session needs no other code.
    account = await review(page, "ISK", "Top up", "6000", "Again above");
    await account.getByRole("button", { name: "Confirm top-up" }).click();
    await expect(page.getByTestId("ledger-success")).toContainText("Topped up");
    expect((await inspect(request, contactId)).accounts[0].amount).toBe(12000);

    // A member without two-factor: told to turn it on first, nothing made.
    const support = await browser.newContext({ baseURL, storageState: storageStateOf("support") });
    const supportPage = await support.newPage();
    await supportPage.goto(ledgerUrl(contactId));
    const theirs = await review(supportPage, "ISK", "Top up", "5000", "Not without a code");
    await theirs.getByRole("button", { name: "Confirm top-up" }).click();
    await expect(supportPage.getByText(/turn on two-factor authentication on your account page first/)).toBeVisible();
    expect((await inspect(request, contactId)).accounts[0].amount).toBe(12000);
    await support.close();

    await ownerPage.goto("/settings/security?kind=step_up");
    await expect(ownerPage.getByTestId("security-event-step_up").filter({ hasText: "stepup@example.com" }).first()).toBeVisible();
  } finally {
    await setThreshold(ownerPage, "ISK", null, ownerCode);
    await owner.close();
    await page.context().close();
  }
});

test("an owner resets a member's two-factor (a lost phone): the member is signed out, and the password alone signs in again", async ({ browser, baseURL }) => {
  const email = "lostphone@example.com";
  const member = await (await browser.newContext({ baseURL })).newPage();
  await signInWithForm(member, email);
  await expect(member).toHaveURL(/:\d+\/$/);
  await turnOnTwoFactor(member);

  const owner = await browser.newContext({ baseURL, storageState: storageStateOf("owner") });
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/settings");
  const row = island(ownerPage, "team").getByTestId(`member-${email}`);
  await expect(row.getByText("Two-factor on")).toBeVisible();
  await row.getByRole("button", { name: `Reset two-factor of ${email}` }).click();
  const dialog = ownerPage.getByRole("dialog", { name: `Reset two-factor of ${email}` });
  await expect(dialog).toContainText("they are signed out at once");
  await dialog.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(ownerPage.getByText(`Two-factor turned off for ${email}; they are signed out.`)).toBeVisible();
  await expect(row.getByText("Two-factor on")).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Reset two-factor of ${email}` })).toHaveCount(0);
  expect((await member.request.get("/api/dashboard/me")).status()).toBe(401);

  // The password alone signs in now; the owner's security log names who turned it off.
  const again = await (await browser.newContext({ baseURL })).newPage();
  await signInWithForm(again, email);
  await expect(again).toHaveURL(/:\d+\/$/);
  await ownerPage.goto("/settings/security?kind=two_factor_disabled");
  await expect(ownerPage.getByTestId("security-event-two_factor_disabled").filter({ hasText: email }).first()).toBeVisible();
  for (const each of [member.context(), again.context(), owner]) await each.close();
});
