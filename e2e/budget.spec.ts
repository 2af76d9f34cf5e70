import fs from "node:fs";
import path from "node:path";
import { test, expect } from "@playwright/test";
import { emailOf, signInWithForm } from "./helpers";
import { card, inspect, ledgerUrl, review, seedContact } from "./ledger-helpers";

/**
 * The shared request budget, on purpose: against the second server of
 * playwright.config.ts, whose platform allows only E2E_BUDGET_RATE_LIMIT
 * requests a minute for the dashboard's key. Support makes more top-ups than
 * one minute allows: a top-up waits for the next window with the wait shown,
 * then goes, once. Nothing is lost or doubled, and the platform never answers
 * 429 (the budget keeps the dashboard inside the limit).
 */
const budgetURL = `http://127.0.0.1:${process.env.E2E_BUDGET_PORT}`;
const limit = Number(process.env.E2E_BUDGET_RATE_LIMIT);

test.use({ baseURL: budgetURL });

test("budget: over the key's limit a top-up waits for the next window, shows the wait, and goes once; no 429 reaches the platform", async ({
  page,
  request,
}) => {
  // One wait for the platform's next minute, and the walk itself.
  test.setTimeout(240_000);
  const { contactId } = await seedContact(request, [{ currency: "USD" }]);
  await signInWithForm(page, emailOf("support"));
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.goto(ledgerUrl(contactId));
  const account = card(page, "USD");
  await expect(account.getByTestId("account-balance")).toHaveText("$0.00");

  // Every top-up costs the dashboard at least one request, so top-ups made without pause spend the window
  // (2 × limit of them cannot fit in the one or two windows they span): go on until one has waited, and one more.
  let topUps = 0;
  let waitedAt = 0;
  while (topUps < 2 * limit + 1 && !(waitedAt > 0 && topUps > waitedAt)) {
    const n = ++topUps;
    await review(page, "USD", "Top up", "1", `Budget ${n}`);
    await account.getByRole("button", { name: "Confirm top-up" }).click();
    const done = page.getByTestId("ledger-success").filter({ hasText: `The balance is now $${n}.00.` });
    const waiting = account.getByText(/^Waiting for the platform's rate limit: \d+ s\. The operation is sent once, after the wait/);
    await expect(done.or(waiting)).toBeVisible({ timeout: 30_000 });
    if (await waiting.isVisible()) {
      waitedAt = n;
      // The shell says so too, on every page of this key.
      await expect(page.getByRole("status", { name: "Platform request budget" })).toHaveText(/^Platform rate limit: requests wait \d+ s\.$/);
      // Until the platform's minute ends, and not much longer.
      await expect(done).toBeVisible({ timeout: 75_000 });
    }
    await expect(account.getByTestId("account-balance")).toHaveText(`$${n}.00`, { timeout: 75_000 });
  }
  expect(waitedAt).toBeGreaterThan(0);

  // Each top-up once in the platform's journal, in order; the balance is their sum.
  const [usd] = (await inspect(request, contactId)).accounts;
  expect(usd.amount).toBe(topUps * 100);
  const deposits = usd.journal.filter((entry) => entry.description.startsWith("Budget ")).map((entry) => entry.description);
  expect(deposits.sort()).toEqual(Array.from({ length: topUps }, (_, i) => `Budget ${i + 1}`).sort());

  // The platform's own request log: the dashboard's key was never refused.
  const log = fs.readFileSync(path.join(process.env.E2E_BUDGET_DATA_DIR!, "server.log"), "utf8");
  const answers = log
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { status: number; api_method: string });
  expect(answers.length).toBeGreaterThan(topUps);
  expect(answers.filter((answer) => answer.status === 429)).toEqual([]);
});
