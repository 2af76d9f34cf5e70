import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/**
 * Contacts and accounts for the ledger's tests, seeded through the operator
 * interface with unique ids under the demo key holder's bot (the dashboard's
 * connection), and the panel's forms as a person fills them.
 */
const BOT_ID = 101;
let nextId = 700_000_000 + Math.floor(Math.random() * 90_000_000);
const uniqueId = () => (nextId += 1 + Math.floor(Math.random() * 50));

export interface SeededAccount {
  currency: string;
  amount?: number;
  blockedAt?: string;
}

/** The contact's own fields beside the defaults (a long name, an email…). */
export type SeededContactFields = Partial<Record<"name" | "email" | "telegram_username" | "phone" | "address" | "created_at", string>>;

export async function seedContact(
  request: APIRequestContext,
  accounts: SeededAccount[],
  fields: SeededContactFields = {},
): Promise<{ contactId: number; accountIds: Record<string, number> }> {
  const contactId = uniqueId();
  const accountIds: Record<string, number> = {};
  const response = await request.post("/api/operator/fixtures", {
    headers: { authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN}` },
    data: {
      contacts: [{ id: contactId, bot_id: BOT_ID, messenger: "telegram", name: `Ledger ${contactId}`, telegram_id: String(contactId), ...fields }],
      contact_accounts: accounts.map((account) => {
        accountIds[account.currency] = uniqueId();
        return {
          id: accountIds[account.currency],
          contact_id: contactId,
          currency: account.currency,
          amount: account.amount ?? 0,
          blocked_at: account.blockedAt ?? null,
        };
      }),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { contactId, accountIds };
}

export interface Inspected {
  accounts: { id: number; currency: string; amount: number; journal: { kind: string; amount: number; description: string; balance_after: number }[] }[];
}

export async function inspect(request: APIRequestContext, contactId: number): Promise<Inspected> {
  const response = await request.get(`/api/operator/inspect?contact_id=${contactId}`, {
    headers: { authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Inspected;
}

export const journalWith = async (request: APIRequestContext, contactId: number, description: string) =>
  (await inspect(request, contactId)).accounts.flatMap((account) => account.journal.filter((entry) => entry.description === description));

export const ledgerUrl = (contactId: number) => `/contacts/${contactId}/ledger`;
export const card = (page: Page, currency: string): Locator => page.getByTestId(`account-${currency}`);

/** Fills the top-up or debit form of an account and goes to its confirmation step. */
export async function review(page: Page, currency: string, kind: "Top up" | "Debit", amount: string, description: string) {
  const account = card(page, currency);
  await account.getByRole("button", { name: kind, exact: true }).click();
  await account.getByLabel(`Amount (${currency})`).fill(amount);
  await account.getByLabel("Description (goes to the account journal)").fill(description);
  await account.getByRole("button", { name: "Review" }).click();
  return account;
}

/** Changes a seeded account behind the page's back (its balance, its block), as another client of the platform would. */
export async function changeAccount(request: APIRequestContext, contactId: number, id: number, account: SeededAccount): Promise<void> {
  const response = await request.post("/api/operator/fixtures", {
    headers: { authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN}` },
    data: {
      contact_accounts: [{ id, contact_id: contactId, currency: account.currency, amount: account.amount ?? 0, blocked_at: account.blockedAt ?? null }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}
