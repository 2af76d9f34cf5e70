import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { emailOf, storageStateOf, pageAs } from "./helpers";
import { card, changeAccount, inspect, journalWith, ledgerUrl, review, seedContact } from "./ledger-helpers";

/** The account ledger panel and the audit trail; every test seeds its own contact and accounts (e2e/ledger-helpers.ts). */

/** The request a server action was sent with (its id, URL and body), to call the action again by hand. */
async function captureAction(page: Page, run: () => Promise<void>): Promise<Request> {
  const captured = page.waitForRequest((request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
  await run();
  return captured;
}

async function callAction(request: APIRequestContext, action: Request, body: unknown): Promise<string> {
  const headers = action.headers();
  const response = await request.post(action.url(), {
    headers: {
      "next-action": headers["next-action"],
      "content-type": headers["content-type"],
      accept: "text/x-component",
      origin: new URL(action.url()).origin,
    },
    data: JSON.stringify(body),
  });
  return response.text();
}

test.describe("support adjusts balances", () => {
  test.use({ storageState: storageStateOf("support") });

  test("open an account: the picker leaves out the contact's currencies, the new account appears at 0", async ({ page, request }) => {
    const { contactId } = await seedContact(request, [{ currency: "USD" }]);
    await page.goto(ledgerUrl(contactId));
    const picker = page.getByLabel("Currency", { exact: true });
    await page.getByLabel("Find a currency").fill("dollar");
    await expect(picker.locator("option", { hasText: "US Dollar" })).toHaveCount(0);
    await expect(picker.locator('option[value="CAD"]')).toHaveCount(1);
    await page.getByLabel("Find a currency").fill("kwd");
    await picker.selectOption("KWD");
    await page.getByRole("button", { name: "Open account" }).click();
    await expect(page.getByTestId("ledger-success")).toHaveText("The KWD account was opened.");
    await expect(card(page, "KWD").getByTestId("account-balance")).toHaveText(/^KWD\s0\.000$/);
    // The panel lists accounts in opening order.
    await expect(page.locator('article[data-testid^="account-"]')).toHaveCount(2);
    await expect(page.locator('article[data-testid^="account-"]').first()).toHaveAttribute("data-testid", "account-USD");
    expect((await inspect(request, contactId)).accounts.map((account) => account.currency)).toEqual(["USD", "KWD"]);
  });

  test("top up 12.50 USD: the confirmation shows the balance before and after, the result is the balance the API returned", async ({ page, request }) => {
    const { contactId } = await seedContact(request, [{ currency: "USD" }]);
    // On the contact page itself: the panel renders through its ledger slot.
    await page.goto(`/contacts/${contactId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Ledger ${contactId}` })).toBeVisible();
    const account = await review(page, "USD", "Top up", "12.50", "Welcome bonus");
    await expect(account.getByTestId("balance-before")).toHaveText("$0.00");
    await expect(account.getByTestId("balance-after")).toHaveText("$12.50");
    await account.getByRole("button", { name: "Confirm top-up" }).click();
    await expect(page.getByTestId("ledger-success")).toHaveText("Topped up $12.50. The balance is now $12.50.");
    await expect(account.getByTestId("account-balance")).toHaveText("$12.50");
    expect(await journalWith(request, contactId, "Welcome bonus")).toEqual([expect.objectContaining({ kind: "deposit", amount: 1250, balance_after: 1250 })]);
  });

  test("debit more than the balance: refused in the form with the balance; the platform still decides (insufficient_funds)", async ({ page, request }) => {
    const { contactId, accountIds } = await seedContact(request, [{ currency: "USD", amount: 1250 }]);
    await page.goto(ledgerUrl(contactId));
    const account = await review(page, "USD", "Debit", "20", "Too much");
    await expect(account.getByLabel("Amount (USD)")).toHaveAttribute("aria-invalid", "true");
    await expect(account.getByText("More than the balance: at most $12.50 can be debited.")).toBeVisible();
    await expect(account.getByTestId("confirm-debit")).toHaveCount(0);
    // Reviewed while the balance allowed it, then another client spent it: the platform refuses, on the amount.
    await account.getByLabel("Amount (USD)").fill("10");
    await account.getByRole("button", { name: "Review" }).click();
    await changeAccount(request, contactId, accountIds.USD, { currency: "USD", amount: 500 });
    await account.getByRole("button", { name: "Confirm debit" }).click();
    await expect(account.getByLabel("Amount (USD)")).toHaveAttribute("aria-invalid", "true");
    await expect(account.getByText("Insufficient funds: the balance is $5.00, so at most $5.00 can be debited.")).toBeVisible();
    await expect(account.getByTestId("account-balance")).toHaveText("$5.00");
    expect(await journalWith(request, contactId, "Too much")).toEqual([]);
  });

  test("debit is disabled with its reason on a blocked account and on a zero balance; a top-up works", async ({ page, request }) => {
    const { contactId } = await seedContact(request, [
      { currency: "EUR", amount: 2500, blockedAt: "2026-01-05T10:00:00+00:00" },
      { currency: "USD", amount: 0 },
    ]);
    await page.goto(ledgerUrl(contactId));
    const account = card(page, "EUR");
    await expect(account.getByTestId("account-blocked")).toContainText("Blocked on the contact card since Jan 5, 2026");
    await expect(account.getByTestId("account-blocked")).toContainText("top-ups allowed, debits refused");
    const debit = account.getByRole("button", { name: "Debit", exact: true });
    await expect(debit).toBeDisabled();
    await expect(debit).toHaveAccessibleDescription("Debit unavailable: the account is blocked, and the platform refuses debits from a blocked account.");
    await expect(account.getByTestId("debit-unavailable")).toBeVisible();
    const empty = card(page, "USD").getByRole("button", { name: "Debit", exact: true });
    await expect(empty).toBeDisabled();
    await expect(empty).toHaveAccessibleDescription("Debit unavailable: the balance is 0.");
    await review(page, "EUR", "Top up", "1", "Blocked top-up");
    await account.getByRole("button", { name: "Confirm top-up" }).click();
    await expect(account.getByTestId("account-balance")).toHaveText("€26.00");
    expect(await journalWith(request, contactId, "Blocked top-up")).toHaveLength(1);
  });

  test("a debit reviewed before the account was blocked: the platform refuses it with the reason", async ({ page, request }) => {
    const { contactId, accountIds } = await seedContact(request, [{ currency: "EUR", amount: 2500 }]);
    await page.goto(ledgerUrl(contactId));
    const account = await review(page, "EUR", "Debit", "1", "Blocked debit");
    await changeAccount(request, contactId, accountIds.EUR, { currency: "EUR", amount: 2500, blockedAt: "2026-01-05T10:00:00+00:00" });
    await account.getByRole("button", { name: "Confirm debit" }).click();
    await expect(account.getByText(/^Refused: the account is blocked on the contact card/)).toBeVisible();
    await expect(account.getByTestId("account-balance")).toHaveText("€25.00");
    // The fresh read knows the block now: the debit is no longer offered.
    await expect(account.getByRole("button", { name: "Debit", exact: true })).toBeDisabled();
    expect(await journalWith(request, contactId, "Blocked debit")).toEqual([]);
    // Activity says why in words, and names the contact it is filtered by.
    await page.goto(`/activity?contact=${contactId}&kind=debit`);
    await expect(page.getByTestId("audit-error")).toHaveText("Account is blocked");
    await expect(page.getByTestId("audit-error")).toHaveAttribute("data-code", "account_blocked");
    await expect(page.getByTestId("filter-contact-name")).toHaveText(`Ledger ${contactId}`);
  });

  test("JPY accepts no decimals and KWD three", async ({ page, request }) => {
    const { contactId } = await seedContact(request, [{ currency: "JPY" }, { currency: "KWD" }]);
    await page.goto(ledgerUrl(contactId));
    const jpy = await review(page, "JPY", "Top up", "12.5", "Yen");
    await expect(jpy.getByText("Too many decimal places for this currency.")).toBeVisible();
    await expect(jpy.getByText("whole units only")).toBeVisible();
    await jpy.getByLabel("Amount (JPY)").fill("1500");
    await jpy.getByRole("button", { name: "Review" }).click();
    await jpy.getByRole("button", { name: "Confirm top-up" }).click();
    await expect(jpy.getByTestId("account-balance")).toHaveText("¥1,500");

    const kwd = await review(page, "KWD", "Top up", "1.2345", "Dinar");
    await expect(kwd.getByText("Too many decimal places for this currency.")).toBeVisible();
    await kwd.getByLabel("Amount (KWD)").fill("1.234");
    await kwd.getByRole("button", { name: "Review" }).click();
    await expect(kwd.getByTestId("balance-after")).toHaveText(/^KWD\s1\.234$/);
    await kwd.getByRole("button", { name: "Confirm top-up" }).click();
    await expect(kwd.getByTestId("account-balance")).toHaveText(/^KWD\s1\.234$/);
    const accounts = (await inspect(request, contactId)).accounts;
    expect(accounts.map((account) => [account.currency, account.amount])).toEqual([
      ["JPY", 1500],
      ["KWD", 1234],
    ]);
  });

  test("a double click on confirm makes one journal entry; sending the same submission again is answered, not repeated", async ({ page, request }) => {
    const { contactId } = await seedContact(request, [{ currency: "USD" }]);
    await page.goto(ledgerUrl(contactId));
    const description = `Double ${randomUUID()}`;
    const account = await review(page, "USD", "Top up", "5", description);
    const action = await captureAction(page, () => account.getByRole("button", { name: "Confirm top-up" }).dblclick());
    await expect(page.getByTestId("ledger-success")).toHaveText("Topped up $5.00. The balance is now $5.00.");
    expect(await journalWith(request, contactId, description)).toHaveLength(1);

    // A retry after a lost answer sends the very same request: the first outcome comes back, nothing is made twice.
    const again = await callAction(page.request, action, JSON.parse(action.postData()!));
    expect(again).toContain('"status":"succeeded"');
    expect(again).toContain('"replayed":true');
    expect(await journalWith(request, contactId, description)).toHaveLength(1);
    // The same key with another amount is refused.
    const [body] = JSON.parse(action.postData()!) as [Record<string, unknown>];
    const changed = await callAction(page.request, action, [{ ...body, amount: "6" }]);
    expect(changed).toContain("This submission's key was already used for a different request");
    expect((await inspect(request, contactId)).accounts[0].amount).toBe(500);
  });

  test("delete: disabled with the reason while the balance is not 0; an empty account is deleted", async ({ page, request }) => {
    const { contactId } = await seedContact(request, [{ currency: "USD", amount: 100 }, { currency: "EUR" }]);
    await page.goto(ledgerUrl(contactId));
    await expect(card(page, "USD").getByRole("button", { name: "Delete the USD account" })).toBeDisabled();
    await expect(card(page, "USD").getByText("Only an account with a zero balance can be deleted; the balance is $1.00.")).toBeVisible();
    await card(page, "EUR").getByRole("button", { name: "Delete the EUR account" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByTestId("ledger-success")).toHaveText("The EUR account was deleted.");
    await expect(card(page, "EUR")).toHaveCount(0);
    expect((await inspect(request, contactId)).accounts.map((account) => account.currency)).toEqual(["USD"]);
  });

  test("the journal is paged newest first, and the dashboard's own entries are listed beside it", async ({ page, request }) => {
    const { contactId } = await seedContact(request, [{ currency: "USD", amount: 1000 }]);
    await page.goto(ledgerUrl(contactId));
    const account = await review(page, "USD", "Debit", "2.50", "Coffee");
    await account.getByRole("button", { name: "Confirm debit" }).click();
    await expect(account.getByTestId("account-balance")).toHaveText("$7.50");
    await account.getByRole("button", { name: "Show journal and audit" }).click();
    const history = page.getByTestId("history-USD");
    const journal = history.getByTestId("journal-row");
    await expect(journal).toHaveCount(2);
    await expect(journal.first()).toContainText("Coffee");
    await expect(journal.first()).toContainText("$7.50");
    await expect(history.getByTestId("audit-row")).toHaveCount(1);
    await expect(history.getByTestId("audit-user")).toHaveText(emailOf("support"));
    expect(
      await new AxeBuilder({ page })
        .analyze()
        .then((result) => result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)),
    ).toEqual([]);
  });
});

test.describe("a viewer writing Russian", () => {
  test.use({ storageState: storageStateOf("support"), locale: "ru-RU" });

  test("amounts as people type them: `1 000,50` in Russian is one thousand and a half; the limits are stated in money", async ({ page, request }) => {
    const { contactId } = await seedContact(request, [{ currency: "USD" }]);
    await page.goto(ledgerUrl(contactId));
    const account = card(page, "USD");
    await account.getByRole("button", { name: "Пополнить", exact: true }).click();
    const amount = account.getByLabel("Сумма (USD)");
    await expect(amount).toHaveAttribute("placeholder", /^\d+,\d\d$/);
    await expect(amount).toHaveAccessibleDescription(/до 1\s000\s000\s000\s000,00\s\$/);
    await amount.fill("1 000,50");
    await account.getByLabel("Описание (попадает в журнал счёта)").fill("Русская сумма");
    await account.getByRole("button", { name: "Проверить" }).click();
    await expect(account.getByTestId("balance-after")).toHaveText(/^1\s000,50\s\$$/);
    await account.getByRole("button", { name: "Подтвердить пополнение" }).click();
    await expect(account.getByTestId("account-balance")).toHaveText(/^1\s000,50\s\$$/);
    expect(await journalWith(request, contactId, "Русская сумма")).toEqual([expect.objectContaining({ kind: "deposit", amount: 100050 })]);
  });
});

test.describe("a viewer in Tokyo", () => {
  test.use({ storageState: storageStateOf("support"), timezoneId: "Asia/Tokyo" });

  test("times on the ledger are in the viewer's zone, with the zone written after them", async ({ page, request }) => {
    // 20:30 UTC on the 5th is 05:30 on the 6th in Tokyo.
    const { contactId } = await seedContact(request, [{ currency: "EUR", amount: 100, blockedAt: "2026-01-05T20:30:00+00:00" }]);
    await page.goto(ledgerUrl(contactId));
    const blocked = card(page, "EUR").getByTestId("account-blocked");
    await expect(blocked).toContainText(/since Jan 6, 2026, 5:30\sAM GMT\+9/);
    await expect(blocked).not.toContainText("UTC");
  });
});

test("a lead sees balances read-only and cannot adjust, in the UI or by calling the action directly", async ({ browser, request }) => {
  const { contactId, accountIds } = await seedContact(request, [{ currency: "USD", amount: 1000 }]);
  const support = await pageAs(browser, "support");
  await support.page.goto(ledgerUrl(contactId));
  const account = await review(support.page, "USD", "Top up", "1", "Captured");
  const action = await captureAction(support.page, () => account.getByRole("button", { name: "Confirm top-up" }).click());
  await expect(account.getByTestId("account-balance")).toHaveText("$11.00");
  await support.context.close();

  const lead = await pageAs(browser, "lead");
  await lead.page.goto(ledgerUrl(contactId));
  await expect(card(lead.page, "USD").getByTestId("account-balance")).toHaveText("$11.00");
  await expect(lead.page.getByTestId("ledger-read-only")).toHaveText("Balances are read-only for you. Requires the role owner or support. Your role: lead.");
  for (const name of ["Top up", "Debit", "Open account", "Delete the USD account"])
    await expect(lead.page.getByRole("button", { name, exact: true })).toHaveCount(0);

  const [body] = JSON.parse(action.postData()!) as [Record<string, unknown>];
  expect(body).toMatchObject({ accountId: accountIds.USD, contactId });
  const answer = await callAction(lead.page.request, action, [{ ...body, idempotencyKey: randomUUID(), description: "By a lead" }]);
  expect(answer).toContain('"kind":"forbidden"');
  expect(answer).toContain("Requires the role owner or support. Your role: lead.");
  await lead.context.close();
  expect(await journalWith(request, contactId, "By a lead")).toEqual([]);
  expect((await inspect(request, contactId)).accounts[0].amount).toBe(1100);
});

test("the audit entries appear with the right user; support see their contacts', owners everyone's; CSV export", async ({ browser, request }) => {
  const { contactId } = await seedContact(request, [{ currency: "USD", amount: 500 }]);
  const support = await pageAs(browser, "support");
  await support.page.goto(ledgerUrl(contactId));
  const account = await review(support.page, "USD", "Debit", "=1+2", "x");
  await expect(account.getByText("Enter digits with at most one decimal point, for example 12.50.")).toBeVisible();
  await account.getByLabel("Amount (USD)").fill("1.25");
  await account.getByLabel("Description (goes to the account journal)").fill('=HYPERLINK("x")');
  await account.getByRole("button", { name: "Review" }).click();
  await account.getByRole("button", { name: "Confirm debit" }).click();
  await expect(account.getByTestId("account-balance")).toHaveText("$3.75");
  await support.page.goto(`/activity?contact=${contactId}`);
  const rows = support.page.getByTestId("audit-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("audit-user")).toHaveText(emailOf("support"));
  // The contact by its name (the seeded contact is called "Ledger <id>"), not "#<id>".
  await expect(rows.first().getByTestId("audit-contact")).toHaveText(`Ledger ${contactId}`);
  await expect(rows.first()).toContainText("Debit");
  await expect(rows.first()).toContainText("$1.25");
  await expect(rows.first()).toContainText("$3.75");
  await expect(support.page.getByTestId("activity-scope")).toContainText("You see your own entries and those of the contacts you opened.");
  await support.context.close();

  // A lead who never opened the contact does not see its entries; after opening it, they do.
  const lead = await pageAs(browser, "lead");
  await lead.page.goto(`/activity?contact=${contactId}`);
  await expect(lead.page.getByTestId("audit-row")).toHaveCount(0);
  await lead.page.goto(ledgerUrl(contactId));
  await expect(card(lead.page, "USD")).toBeVisible();
  await lead.page.goto(`/activity?contact=${contactId}`);
  await expect(lead.page.getByTestId("audit-row")).toHaveCount(1);
  await lead.context.close();

  const owner = await pageAs(browser, "owner");
  await owner.page.goto("/activity");
  // The filters sit behind the toolbar's "Filters" menu; those in force show as chips beside it.
  await expect(owner.page.getByTestId("activity-filters-count")).toHaveCount(0);
  await owner.page.getByTestId("activity-filters-menu").locator("summary").click();
  await owner.page.getByLabel("Contact ID").fill(String(contactId));
  await owner.page.getByLabel("Operation").selectOption("debit");
  await owner.page.getByRole("button", { name: "Apply" }).click();
  await expect(owner.page).toHaveURL(new RegExp(`contact=${contactId}`));
  await expect(owner.page.getByTestId("audit-row")).toHaveCount(1);
  await expect(owner.page.getByTestId("activity-filters-count")).toHaveText("2");
  await expect(owner.page.getByTestId("filter-chip-contact")).toContainText(`Contact ID:Ledger ${contactId} (${contactId})`);
  await expect(owner.page.getByTestId("filter-chip-kind")).toContainText("Operation:Debit");
  await expect(owner.page.getByRole("link", { name: "Clear filters" })).toHaveAttribute("href", "/activity");
  await expect(owner.page.getByTestId("audit-user")).toHaveText(emailOf("support"));
  await expect(owner.page.getByTestId("activity-scope")).toContainText("You see everyone's entries.");
  expect(
    await new AxeBuilder({ page: owner.page })
      .analyze()
      .then((result) => result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)),
  ).toEqual([]);

  const href = await owner.page.getByTestId("activity-export").getAttribute("href");
  const csv = await owner.page.request.get(href!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trimEnd().split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${emailOf("support")},support,${contactId},Ledger ${contactId},`);
  expect(lines[1]).toContain(`,USD,debit,1.25,125,"'=HYPERLINK(""x"")",succeeded,,3.75,375,`);
  await owner.context.close();
});
