import { describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "../../operator/fixtures";
import { inspectContact } from "../../operator/inspect";
import { callApi, seedTenant, uniqueId, type Tenant } from "../../testing/tenants";
import { seedAccount, seedAccountWorld, seedContact } from "../../testing/accounts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const ACCOUNT_KEYS = ["amount", "amount_note", "blocked_at", "created_at", "currency", "id", "updated_at"];
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

async function balanceOf(accountId: number): Promise<bigint> {
  const [row] = await queryRows<{ amount: string }>(database.db, sql`SELECT amount::text AS amount FROM platform.contact_accounts WHERE id = ${accountId}`);
  return BigInt(row.amount);
}

async function journalCount(accountId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM platform.account_journal WHERE account_id = ${accountId}`);
  return row.n;
}

/** The 422 of a coded account error, exactly. */
const coded = (field: string, code: string, text: string) => ({ message: text, code, errors: { [field]: [text] } });

describe("getContactAccounts", () => {
  test("getContactAccounts: the accounts in the order they were opened, each with exactly the spec's keys", async () => {
    const tenant = await seedTenant(database.db);
    const contactId = await seedContact(database.db, tenant);
    const later = await seedAccount(database.db, contactId, { currency: "JPY", amount: 500, createdAt: "2026-01-06T10:00:00+00:00" });
    const earlier = await seedAccount(database.db, contactId, {
      currency: "USD",
      amount: 12345,
      createdAt: "2026-01-05T10:00:00+00:00",
      blockedAt: "2026-01-07T08:30:00+00:00",
    });
    const kwd = await seedAccount(database.db, contactId, { currency: "KWD", amount: 1234, createdAt: "2026-01-08T10:00:00+00:00" });

    for (const verb of ["GET", "POST"]) {
      const answer = await callApi(database.db, "getContactAccounts", { key: tenant.key, verb, params: { contact_id: contactId } });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(["data"]);
      expect(answer.body.data.map((a: { id: number }) => a.id)).toEqual([earlier, later, kwd]);
      for (const account of answer.body.data) {
        expect(Object.keys(account).sort()).toEqual(ACCOUNT_KEYS);
        expect(account.created_at).toMatch(TIMESTAMP);
        expect(account.updated_at).toMatch(TIMESTAMP);
      }
      const [usd, jpy, kw] = answer.body.data;
      expect(usd).toMatchObject({
        currency: "USD",
        amount: 12345,
        amount_note: "123.45 USD",
        created_at: "2026-01-05T10:00:00+00:00",
        blocked_at: "2026-01-07T08:30:00+00:00",
      });
      expect(jpy).toMatchObject({ currency: "JPY", amount: 500, amount_note: "500 JPY", blocked_at: null });
      expect(kw).toMatchObject({ currency: "KWD", amount: 1234, amount_note: "1.234 KWD" });
      // amount is a JSON integer, not a string.
      expect(answer.text).toContain('"amount":12345,');
    }
  });

  test("getContactAccounts: a contact without accounts answers an empty list", async () => {
    const tenant = await seedTenant(database.db);
    const contactId = await seedContact(database.db, tenant);
    const answer = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: { contact_id: contactId } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [] });
  });

  test("getContactAccounts: a balance beyond 2^53 is written as an exact JSON integer", async () => {
    const { tenant, contactId } = await seedAccountWorld(database.db, { currency: "USD", amount: "9007199254740993" });
    const answer = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: { contact_id: contactId } });
    expect(answer.text).toContain('"amount":9007199254740993,');
    expect(answer.body.data[0].amount_note).toBe("90071992547409.93 USD");
  });

  test("getContactAccounts: contact_id is required and must be an integer", async () => {
    const tenant = await seedTenant(database.db);
    const missing = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: "The contact id field is required.", errors: { contact_id: ["The contact id field is required."] } });
    const text = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: { contact_id: "abc" } });
    expect(text.status).toBe(422);
    expect(text.body).toEqual({ message: "The contact id field must be an integer.", errors: { contact_id: ["The contact id field must be an integer."] } });
  });
});

describe("addContactAccount", () => {
  test.each(["addContactAccount", "createContactAccount"])(
    "%s: opens an account with balance 0, not blocked, answered 201 with exactly the spec's keys",
    async (method) => {
      const tenant = await seedTenant(database.db);
      const contactId = await seedContact(database.db, tenant);
      const answer = await callApi(database.db, method, { key: tenant.key, params: { contact_id: contactId, currency: "EUR" } });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body)).toEqual(["data"]);
      expect(Object.keys(answer.body.data).sort()).toEqual(ACCOUNT_KEYS);
      expect(answer.body.data).toMatchObject({ currency: "EUR", amount: 0, amount_note: "0.00 EUR", blocked_at: null });
      expect(answer.body.data.created_at).toMatch(TIMESTAMP);
      expect(answer.body.data.updated_at).toBe(answer.body.data.created_at);
      expect(Number.isInteger(answer.body.data.id)).toBe(true);
      const list = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: { contact_id: contactId } });
      expect(list.body.data).toEqual([answer.body.data]);
    },
  );

  test("addContactAccount: new ids come from the sequence, after the largest id a fixture used", async () => {
    const { tenant, contactId, accountId } = await seedAccountWorld(database.db);
    const answer = await callApi(database.db, "addContactAccount", { key: tenant.key, params: { contact_id: contactId, currency: "GBP" } });
    expect(answer.status).toBe(201);
    expect(answer.body.data.id).toBeGreaterThan(accountId);
  });

  test.each(["addContactAccount", "createContactAccount"])(
    "%s: a second account in the same currency is 422 currency_exists on currency, nothing changes",
    async (method) => {
      const { tenant, contactId } = await seedAccountWorld(database.db, { currency: "USD", amount: 700 });
      const answer = await callApi(database.db, method, { key: tenant.key, params: { contact_id: contactId, currency: "USD" } });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(coded("currency", "currency_exists", "The contact already has an account in USD."));
      const list = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: { contact_id: contactId } });
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0].amount).toBe(700);
    },
  );

  test("addContactAccount: currency_exists is translated by Accept-Language", async () => {
    const { tenant, contactId } = await seedAccountWorld(database.db, { currency: "USD" });
    const answer = await callApi(database.db, "addContactAccount", {
      key: tenant.key,
      params: { contact_id: contactId, currency: "USD" },
      headers: { "accept-language": "ru" },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(coded("currency", "currency_exists", "У контакта уже есть счёт в валюте USD."));
  });

  test("addContactAccount: the same currency for another contact is allowed", async () => {
    const { tenant } = await seedAccountWorld(database.db, { currency: "USD" });
    const other = await seedContact(database.db, tenant);
    const answer = await callApi(database.db, "addContactAccount", { key: tenant.key, params: { contact_id: other, currency: "USD" } });
    expect(answer.status).toBe(201);
  });

  const INVALID_CURRENCY = "The currency field must be an ISO 4217 currency code in capital letters.";
  test.each([
    ["lowercase code", "usd", INVALID_CURRENCY],
    ["mixed case", "Usd", INVALID_CURRENCY],
    ["unknown code", "ABC", INVALID_CURRENCY],
    ["two letters", "US", INVALID_CURRENCY],
    ["four letters", "USDT", INVALID_CURRENCY],
    ["a number", 840, "The currency field must be a string."],
    ["missing", undefined, "The currency field is required."],
    ["empty", "", "The currency field is required."],
  ])("addContactAccount: currency %s is 422 on currency, no account opened", async (_name, currency, text) => {
    const tenant = await seedTenant(database.db);
    const contactId = await seedContact(database.db, tenant);
    const answer = await callApi(database.db, "addContactAccount", { key: tenant.key, params: { contact_id: contactId, currency } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: text, errors: { currency: [text] } });
    const list = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: { contact_id: contactId } });
    expect(list.body.data).toEqual([]);
  });

  test("addContactAccount: the invalid-currency text is translated into Russian", async () => {
    const tenant = await seedTenant(database.db);
    const contactId = await seedContact(database.db, tenant);
    const answer = await callApi(database.db, "addContactAccount", {
      key: tenant.key,
      params: { contact_id: contactId, currency: "usd" },
      headers: { "accept-language": "ru" },
    });
    const text = "Поле currency должно содержать код валюты ISO 4217 заглавными буквами.";
    expect(answer.body).toEqual({ message: text, errors: { currency: [text] } });
  });

  test.each(["addContactAccount", "createContactAccount", "deleteContactAccount", "addFundsToContactAccount", "withdrawFundsFromContactAccount"])(
    "%s: changes data, so GET is 405",
    async (method) => {
      const tenant = await seedTenant(database.db);
      const answer = await callApi(database.db, method, { key: tenant.key, verb: "GET", params: { contact_id: 1 } });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
    },
  );
});

describe("deleteContactAccount", () => {
  test("deleteContactAccount: a zero balance is deleted, 204 with no body; the account is then gone", async () => {
    const { tenant, contactId, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 0 });
    const answer = await callApi(database.db, "deleteContactAccount", { key: tenant.key, params: { account_id: accountId } });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    const list = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: { contact_id: contactId } });
    expect(list.body.data).toEqual([]);
    const again = await callApi(database.db, "deleteContactAccount", { key: tenant.key, params: { account_id: accountId } });
    expect(again.status).toBe(404);
    // The currency can be opened again.
    const reopened = await callApi(database.db, "addContactAccount", { key: tenant.key, params: { contact_id: contactId, currency: "USD" } });
    expect(reopened.status).toBe(201);
  });

  test("deleteContactAccount: a blocked account with a zero balance can be deleted", async () => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { amount: 0, blockedAt: "2026-01-01T00:00:00+00:00" });
    const answer = await callApi(database.db, "deleteContactAccount", { key: tenant.key, params: { account_id: accountId } });
    expect(answer.status).toBe(204);
  });

  test.each([
    ["en", "USD", 150, "The account cannot be deleted while its balance is not zero: the balance is 1.50 USD (150 minor units)."],
    ["en", "JPY", 3, "The account cannot be deleted while its balance is not zero: the balance is 3 JPY (3 minor units)."],
    ["ru", "KWD", 1234, "Нельзя удалить счёт с ненулевым балансом: баланс 1.234 KWD (1234 в минимальных единицах)."],
  ])("deleteContactAccount: a non-zero balance is 422 account_not_empty on account_id with the balance (%s, %s)", async (lang, currency, amount, text) => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { currency, amount });
    const answer = await callApi(database.db, "deleteContactAccount", {
      key: tenant.key,
      params: { account_id: accountId },
      headers: { "accept-language": lang },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(coded("account_id", "account_not_empty", text));
    expect(await balanceOf(accountId)).toBe(BigInt(amount));
  });
});

describe("addFundsToContactAccount and withdrawFundsFromContactAccount", () => {
  test("addFundsToContactAccount: raises the balance, answers the account, journals 'Deposit via API'", async () => {
    const { tenant, contactId, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 0 });
    const answer = await callApi(database.db, "addFundsToContactAccount", {
      key: tenant.key,
      params: { account_id: accountId, amount: 12345, description: "Welcome bonus" },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(["data"]);
    expect(Object.keys(answer.body.data).sort()).toEqual(ACCOUNT_KEYS);
    expect(answer.body.data).toMatchObject({ id: accountId, currency: "USD", amount: 12345, amount_note: "123.45 USD", blocked_at: null });
    const inspected = await inspectContact(database.db, contactId);
    expect(inspected?.accounts).toEqual([
      {
        id: accountId,
        currency: "USD",
        amount: BigInt(12345),
        journal: [
          {
            kind: "deposit",
            title: "Deposit via API",
            amount: BigInt(12345),
            description: "Welcome bonus",
            balance_after: BigInt(12345),
            created_at: answer.body.data.updated_at,
          },
        ],
      },
    ]);
  });

  test("withdrawFundsFromContactAccount: lowers the balance, answers the account, journals 'Debit via API'", async () => {
    const { tenant, contactId, accountId } = await seedAccountWorld(database.db, { currency: "JPY", amount: 500 });
    const answer = await callApi(database.db, "withdrawFundsFromContactAccount", {
      key: tenant.key,
      params: { account_id: accountId, amount: 120, description: "Coffee" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: accountId, currency: "JPY", amount: 380, amount_note: "380 JPY", blocked_at: null });
    const inspected = await inspectContact(database.db, contactId);
    const journal = inspected!.accounts[0].journal;
    expect(journal.map((entry) => [entry.kind, entry.title, entry.amount, entry.description, entry.balance_after])).toEqual([
      ["deposit", "Operator adjustment", BigInt(500), "Balance set by an operator fixture", BigInt(500)],
      ["debit", "Debit via API", BigInt(120), "Coffee", BigInt(380)],
    ]);
  });

  test("withdrawFundsFromContactAccount: the whole balance can be taken, down to exactly zero", async () => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { amount: 77 });
    const answer = await callApi(database.db, "withdrawFundsFromContactAccount", {
      key: tenant.key,
      params: { account_id: accountId, amount: 77, description: "All of it" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.amount).toBe(0);
  });

  test.each([
    ["en", "USD", 50, 51, "Insufficient funds: the balance is 0.50 USD (50 minor units), the debit is 0.51 USD."],
    ["en", "JPY", 0, 1, "Insufficient funds: the balance is 0 JPY (0 minor units), the debit is 1 JPY."],
    ["ru", "KWD", 1234, 5000, "Недостаточно средств: баланс 1.234 KWD (1234 в минимальных единицах), списание 5.000 KWD."],
  ])(
    "withdrawFundsFromContactAccount: too little is 422 insufficient_funds on account_id with the balance (%s, %s), nothing changes",
    async (lang, currency, balance, debit, text) => {
      const { tenant, accountId } = await seedAccountWorld(database.db, { currency, amount: balance });
      const journalBefore = await journalCount(accountId);
      const answer = await callApi(database.db, "withdrawFundsFromContactAccount", {
        key: tenant.key,
        params: { account_id: accountId, amount: debit, description: "Too much" },
        headers: { "accept-language": lang },
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(coded("account_id", "insufficient_funds", text));
      expect(await balanceOf(accountId)).toBe(BigInt(balance));
      expect(await journalCount(accountId)).toBe(journalBefore);
    },
  );

  test.each([
    ["en", 100, "The account is blocked: debits are not allowed."],
    ["en", 5000, "The account is blocked: debits are not allowed."],
    ["ru", 100, "Счёт заблокирован: списания запрещены."],
  ])(
    "withdrawFundsFromContactAccount: a blocked account is 422 account_blocked, checked before the balance (%s, debit %s), nothing changes",
    async (lang, debit, text) => {
      const { tenant, accountId } = await seedAccountWorld(database.db, { amount: 1000, blockedAt: "2026-01-02T00:00:00+00:00" });
      const answer = await callApi(database.db, "withdrawFundsFromContactAccount", {
        key: tenant.key,
        params: { account_id: accountId, amount: debit, description: "Blocked" },
        headers: { "accept-language": lang },
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(coded("account_id", "account_blocked", text));
      expect(await balanceOf(accountId)).toBe(BigInt(1000));
      expect(await journalCount(accountId)).toBe(1);
    },
  );

  test("addFundsToContactAccount: a blocked account can be topped up and stays blocked", async () => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { amount: 10, blockedAt: "2026-01-02T00:00:00+00:00" });
    const answer = await callApi(database.db, "addFundsToContactAccount", {
      key: tenant.key,
      params: { account_id: accountId, amount: 5, description: "Top-up while blocked" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ amount: 15, blocked_at: "2026-01-02T00:00:00+00:00" });
  });

  test.each([
    ["1", 1],
    ["10^14", 100_000_000_000_000],
    ["a string of digits", "250"],
  ])("addFundsToContactAccount and withdraw: amount %s is accepted", async (_name, amount) => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 0 });
    const up = await callApi(database.db, "addFundsToContactAccount", { key: tenant.key, params: { account_id: accountId, amount, description: "In" } });
    expect(up.status).toBe(200);
    expect(up.body.data.amount).toBe(Number(amount));
    const down = await callApi(database.db, "withdrawFundsFromContactAccount", {
      key: tenant.key,
      params: { account_id: accountId, amount, description: "Out" },
    });
    expect(down.status).toBe(200);
    expect(down.body.data.amount).toBe(0);
  });

  test("addFundsToContactAccount: form-encoded parameters work like JSON", async () => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 0 });
    const answer = await callApi(database.db, "addFundsToContactAccount", {
      key: tenant.key,
      form: "urlencoded",
      params: { account_id: String(accountId), amount: "300", description: "Form" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.amount).toBe(300);
  });

  const REQUIRED_AMOUNT = "The amount field is required.";
  const INTEGER_AMOUNT = "The amount field must be an integer.";
  const MIN_AMOUNT = "The amount field must be at least 1.";
  const MAX_AMOUNT = "The amount field must not be greater than 100000000000000.";
  const REQUIRED_DESCRIPTION = "The description field is required.";
  const LONG_DESCRIPTION = "The description field must not be greater than 255 characters.";
  const STRING_DESCRIPTION = "The description field must be a string.";
  const INVALID_MOVES: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ["amount missing", { description: "x" }, { amount: [REQUIRED_AMOUNT] }],
    ["amount null", { amount: null, description: "x" }, { amount: [REQUIRED_AMOUNT] }],
    ["amount a float", { amount: 10.5, description: "x" }, { amount: [INTEGER_AMOUNT] }],
    ["amount a decimal string", { amount: "10.5", description: "x" }, { amount: [INTEGER_AMOUNT] }],
    ["amount a word", { amount: "abc", description: "x" }, { amount: [INTEGER_AMOUNT] }],
    ["amount a boolean", { amount: true, description: "x" }, { amount: [INTEGER_AMOUNT] }],
    ["amount an array", { amount: [5], description: "x" }, { amount: [INTEGER_AMOUNT] }],
    ["amount negative", { amount: -5, description: "x" }, { amount: [MIN_AMOUNT] }],
    ["amount negative string", { amount: "-5", description: "x" }, { amount: [MIN_AMOUNT] }],
    ["amount zero", { amount: 0, description: "x" }, { amount: [MIN_AMOUNT] }],
    ["amount 10^14 + 1", { amount: 100_000_000_000_001, description: "x" }, { amount: [MAX_AMOUNT] }],
    ["amount 10^15 as a string", { amount: "1000000000000000", description: "x" }, { amount: [MAX_AMOUNT] }],
    ["amount beyond 2^64 as a string", { amount: "99999999999999999999999", description: "x" }, { amount: [INTEGER_AMOUNT] }],
    ["description missing", { amount: 5 }, { description: [REQUIRED_DESCRIPTION] }],
    ["description empty", { amount: 5, description: "" }, { description: [REQUIRED_DESCRIPTION] }],
    ["description blank", { amount: 5, description: "   " }, { description: [REQUIRED_DESCRIPTION] }],
    ["description a number", { amount: 5, description: 42 }, { description: [STRING_DESCRIPTION] }],
    ["description of 256 characters", { amount: 5, description: "d".repeat(256) }, { description: [LONG_DESCRIPTION] }],
    ["description of 256 emoji", { amount: 5, description: "😀".repeat(256) }, { description: [LONG_DESCRIPTION] }],
  ];
  const MOVE_METHODS = ["addFundsToContactAccount", "withdrawFundsFromContactAccount"];

  describe.each(MOVE_METHODS)("%s validation", (method) => {
    test.each(INVALID_MOVES)(`${method}: %s is 422 on the right key, nothing changes`, async (_name, params, errors) => {
      const { tenant, accountId } = await seedAccountWorld(database.db, { amount: 1000 });
      const answer = await callApi(database.db, method, { key: tenant.key, params: { account_id: accountId, ...params } });
      expect(answer.status).toBe(422);
      const text = Object.values(errors)[0][0];
      expect(answer.body).toEqual({ message: text, errors });
      expect(await balanceOf(accountId)).toBe(BigInt(1000));
      expect(await journalCount(accountId)).toBe(1);
    });

    test(`${method}: every invalid field is listed at once`, async () => {
      const { tenant, accountId } = await seedAccountWorld(database.db, { amount: 1000 });
      const answer = await callApi(database.db, method, { key: tenant.key, params: { account_id: "x", amount: 0 } });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        message: "The account id field must be an integer. (and 2 more errors)",
        errors: {
          account_id: ["The account id field must be an integer."],
          amount: [MIN_AMOUNT],
          description: [REQUIRED_DESCRIPTION],
        },
      });
      expect(await balanceOf(accountId)).toBe(BigInt(1000));
    });
  });

  test("addFundsToContactAccount: a description of exactly 255 characters (also emoji) is accepted", async () => {
    const { tenant, contactId, accountId } = await seedAccountWorld(database.db, { amount: 0 });
    for (const description of ["d".repeat(255), "😀".repeat(255)]) {
      const answer = await callApi(database.db, "addFundsToContactAccount", { key: tenant.key, params: { account_id: accountId, amount: 1, description } });
      expect(answer.status).toBe(200);
    }
    const inspected = await inspectContact(database.db, contactId);
    expect(inspected!.accounts[0].journal.map((entry) => entry.description)).toEqual(["d".repeat(255), "😀".repeat(255)]);
  });

  test("addFundsToContactAccount: a top-up that would overflow the balance is 422 on amount, nothing changes", async () => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { amount: "9223372036854775000" });
    const answer = await callApi(database.db, "addFundsToContactAccount", {
      key: tenant.key,
      params: { account_id: accountId, amount: 100_000, description: "Too much" },
    });
    expect(answer.status).toBe(422);
    const text = "The balance would exceed the largest amount an account can hold.";
    expect(answer.body).toEqual({ message: text, errors: { amount: [text] } });
    expect(await balanceOf(accountId)).toBe(BigInt("9223372036854775000"));
    expect(await journalCount(accountId)).toBe(1);
  });
});

/** 404 and 403 of every account method, against the same seeded worlds. */
describe("who may reach a contact or account", () => {
  type Case = (tenant: Tenant) => Promise<{ contactId: number; accountId: number }>;

  const otherHolderWorld = async () => {
    const other = await seedTenant(database.db);
    const contactId = await seedContact(database.db, other);
    const accountId = await seedAccount(database.db, contactId, { amount: 100 });
    return { contactId, accountId };
  };

  const CASES: [string, number, Case][] = [
    ["a contact and account that do not exist", 404, async () => ({ contactId: uniqueId(), accountId: uniqueId() })],
    [
      "a deleted contact",
      404,
      async (tenant) => {
        const contactId = await seedContact(database.db, tenant, { deleted: true });
        return { contactId, accountId: await seedAccount(database.db, contactId, { amount: 100 }) };
      },
    ],
    [
      "a contact of a deleted bot",
      404,
      async (tenant) => {
        const botId = uniqueId();
        await applyFixtures(database.db, { bots: [{ id: botId, project_uuid: tenant.projectUuid, name: "Deleted bot", deleted: true }] });
        const contactId = await seedContact(database.db, tenant, { botId });
        return { contactId, accountId: await seedAccount(database.db, contactId, { amount: 100 }) };
      },
    ],
    ["another holder's contact", 403, otherHolderWorld],
    [
      "a contact in a project the holder joined as a team member",
      403,
      async (holder) => {
        const owner = await seedTenant(database.db);
        await applyFixtures(database.db, { projects: [{ uuid: owner.projectUuid, account_id: owner.holderId, name: "Shared", members: [holder.holderId] }] });
        const contactId = await seedContact(database.db, owner);
        return { contactId, accountId: await seedAccount(database.db, contactId, { amount: 100 }) };
      },
    ],
  ];

  const METHODS: [string, "contact" | "account", (ids: { contactId: number; accountId: number }) => Record<string, unknown>][] = [
    ["getContactAccounts", "contact", ({ contactId }) => ({ contact_id: contactId })],
    ["addContactAccount", "contact", ({ contactId }) => ({ contact_id: contactId, currency: "EUR" })],
    ["createContactAccount", "contact", ({ contactId }) => ({ contact_id: contactId, currency: "EUR" })],
    ["deleteContactAccount", "account", ({ accountId }) => ({ account_id: accountId })],
    ["addFundsToContactAccount", "account", ({ accountId }) => ({ account_id: accountId, amount: 1, description: "x" })],
    ["withdrawFundsFromContactAccount", "account", ({ accountId }) => ({ account_id: accountId, amount: 1, description: "x" })],
    ["getContactAccountJournal", "account", ({ accountId }) => ({ account_id: accountId })],
  ];

  const EXPECTED = {
    404: {
      contact: { message: "Contact not found.", error: "Contact not found.", errors: { contact_id: ["Contact not found."] } },
      account: { message: "Account not found.", error: "Account not found.", errors: { account_id: ["Account not found."] } },
    },
    403: {
      contact: { error: "The contact belongs to a bot of another account.", message: "The contact belongs to a bot of another account." },
      account: { error: "The account belongs to a bot of another account.", message: "The account belongs to a bot of another account." },
    },
  } as const;

  describe.each(CASES)("%s", (caseName, status, makeCase) => {
    test.each(METHODS)(`%s: ${caseName} is ${status}, nothing changes`, async (method, subject, paramsOf) => {
      const tenant = await seedTenant(database.db);
      const ids = await makeCase(tenant);
      const before = await queryRows<{ n: number; total: string }>(
        database.db,
        sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM platform.contact_accounts WHERE contact_id = ${ids.contactId}`,
      );
      const answer = await callApi(database.db, method, { key: tenant.key, params: paramsOf(ids) });
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual(EXPECTED[status as 404 | 403][subject]);
      const after = await queryRows<{ n: number; total: string }>(
        database.db,
        sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM platform.contact_accounts WHERE contact_id = ${ids.contactId}`,
      );
      expect(after).toEqual(before);
    });
  });

  test("404 texts are translated into Russian", async () => {
    const tenant = await seedTenant(database.db);
    const answer = await callApi(database.db, "withdrawFundsFromContactAccount", {
      key: tenant.key,
      params: { account_id: uniqueId(), amount: 1, description: "x" },
      headers: { "accept-language": "ru" },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: "Счёт не найден.", error: "Счёт не найден.", errors: { account_id: ["Счёт не найден."] } });
  });

  test("a preview contact exists: its accounts can be listed, opened, topped up and debited", async () => {
    const tenant = await seedTenant(database.db);
    const contactId = await seedContact(database.db, tenant, { preview: true });
    const opened = await callApi(database.db, "addContactAccount", { key: tenant.key, params: { contact_id: contactId, currency: "USD" } });
    expect(opened.status).toBe(201);
    const accountId = opened.body.data.id;
    const up = await callApi(database.db, "addFundsToContactAccount", { key: tenant.key, params: { account_id: accountId, amount: 10, description: "x" } });
    expect(up.status).toBe(200);
    const down = await callApi(database.db, "withdrawFundsFromContactAccount", {
      key: tenant.key,
      params: { account_id: accountId, amount: 4, description: "y" },
    });
    expect(down.body.data.amount).toBe(6);
    const list = await callApi(database.db, "getContactAccounts", { key: tenant.key, params: { contact_id: contactId } });
    expect(list.body.data).toHaveLength(1);
  });
});

describe("getContactAccountJournal (extension)", () => {
  test("getContactAccountJournal: newest first, 50 per page, in the paginator shape, via GET and POST", async () => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 0 });
    // 61 API changes: every third a debit of 1, the others deposits of i.
    for (let i = 1; i <= 61; i++) {
      const answer = await callApi(database.db, i % 3 === 0 ? "withdrawFundsFromContactAccount" : "addFundsToContactAccount", {
        key: tenant.key,
        params: { account_id: accountId, amount: i % 3 === 0 ? 1 : i, description: `Entry ${i}` },
      });
      expect(answer.status).toBe(200);
    }
    // The fixture balance was 0, so the journal holds exactly the 61 API entries.
    const first = await callApi(database.db, "getContactAccountJournal", { key: tenant.key, verb: "GET", params: { account_id: accountId } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(["data", "links", "meta"]);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.data[0].description).toBe("Entry 61");
    expect(first.body.data[49].description).toBe("Entry 12");
    for (const entry of first.body.data) {
      expect(Object.keys(entry)).toEqual(["id", "kind", "title", "amount", "description", "balance_after", "created_at"]);
      expect(entry.created_at).toMatch(TIMESTAMP);
    }
    const ids = first.body.data.map((entry: { id: number }) => entry.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(first.body.data[0]).toMatchObject({ kind: "deposit", title: "Deposit via API", amount: 61, description: "Entry 61" });
    expect(first.body.data[1]).toMatchObject({ kind: "debit", title: "Debit via API", amount: 1, description: "Entry 60" });
    const path = "http://platform.test/api/v1/getContactAccountJournal";
    expect(first.body.links).toEqual({ first: `${path}?page=1`, last: `${path}?page=2`, prev: null, next: `${path}?page=2` });
    expect(first.body.meta).toMatchObject({ current_page: 1, from: 1, last_page: 2, path, per_page: 50, to: 50, total: 61 });

    const second = await callApi(database.db, "getContactAccountJournal", { key: tenant.key, verb: "POST", params: { account_id: accountId, page: 2 } });
    expect(second.body.data).toHaveLength(11);
    expect(second.body.data[10].description).toBe("Entry 1");
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 51, to: 61, total: 61, last_page: 2 });
    expect(second.body.links.prev).toBe(`${path}?page=1`);
    expect(second.body.links.next).toBeNull();

    // Newest first and balance_after agree with the balance: the newest entry's balance_after is the balance.
    expect(BigInt(first.body.data[0].balance_after)).toBe(await balanceOf(accountId));

    const beyond = await callApi(database.db, "getContactAccountJournal", { key: tenant.key, params: { account_id: accountId, page: 9 } });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ current_page: 9, from: null, to: null, total: 61, last_page: 2 });
  });

  test.each([["abc"], [0], [-1]])("getContactAccountJournal: page %s is read as page 1, as Laravel's paginator does", async (page) => {
    const { tenant, accountId } = await seedAccountWorld(database.db, { amount: 5 });
    const answer = await callApi(database.db, "getContactAccountJournal", { key: tenant.key, params: { account_id: accountId, page } });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.current_page).toBe(1);
    expect(answer.body.data).toHaveLength(1);
    expect(answer.body.data[0]).toMatchObject({ kind: "deposit", title: "Operator adjustment", amount: 5, balance_after: 5 });
  });

  test("getContactAccountJournal: account_id is required", async () => {
    const tenant = await seedTenant(database.db);
    const answer = await callApi(database.db, "getContactAccountJournal", { key: tenant.key, params: {} });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: "The account id field is required.", errors: { account_id: ["The account id field is required."] } });
  });
});

describe("operator inspect", () => {
  test("inspect: shows every API change of every account of the contact, in order, with the balance after", async () => {
    const tenant = await seedTenant(database.db);
    const contactId = await seedContact(database.db, tenant);
    const opened = await callApi(database.db, "addContactAccount", { key: tenant.key, params: { contact_id: contactId, currency: "EUR" } });
    const accountId = opened.body.data.id;
    await callApi(database.db, "addFundsToContactAccount", { key: tenant.key, params: { account_id: accountId, amount: 1000, description: "Bonus" } });
    await callApi(database.db, "withdrawFundsFromContactAccount", { key: tenant.key, params: { account_id: accountId, amount: 250, description: "Order #1" } });
    await callApi(database.db, "withdrawFundsFromContactAccount", { key: tenant.key, params: { account_id: accountId, amount: 5000, description: "Refused" } });
    const inspected = await inspectContact(database.db, contactId);
    expect(inspected!.accounts).toHaveLength(1);
    const [account] = inspected!.accounts;
    expect(account).toMatchObject({ id: accountId, currency: "EUR", amount: BigInt(750) });
    expect(account.journal.map(({ created_at: _at, ...entry }) => entry)).toEqual([
      { kind: "deposit", title: "Deposit via API", amount: BigInt(1000), description: "Bonus", balance_after: BigInt(1000) },
      { kind: "debit", title: "Debit via API", amount: BigInt(250), description: "Order #1", balance_after: BigInt(750) },
    ]);
    for (const entry of account.journal) expect(entry.created_at).toMatch(TIMESTAMP);
  });

  test("inspect: is reachable over its route with the operator token", async () => {
    const { handleInspectRequest } = await import("../../operator/routes");
    const { tenant, contactId, accountId } = await seedAccountWorld(database.db, { amount: 0 });
    await callApi(database.db, "addFundsToContactAccount", { key: tenant.key, params: { account_id: accountId, amount: 42, description: "Via route" } });
    const token = randomUUID();
    const response = await handleInspectRequest(
      new Request(`http://platform.test/api/operator/inspect?contact_id=${contactId}`, { headers: { authorization: `Bearer ${token}` } }),
      async () => database.db,
      token,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.accounts[0].journal).toEqual([
      { kind: "deposit", title: "Deposit via API", amount: 42, description: "Via route", balance_after: 42, created_at: expect.stringMatching(TIMESTAMP) },
    ]);
  });
});
