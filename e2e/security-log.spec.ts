import { test, expect } from "@playwright/test";
import { formAlert, signInWithForm, storageStateOf } from "./helpers";

/** The security log: a member's failed and successful sign-ins and their sign-out reach it, owners read and export it. */
const EMAIL = "audited@example.com";

test("an owner finds a member's failed sign-in, sign-in and session end in the security log, and exports it", async ({ browser, baseURL }) => {
  const member = await browser.newContext({ baseURL, userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0" });
  const page = await member.newPage();
  await signInWithForm(page, EMAIL, "not-the-password");
  await expect(formAlert(page)).toHaveText("Wrong email or password.");
  await signInWithForm(page, EMAIL);
  await expect(page).toHaveURL(/:\d+\/$/);

  const owner = await browser.newContext({ baseURL, storageState: storageStateOf("owner") });
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/settings");
  await ownerPage.getByRole("link", { name: "Security log" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1, name: "Security log" })).toBeVisible();
  // The member's events, by the member filter (a GET form: the URL carries it).
  await ownerPage.getByTestId("security-filters-menu").locator("summary").click();
  await ownerPage.getByLabel("Member").selectOption({ label: `audited (${EMAIL})` });
  await ownerPage.getByRole("button", { name: "Apply" }).click();
  await expect(ownerPage).toHaveURL(/\/settings\/security\?.*user=\d+/);
  await expect(ownerPage.getByTestId("filter-chip-user")).toContainText(`Member:audited (${EMAIL})`);
  const signIn = ownerPage.getByTestId("security-event-sign_in");
  await expect(signIn).toHaveCount(1);
  await expect(signIn).toContainText("Firefox on Windows 10");
  // The failed attempt names the email typed (it is nobody's id until it succeeds): filter by kind.
  await ownerPage.goto("/settings/security?kind=sign_in_failed");
  await expect(ownerPage.getByTestId("security-event-sign_in_failed").filter({ hasText: EMAIL }).first()).toBeVisible();
  // A chip says which filter is in force, and following it drops that filter alone.
  await ownerPage.getByTestId("filter-chip-kind").click();
  await expect(ownerPage).toHaveURL(/\/settings\/security$/);
  await expect(ownerPage.getByTestId("filter-chip-kind")).toHaveCount(0);

  // The owner ends the member's session from the account page: the log says who ended whose session.
  await ownerPage.goto("/account");
  await ownerPage.getByTestId("session-member").filter({ hasText: EMAIL }).getByRole("button").click();
  await expect(ownerPage.getByText("Session ended.")).toBeVisible();
  await ownerPage.goto("/settings/security?kind=session_ended");
  const ended = ownerPage.getByTestId("security-event-session_ended").filter({ hasText: EMAIL }).first();
  await expect(ended).toContainText("owner@example.com");

  // The export carries the same events as CSV.
  const csv = await owner.request.get("/api/dashboard/security-events/export?kind=session_ended");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await csv.text();
  expect(text.split("\n")[0]).toBe("id,created_at,kind,actor_email,subject_user_id,subject_email,address,user_agent,detail");
  expect(text).toMatch(new RegExp(`,session_ended,owner@example\\.com,\\d+,${EMAIL.replace(".", "\\.")},`));

  // A member neither sees nor exports it.
  expect((await member.request.get("/api/dashboard/security-events/export")).status()).toBe(401);
  const support = await browser.newContext({ baseURL, storageState: storageStateOf("support") });
  const supportPage = await support.newPage();
  await supportPage.goto("/settings/security");
  await expect(supportPage.getByTestId("security-total")).toHaveCount(0);
  expect((await support.request.get("/api/dashboard/security-events/export")).status()).toBe(403);
  for (const context of [member, owner, support]) await context.close();
});
