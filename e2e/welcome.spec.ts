import fs from "node:fs";
import path from "node:path";
import { test, expect, type Request } from "@playwright/test";
import { island, openTeamSettings, pageAs, replayAction, storageStateOf, waitForLoginForm } from "./helpers";

/** One-time links: an owner invites, the member sets their password through the link and signs in; the link then refuses. */
const NEW_PASSWORD = "amber kettle drifts past seven lighthouses";

test.describe("owner", () => {
  test.use({ storageState: storageStateOf("owner") });

  test("invite → copy the link → set a password in a fresh browser → sign in; the link then says it was used", async ({ page, browser, baseURL }) => {
    const email = `welcome-${Date.now()}@example.com`;
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await openTeamSettings(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Name", { exact: true }).fill("Wendy Welcome");
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const shown = page.getByTestId("invited-link");
    await expect(shown).toHaveText(new RegExp(`^${baseURL}/welcome/[A-Za-z0-9_-]{43}$`));
    const link = (await shown.textContent())!.trim();
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const row = page.getByTestId(`member-${email}`);
    await expect(row.getByText("Invited", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Create a new invite link for ${email}` })).toBeVisible();

    // A browser of its own, signed in as nobody.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const member = await context.newPage();
    const response = await member.goto(link);
    expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(member.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
    await expect(member.getByTestId("welcome-account")).toHaveText(`Account: Wendy Welcome (${email})`);
    const form = member.locator('[data-testid="welcome-form"][data-ready="true"]');
    // The same rule and meter as one's own password: the member's own name is refused as personal.
    await form.getByLabel("New password", { exact: true }).fill("wendywelcome");
    await expect(form.getByText("It is built from your own name or email: easy to guess.")).toBeVisible();
    await expect(form.getByRole("button", { name: "Set password" })).toBeDisabled();
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await expect(form.getByTestId("password-strength")).toHaveText(/^Strength: (Strong|Very strong)$/);
    await form.getByLabel("New password again").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Set password" }).click();

    await expect(member).toHaveURL(/\/login\?/);
    expect(new URL(member.url()).searchParams.get("email")).toBe(email);
    await waitForLoginForm(member);
    await expect(member.getByText("Password set, sign in.")).toBeVisible();
    await expect(member.getByLabel("Email")).toHaveValue(email);
    await member.getByLabel("Password").fill(NEW_PASSWORD);
    await member.getByRole("button", { name: "Sign in" }).click();
    await expect(member).toHaveURL(/:\d+\/$/);

    // Used: a second open says so, and offers nothing to type.
    const again = await context.newPage();
    await again.goto(link);
    await expect(again.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
    await expect(again.getByTestId("welcome-refused")).toHaveText("This link has already been used.");
    await expect(again.getByText("Ask an owner of the dashboard for a new link.")).toBeVisible();
    await expect(again.getByLabel("New password", { exact: true })).toHaveCount(0);
    await context.close();

    // Not invited any more: the owner's action for them is a password reset now.
    await page.reload();
    await expect(island(page, "team")).toBeVisible();
    await expect(row.getByText("Invited", { exact: true })).toHaveCount(0);
    await row.getByRole("button", { name: `Create a password reset link for ${email}` }).click();
    await expect(page.getByText(`Reset link for ${email}, shown once`)).toBeVisible();
    await expect(page.getByTestId("invited-link")).toHaveText(new RegExp(`^${baseURL}/welcome/[A-Za-z0-9_-]{43}$`));

    // The token is a password while it works: the server's log never holds it.
    const log = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "server.log"), "utf8");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(link.split("/welcome/")[1]);
  });

  test("a link that was never issued: not valid, nothing to type, in Russian too", async ({ page }) => {
    await page.context().clearCookies();
    await page.goto(`/welcome/${"A".repeat(43)}`);
    await expect(page.getByTestId("welcome-refused")).toHaveText("This link is not valid.");
    await page.getByRole("button", { name: "Русский" }).click();
    await expect(page.getByTestId("welcome-refused")).toHaveText("Эта ссылка недействительна.");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByTestId("welcome-refused")).toHaveText("This link is not valid.");
  });
});

test("a reset link's action called directly (Next-Action) is refused for lead and support", async ({ browser }) => {
  // The owner's browser reveals how the reset action is called: its id, URL and body.
  const owner = await pageAs(browser, "owner");
  await openTeamSettings(owner.page);
  const captured: Promise<Request> = owner.page.waitForRequest((request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
  await owner.page.getByRole("button", { name: "Create a password reset link for lead@example.com" }).click();
  const request = await captured;
  const headers = request.headers();
  const body = request.postData()!;
  await expect(owner.page.getByTestId("invited-link")).toBeVisible();
  await owner.context.close();

  for (const role of ["lead", "support"] as const) {
    const { context } = await pageAs(browser, role);
    const text = await replayAction(context.request, { url: request.url(), headers, body });
    expect(text).toContain('"kind":"forbidden"');
    expect(text).toContain(`Requires the role owner. Your role: ${role}.`);
    expect(text).not.toMatch(/\/welcome\//);
    await context.close();
  }
});
