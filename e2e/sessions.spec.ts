import { test, expect, type Browser } from "@playwright/test";
import { openUserMenu, replayAction, signInWithForm, storageStateOf } from "./helpers";

/** Where one is signed in: each browser's session listed, one ended from another, then every one at once. */
const EMAIL = "sessions@example.com";

async function signedInBrowser(browser: Browser, baseURL: string | undefined, userAgent: string) {
  const context = await browser.newContext({ baseURL, userAgent });
  const page = await context.newPage();
  await signInWithForm(page, EMAIL);
  await expect(page).toHaveURL(/:\d+\/$/);
  return { context, page };
}

test("list one's sessions, end another browser's, then sign out everywhere", async ({ browser, baseURL }) => {
  const phone = await signedInBrowser(
    browser,
    baseURL,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
  );
  const laptop = await signedInBrowser(
    browser,
    baseURL,
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  );
  const desk = await signedInBrowser(browser, baseURL, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0");

  // The account menu leads to the page.
  await openUserMenu(laptop.page);
  await laptop.page.getByRole("link", { name: "Your account and sessions" }).click();
  await expect(laptop.page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  const current = laptop.page.getByTestId("session-current");
  await expect(current).toContainText("Chrome on Linux");
  await expect(current).toContainText("This browser");
  // This browser's own session is ended with Sign out in the menu, and the row says so instead of offering a button.
  await expect(current.getByRole("button")).toHaveCount(0);
  await expect(current).toContainText("use Sign out in the account menu");
  const others = laptop.page.getByTestId("session-other");
  await expect(others).toHaveCount(2);
  await expect(others.filter({ hasText: "Mobile Safari on iOS 17.0" })).toHaveCount(1);
  await expect(others.filter({ hasText: "Firefox on Windows 10" })).toHaveCount(1);

  // End the phone's session from the laptop: the phone is signed out at its next request, the desk is not.
  await others
    .filter({ hasText: "Mobile Safari" })
    .getByRole("button", { name: /^Sign out the session of Mobile Safari on iOS/ })
    .click();
  await expect(laptop.page.getByText("Session ended.")).toBeVisible();
  await expect(others).toHaveCount(1);
  expect((await phone.context.request.get("/api/dashboard/me")).status()).toBe(401);
  await phone.page.goto("/contacts");
  await expect(phone.page).toHaveURL(/\/login(\?|$)/);
  expect((await desk.context.request.get("/api/dashboard/me")).status()).toBe(200);

  // Sign out everywhere: confirmed, then every browser, this one included, is signed out.
  await laptop.page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = laptop.page.getByRole("dialog", { name: "Sign out everywhere" });
  await expect(dialog).toContainText("this browser included");
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(laptop.page).toHaveURL(/\/login$/);
  expect((await laptop.context.request.get("/api/dashboard/me")).status()).toBe(401);
  expect((await desk.context.request.get("/api/dashboard/me")).status()).toBe(401);

  // A new sign-in works, and is the only session listed.
  await signInWithForm(laptop.page, EMAIL);
  await expect(laptop.page).toHaveURL(/:\d+\/$/);
  await laptop.page.goto("/account");
  await expect(laptop.page.getByTestId("session-current")).toHaveCount(1);
  await expect(laptop.page.getByTestId("session-other")).toHaveCount(0);
  await expect(laptop.page.getByRole("button", { name: "Sign out all other sessions" })).toBeDisabled();
  await expect(laptop.page.getByText("No other session is live.")).toBeVisible();
  for (const browserSession of [phone, laptop, desk]) await browserSession.context.close();
});

test("a sign-out in one browser leaves the user's other browsers signed in", async ({ browser, baseURL }) => {
  const first = await browser.newContext({ baseURL });
  const second = await browser.newContext({ baseURL });
  const [a, b] = [await first.newPage(), await second.newPage()];
  await signInWithForm(a, "leaver2@example.com");
  await expect(a).toHaveURL(/:\d+\/$/);
  await signInWithForm(b, "leaver2@example.com");
  await expect(b).toHaveURL(/:\d+\/$/);
  await openUserMenu(a);
  await a.getByRole("button", { name: "Sign out" }).click();
  await expect(a).toHaveURL(/\/login$/);
  expect((await first.request.get("/api/dashboard/me")).status()).toBe(401);
  expect((await second.request.get("/api/dashboard/me")).status()).toBe(200);
  await first.close();
  await second.close();
});

test("an owner sees a member's session among the team's and ends it (a lead replaying the call is refused); a member sees only their own", async ({
  browser,
  baseURL,
}) => {
  const member = await browser.newContext({ baseURL, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36" });
  const memberPage = await member.newPage();
  await signInWithForm(memberPage, "watched@example.com");
  await expect(memberPage).toHaveURL(/:\d+\/$/);
  await memberPage.goto("/account");
  await expect(memberPage.getByTestId("session-current")).toHaveCount(1);
  await expect(memberPage.getByRole("heading", { name: "Your team's sessions" })).toHaveCount(0);

  const owner = await browser.newContext({ baseURL, storageState: storageStateOf("owner") });
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/account");
  const row = ownerPage.getByTestId("session-member").filter({ hasText: "watched@example.com" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Chrome on Linux");
  const end = row.getByRole("button", { name: /^Sign out the session of watched \(watched@example.com\), Chrome on Linux/ });
  // The owner's click is held on its way: it shows how the action is called, and meanwhile a lead replays it.
  let held: { url: string; headers: Record<string, string>; body: string } | null = null;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await ownerPage.route("**/account", async (route) => {
    const request = route.request();
    if (!held && request.method() === "POST" && request.headers()["next-action"]) {
      held = { url: request.url(), headers: request.headers(), body: request.postData() ?? "" };
      await released;
    }
    await route.fallback();
  });
  await end.click();
  await expect.poll(() => held !== null).toBe(true);
  const lead = await browser.newContext({ baseURL, storageState: storageStateOf("lead") });
  const answer = await replayAction(lead.request, held!);
  expect(answer).toContain('"kind":"forbidden"');
  expect(answer).toContain("Requires the role owner. Your role: lead.");
  await lead.close();
  // Refused, so nothing ended: the member is still signed in. Then the owner's own call goes through.
  expect((await member.request.get("/api/dashboard/me")).status()).toBe(200);
  release();
  await expect(ownerPage.getByText("Session ended.")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await member.request.get("/api/dashboard/me")).status()).toBe(401);
  // The owner's own session goes on.
  expect((await owner.request.get("/api/dashboard/me")).status()).toBe(200);
  await owner.close();
  await member.close();
});
