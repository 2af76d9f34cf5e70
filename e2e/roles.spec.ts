import { test, expect, type Request } from "@playwright/test";
import { apiKey, emailOf, formAlert, openTeamSettings, pageAs, password, replayAction, signInWithForm, storageStateOf, teamEmails } from "./helpers";

test.describe("owner", () => {
  test.use({ storageState: storageStateOf("owner") });

  test("owner: Settings has the team and the connection; the key shows only its last four characters", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
    for (const role of ["owner", "lead", "support"] as const) await expect(page.getByTestId(`member-${emailOf(role)}`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Platform connection" })).toBeVisible();
    await expect(page.getByTestId("connection-status")).toContainText("Connected as Demo Shop Ltd");
    await expect(page.getByText(`Current key: ••••${apiKey().slice(-4)}`)).toBeVisible();
    await expect(page.getByLabel("API key")).toHaveValue("");
    expect(await page.content()).not.toContain(apiKey());
  });

  test("owner: invites a member: a one-time link instead of a password; until it is used the member is Invited and cannot sign in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `invited-${Date.now()}@example.com`;
    await openTeamSettings(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("lead");
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const shown = page.getByTestId("invited-link");
    await expect(shown).toHaveText(new RegExp(`^${baseURL}/welcome/[A-Za-z0-9_-]{43}$`));
    await expect(page.getByTestId(`member-${email}`).getByText("Invited", { exact: true })).toBeVisible();

    // A context of its own, without the owner's cookies that test.use() would give it: no password signs in yet.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const invited = await context.newPage();
    await signInWithForm(invited, email, "a-guessed-password-1");
    await expect(formAlert(invited)).toHaveText("Wrong email or password.");
    await context.close();
  });

  test("owner: an invite with a taken email is refused on the email field", async ({ page }) => {
    await openTeamSettings(page);
    await page.getByLabel("Email", { exact: true }).fill(emailOf("lead"));
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await expect(page.locator("#invite-email-error")).toHaveText("A member with this email already exists.");
  });

  test("owner: the last owner cannot be demoted", async ({ page }) => {
    await openTeamSettings(page);
    await page.getByLabel(`Change role of ${emailOf("owner")}`).selectOption("support");
    await page
      .getByTestId(`member-${emailOf("owner")}`)
      .getByRole("button", { name: "Save" })
      .click();
    await expect(page.getByText("The team must keep at least one owner.")).toBeVisible();
  });
});

for (const role of ["lead", "support"] as const) {
  test.describe(role, () => {
    test.use({ storageState: storageStateOf(role) });

    test(`${role}: Settings explain that owners manage them, and list what the role can do`, async ({ page }) => {
      await page.goto("/settings");
      await expect(page.getByText("Settings are managed by owners.")).toBeVisible();
      await expect(page.getByText(`Requires the role owner. Your role: ${role}.`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Invite", exact: true })).toHaveCount(0);
      await expect(page.getByTestId("role-permissions")).toContainText(role === "lead" ? "Design lists" : "Top up balances");
    });

    test(`${role}: the Lists page says whether the role may design lists`, async ({ page }) => {
      await page.goto("/lists");
      await expect(page.getByRole("heading", { level: 1, name: "Lists" })).toBeVisible();
      const note = page.locator('[data-permission="lists.design"]');
      await expect(note).toHaveText(role === "lead" ? "Your role can design and delete lists." : "Requires the role owner or lead. Your role: support.");
    });
  });
}

test("a forbidden server action called directly (Next-Action) is refused for lead and support", async ({ browser }) => {
  // The owner's browser reveals how the invite action is called: its id, URL and body.
  const owner = await pageAs(browser, "owner");
  await openTeamSettings(owner.page);
  await owner.page.getByLabel("Email", { exact: true }).fill(`captured-${Date.now()}@example.com`);
  const captured: Promise<Request> = owner.page.waitForRequest((request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
  await owner.page.getByRole("button", { name: "Invite", exact: true }).click();
  const request = await captured;
  const headers = request.headers();
  const body = JSON.parse(request.postData()!) as [{ email: string; name: string; role: string }];
  await owner.context.close();

  for (const role of ["lead", "support"] as const) {
    const email = `forbidden-${role}-${Date.now()}@example.com`;
    const { context } = await pageAs(browser, role);
    const text = await replayAction(context.request, { url: request.url(), headers, body: JSON.stringify([{ ...body[0], email, role: "owner" }]) });
    expect(text).toContain('"kind":"forbidden"');
    expect(text).toContain(`Requires the role owner. Your role: ${role}.`);
    await context.close();
    expect(await teamEmails(browser)).not.toContain(email);
  }
});

test("a role changed by an owner ends the member's session at once; signed in again, the new role applies", async ({ browser }) => {
  const context = await browser.newContext();
  const member = await context.newPage();
  await signInWithForm(member, "demoted@example.com", password());
  await expect(member).toHaveURL(/:\d+\/$/);
  await member.goto("/lists");
  await expect(member.locator('[data-permission="lists.design"]')).toHaveText("Your role can design and delete lists.");

  const owner = await pageAs(browser, "owner");
  await openTeamSettings(owner.page);
  await owner.page.getByLabel("Change role of demoted@example.com").selectOption("support");
  // The role change answers slowly: meanwhile the same member's Remove waits, with the reason.
  await owner.page.route("**/settings", async (route) => {
    if (route.request().method() === "POST" && route.request().headers()["next-action"]) await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fallback();
  });
  const row = owner.page.getByTestId("member-demoted@example.com");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("status")).toHaveText("Saving the role…");
  await expect(row.getByRole("button", { name: "Remove demoted@example.com" })).toBeDisabled();
  await expect(row.getByText("Wait until the role is saved.")).toBeVisible();
  await expect(owner.page.getByText("Role changed.")).toBeVisible();
  await expect(row.getByRole("button", { name: "Remove demoted@example.com" })).toBeEnabled();
  await owner.context.close();

  await member.reload();
  await expect(member).toHaveURL(/\/login/);
  expect((await context.request.get("/api/dashboard/me")).status()).toBe(401);
  await signInWithForm(member, "demoted@example.com", password());
  await expect(member).toHaveURL(/:\d+\/$/);
  await member.goto("/lists");
  await expect(member.locator('[data-permission="lists.design"]')).toHaveText("Requires the role owner or lead. Your role: support.");
  await expect(member.getByTestId("viewer-role")).toHaveText("support");
  await context.close();
});

test("a removed member is signed out at once", async ({ browser }) => {
  const context = await browser.newContext();
  const member = await context.newPage();
  await signInWithForm(member, "removed@example.com", password());
  await expect(member).toHaveURL(/:\d+\/$/);

  const owner = await pageAs(browser, "owner");
  await openTeamSettings(owner.page);
  await owner.page.getByRole("button", { name: "Remove removed@example.com" }).click();
  await owner.page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(owner.page.getByText("Member removed.")).toBeVisible();
  await expect(owner.page.getByTestId("member-removed@example.com")).toHaveCount(0);
  await owner.context.close();

  await member.goto("/lists");
  await expect(member).toHaveURL(/\/login/);
  const api = await context.request.get("/api/dashboard/me");
  expect(api.status()).toBe(401);
  await context.close();
});
