import { test, expect } from "@playwright/test";
import { emailOf, formAlert, openUserMenu, password, signInOverHttp, signInWithForm, waitForLoginForm } from "./helpers";

test.describe("sign-in", () => {
  test("sign in with the form, see the role in the user menu, sign out", async ({ page }) => {
    await signInWithForm(page, "signout@example.com");
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await openUserMenu(page);
    await expect(page.getByText("signout@example.com")).toBeVisible();
    await expect(page.getByText(/^Role:/)).toContainText("support");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/contacts");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcontacts$/);
  });

  test("sign-out ends the session: the cookie it had no longer works", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInWithForm(page, "leaver@example.com");
    await expect(page).toHaveURL(/:\d+\/$/);
    const cookies = await context.cookies();
    expect((await context.request.get("/api/dashboard/me")).status()).toBe(200);
    await openUserMenu(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The same cookie, kept by someone who copied it before the sign-out.
    const copy = await browser.newContext({ baseURL });
    await copy.addCookies(cookies);
    expect((await copy.request.get("/api/dashboard/me")).status()).toBe(401);
    await copy.close();
    await context.close();
  });

  test("a wrong password says so and keeps the form", async ({ page }) => {
    await signInWithForm(page, emailOf("lead"), "not-the-password");
    await expect(formAlert(page)).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(emailOf("lead"));
  });

  test("an unknown email gets the same answer as a wrong password", async ({ page }) => {
    await signInWithForm(page, "nobody@example.com", "whatever-password");
    await expect(formAlert(page)).toHaveText("Wrong email or password.");
  });

  test("throttling: after 5 failures 'Too many attempts, try again in N s', even with the right password", async ({ page, request }) => {
    const email = "throttle@example.com";
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await signInOverHttp(request, email, `wrong-${attempt}`);
      expect(decodeURIComponent((await response.json()).url)).toContain("error=invalid_credentials");
    }
    await signInWithForm(page, email, "wrong-5");
    await expect(formAlert(page)).toHaveText(/^Too many attempts, try again in \d+ s\.$/);
    await signInWithForm(page, email, password());
    await expect(formAlert(page)).toHaveText(/^Too many attempts, try again in \d+ s\.$/);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("after sign-in the user lands where they were going", async ({ page }) => {
    await page.goto("/lists");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Flists$/);
    await waitForLoginForm(page);
    await page.getByLabel("Email").fill(emailOf("lead"));
    await page.getByLabel("Password").fill(password());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/lists$/);
    await expect(page.getByRole("heading", { level: 1, name: "Lists" })).toBeVisible();
  });

  test("a callbackUrl that leads off-site is ignored: after sign-in the user stays on this site", async ({ browser, baseURL }) => {
    for (const raw of ["/%5Cevil.example", "/%09/evil.example", "//evil.example", "https%3A%2F%2Fevil.example"]) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      // Nothing may leave for the other host, not even a request.
      await page.route(
        (url) => url.hostname.endsWith("evil.example"),
        (route) => route.abort(),
      );
      await page.goto(`/login?callbackUrl=${raw}`);
      await waitForLoginForm(page);
      await page.getByLabel("Email").fill(emailOf("lead"));
      await page.getByLabel("Password").fill(password());
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/:\d+\/$/);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      await context.close();
    }
  });
});
