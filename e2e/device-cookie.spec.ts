import http from "node:http";
import { test, expect, type Page } from "@playwright/test";
import { formAlert, openUserMenu, operatorCommand, password, storageStateOf, waitForLoginForm } from "./helpers";
import { baseURL } from "./seed";

/**
 * OWASP's device cookie: a stranger's wrong passwords for a member's email, sent from another address, lock out
 * unknown devices (slowed) but never the browser she signed in from before. The attacker is a plain HTTP client
 * connecting from 127.0.0.3 (npm start appends the connecting address to X-Forwarded-For: another address).
 */
const EMAIL = `device${Date.now()}@example.com`;
const ATTACKER_ADDRESS = "127.0.0.3";
const operator = operatorCommand;

function request(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const url = new URL(path, baseURL);
    const outgoing = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method, headers, localAddress: ATTACKER_ADDRESS, agent: false },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (text += chunk));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** One wrong password from the attacker's address, with no device cookie: the status, Retry-After and the form's error. */
async function attack(guess: string) {
  const csrf = await request("GET", "/api/auth/csrf", {});
  const cookie = ([] as string[])
    .concat(csrf.headers["set-cookie"] ?? [])
    .map((line) => line.split(";")[0])
    .join("; ");
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email: EMAIL, password: guess, json: "true" }).toString();
  const answer = await request("POST", "/api/auth/callback/credentials", { cookie, "content-type": "application/x-www-form-urlencoded" }, form);
  const { url } = JSON.parse(answer.body) as { url: string };
  return { status: answer.status, retryAfter: answer.headers["retry-after"] ?? null, error: new URL(url).searchParams.get("error") };
}

/** The sign-in form filled in with the right password, not sent yet. */
async function fillSignIn(page: Page) {
  await page.goto("/login");
  await waitForLoginForm(page);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(password());
}
const send = (page: Page) => page.getByRole("button", { name: "Sign in" }).click();

test.beforeAll(async () => {
  const created = await operator("user-create", "--email", EMAIL, "--role", "support", "--password-env", "E2E_PASSWORD");
  expect(created.stdout).toContain(EMAIL);
});

test("a stranger's wrong passwords from another address lock unknown devices, not the browser the member signed in from", async ({ browser }) => {
  // The member signs in once in her browser: it gets a device token for the account, kept after she signs out.
  const known = await browser.newContext({ baseURL });
  const knownPage = await known.newPage();
  await fillSignIn(knownPage);
  await send(knownPage);
  await expect(knownPage).toHaveURL(/:\d+\/$/);
  const device = (await known.cookies()).find((cookie) => cookie.name === "dashboard-device");
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false });
  // About a year.
  expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
  await openUserMenu(knownPage);
  await knownPage.getByRole("button", { name: "Sign out" }).click();
  await expect(knownPage).toHaveURL(/\/login$/);
  expect((await known.cookies()).some((cookie) => cookie.name === "dashboard-device")).toBe(true);

  // Both browsers have the form ready before the attack, so that they send within the slow-down it starts.
  await fillSignIn(knownPage);
  const unknown = await browser.newContext({ baseURL });
  const unknownPage = await unknown.newPage();
  await fillSignIn(unknownPage);

  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await attack(`guess-${i}`));
  expect(answers.slice(0, 4)).toEqual(Array(4).fill({ status: 401, retryAfter: null, error: "invalid_credentials" }));
  // The 5th locks the account from that address (60 s); the 6th is refused without a comparison.
  expect(answers[4]).toMatchObject({ status: 429, error: `throttled:${answers[4].retryAfter}` });
  expect(Number(answers[4].retryAfter)).toBeGreaterThan(50);
  expect(answers[5].status).toBe(429);

  // A browser that never signed in to the account, even from the member's own address, is slowed (at most 15 s).
  await send(unknownPage);
  await expect(formAlert(unknownPage)).toHaveText(/^Too many attempts, try again in \d+ s\.$/);
  const wait = Number((await formAlert(unknownPage).textContent())!.match(/in (\d+) s/)![1]);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(15);

  // Her own browser gets in with the right password.
  await send(knownPage);
  await expect(knownPage).toHaveURL(/:\d+\/$/);
  await expect(knownPage.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // The log: four failures and one row for the lock; the refusals that compared nothing wrote none.
  const owner = await browser.newContext({ baseURL, storageState: storageStateOf("owner") });
  const rowsOf = async (kind: string) => {
    const csv = await owner.request.get(`/api/dashboard/security-events/export?kind=${kind}`);
    expect(csv.status()).toBe(200);
    return (await csv.text()).split("\n").filter((line) => line.includes(`,${EMAIL},`));
  };
  expect(await rowsOf("sign_in_failed")).toHaveLength(4);
  expect(await rowsOf("sign_in_throttled")).toHaveLength(1);

  // The operator lifts the account's locks through the running server: the unknown browser gets in at once.
  const unlocked = await operator("user-unlock", "--email", EMAIL);
  expect(unlocked.stdout).toMatch(new RegExp(`^Sign-in unlocked for support ${EMAIL.replace(".", "\\.")} \\(id \\d+\\): \\d+ counts? lifted\\.\\n$`));
  expect(unlocked.stderr).toMatch(/^user:unlock: via the running server/);
  await fillSignIn(unknownPage);
  await send(unknownPage);
  await expect(unknownPage).toHaveURL(/:\d+\/$/);
  expect(await rowsOf("sign_in_unlocked")).toHaveLength(1);

  for (const context of [known, unknown, owner]) await context.close();
});
