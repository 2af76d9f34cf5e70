import { test, expect } from "@playwright/test";
import { formAlert, island, password, signInWithForm, storageStateOf } from "./helpers";

/** Changing one's own password: the rule shown while typing, each refusal on its field, then the other sessions end. */
const EMAIL = "changer@example.com";
const NEW_PASSWORD = "violet tram circles the old harbour";

test("change one's password: refusals on their fields, then the other session ends and only the new password signs in", async ({ browser, baseURL }) => {
  const other = await browser.newContext({ baseURL });
  await signInWithForm(await other.newPage(), EMAIL);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInWithForm(page, EMAIL);
  await expect(page).toHaveURL(/:\d+\/$/);
  expect((await other.request.get("/api/dashboard/me")).status()).toBe(200);

  await page.goto("/account");
  const form = island(page, "password").getByTestId("password-form");
  const submit = form.getByRole("button", { name: "Change password" });
  const newPassword = form.getByLabel("New password", { exact: true });
  // A common password: the meter says so and the button waits, with the reason on the field.
  await newPassword.fill("password1234");
  await expect(form.getByTestId("password-strength")).toHaveText(/^Strength: (Very weak|Weak)$/);
  await expect(form.getByText("This is one of the most common passwords: it would be guessed at once.")).toBeVisible();
  await expect(submit).toBeDisabled();
  // A strong one: the button is back.
  await newPassword.fill(NEW_PASSWORD);
  await expect(form.getByTestId("password-strength")).toHaveText(/^Strength: (Strong|Very strong)$/);
  await expect(submit).toBeEnabled();
  // Two different new passwords: on the second field, nothing sent.
  await form.getByLabel("Current password").fill(password());
  await form.getByLabel("New password again").fill(`${NEW_PASSWORD}!`);
  await submit.click();
  await expect(form.getByText("The two new passwords differ.")).toBeVisible();
  // A wrong current password: on its field.
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password again").fill(NEW_PASSWORD);
  await submit.click();
  await expect(form.getByText("This is not your current password.")).toBeVisible();
  expect((await other.request.get("/api/dashboard/me")).status()).toBe(200);

  await form.getByLabel("Current password").fill(password());
  await submit.click();
  await expect(form.getByText("Password changed. 1 other session was signed out.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveValue("");
  // This browser goes on; the other one is signed out.
  expect((await context.request.get("/api/dashboard/me")).status()).toBe(200);
  expect((await other.request.get("/api/dashboard/me")).status()).toBe(401);

  // The old password no longer signs in; the new one does.
  const fresh = await (await browser.newContext({ baseURL })).newPage();
  await signInWithForm(fresh, EMAIL);
  await expect(formAlert(fresh)).toHaveText("Wrong email or password.");
  await signInWithForm(fresh, EMAIL, NEW_PASSWORD);
  await expect(fresh).toHaveURL(/:\d+\/$/);

  // The owner's security log has it.
  const owner = await browser.newContext({ baseURL, storageState: storageStateOf("owner") });
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/settings/security?kind=password_changed");
  await expect(ownerPage.getByTestId("security-event-password_changed").filter({ hasText: EMAIL })).toHaveCount(1);
  for (const each of [other, context, fresh.context(), owner]) await each.close();
});

test("guessing the current password in the change form locks like sign-in does: the wait is on the field, and nothing changes", async ({
  browser,
  baseURL,
}) => {
  const other = await browser.newContext({ baseURL });
  await signInWithForm(await other.newPage(), "guessed@example.com");
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInWithForm(page, "guessed@example.com");
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/account");
  const form = island(page, "password").getByTestId("password-form");
  await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel("New password again").fill(NEW_PASSWORD);
  const current = form.getByLabel("Current password");
  const submit = form.getByRole("button", { name: "Change password" });
  // The account's allowance of failures (5 in the test server), each refused on the field; the last one locks.
  for (let attempt = 1; attempt <= 4; attempt++) {
    await current.fill(`guess-${attempt}`);
    await submit.click();
    await expect(form.getByText("This is not your current password.")).toBeVisible();
    await current.fill("");
  }
  await current.fill("guess-5");
  await submit.click();
  await expect(form.getByText(/^Too many attempts, try again in \d+ s\.$/)).toBeVisible();
  // Locked: even the right password waits now, and nothing changed: the other session is still signed in.
  await current.fill(password());
  await submit.click();
  await expect(form.getByText(/^Too many attempts, try again in \d+ s\.$/)).toBeVisible();
  expect((await other.request.get("/api/dashboard/me")).status()).toBe(200);
  for (const each of [other, context]) await each.close();
});
