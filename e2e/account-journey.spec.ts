import { test, expect } from "@playwright/test";
import { codeAt, openTeamSettings, pageAs, signInWithForm, turnOnTwoFactor } from "./helpers";

/**
 * A new member's whole way in, as issue 22 lists it: an owner's invite link → their own password → two-factor turned on
 * → a sign-in with a code in another browser → "Sign out everywhere" ends both; the owner's security log has each step.
 */
const PASSWORD = "copper lantern hums beneath nine quiet bridges";

test("invite → set a password → turn on two-factor → sign in with a code → sign out everywhere", async ({ browser, baseURL }) => {
  const email = `journey-${Date.now()}@example.com`;
  const owner = await pageAs(browser, "owner");
  await openTeamSettings(owner.page);
  await owner.page.getByLabel("Email", { exact: true }).fill(email);
  await owner.page.getByLabel("Name", { exact: true }).fill("Jo Journey");
  await owner.page.getByRole("button", { name: "Invite", exact: true }).click();
  const link = (await owner.page.getByTestId("invited-link").textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${baseURL}/welcome/[A-Za-z0-9_-]{43}$`));

  // The member's first browser: the link, their own password, then signed in with it.
  const first = await (await browser.newContext({ baseURL })).newPage();
  await first.goto(link);
  const welcome = first.locator('[data-testid="welcome-form"][data-ready="true"]');
  await welcome.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await welcome.getByLabel("New password again").fill(PASSWORD);
  await welcome.getByRole("button", { name: "Set password" }).click();
  await expect(first).toHaveURL(/\/login\?/);
  await signInWithForm(first, email, PASSWORD);
  await expect(first).toHaveURL(/:\d+\/$/);

  // Two-factor on, from the account page: the key, a code, ten recovery codes.
  const secret = await turnOnTwoFactor(first);

  // Another browser: the password, then a code (the next step's: the current one confirmed the enrolment).
  const second = await (await browser.newContext({ baseURL })).newPage();
  await signInWithForm(second, email, PASSWORD);
  const code = second.getByLabel("Authentication code", { exact: true });
  await expect(code).toBeVisible();
  expect((await second.request.get("/api/dashboard/me")).status()).toBe(401);
  await code.fill(await codeAt(secret, 1));
  await second.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(second).toHaveURL(/:\d+\/$/);
  expect((await first.request.get("/api/dashboard/me")).status()).toBe(200);

  // Sign out everywhere, from the second browser: both are signed out.
  await second.goto("/account");
  await second.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = second.getByRole("dialog", { name: "Sign out everywhere" });
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(second).toHaveURL(/\/login$/);
  expect((await second.request.get("/api/dashboard/me")).status()).toBe(401);
  expect((await first.request.get("/api/dashboard/me")).status()).toBe(401);

  // The owner's security log has every step, about this member.
  for (const kind of ["link_created", "link_used", "sign_in", "two_factor_enrolled", "sessions_ended_all"]) {
    await owner.page.goto(`/settings/security?kind=${kind}`);
    await expect(owner.page.getByTestId(`security-event-${kind}`).filter({ hasText: email }).first(), kind).toBeVisible();
  }
  for (const page of [first, second]) await page.context().close();
  await owner.context.close();
});
