import { inspect } from "node:util";
import { describe, expect, test } from "vitest";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { findMethod } from "@/lib/platform/registry";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "./client";
import { PlatformApiError } from "./errors";
import { getMe } from "./me";
import {
  addContactAccount,
  addFundsToContactAccount,
  deleteContactAccount,
  getContactAccountJournal,
  getContactAccounts,
  withdrawFundsFromContactAccount,
} from "./accounts";
import { createOrUpdateContact, getContact, getContacts, getNumberOfContacts } from "./contacts";
import {
  addListItem,
  addListSchemaField,
  createListSchema,
  deleteListItem,
  deleteListSchema,
  deleteListSchemaField,
  getListItems,
  getListSchema,
  getListSchemas,
  updateListItem,
} from "./lists";
import { readBudget } from "./budget";
import { startTestPlatform, usePlatformTestbed } from "./testing/platform";

const testbed = usePlatformTestbed();

const clientFor = (key: string, options: Partial<ConstructorParameters<typeof PlatformClient>[0]> = {}) =>
  new PlatformClient({ db: testbed.database.db, baseUrl: testbed.platform.baseUrl, apiKey: key, ...options });

async function tenantWithContact(amount: number | string = 0, extraAccount?: { currency: string; blocked?: boolean }) {
  const contactId = uniqueId();
  const accountId = uniqueId();
  const tenant = await seedTenant(testbed.database.db);
  await applyFixtures(testbed.database.db, {
    contacts: [{ id: contactId, bot_id: tenant.botId, messenger: "telegram", name: "Ann", telegram_id: String(contactId) }],
    contact_accounts: [
      { id: accountId, contact_id: contactId, currency: "USD", amount },
      ...(extraAccount
        ? [
            {
              id: accountId + 1,
              contact_id: contactId,
              currency: extraAccount.currency,
              amount: 100,
              blocked_at: extraAccount.blocked ? "2026-01-05T10:00:00Z" : null,
            },
          ]
        : []),
    ],
  });
  return { tenant, contactId, accountId };
}

function expectPlatformError(error: unknown, expected: Partial<Pick<PlatformApiError, "status" | "code" | "retryAfter">> & { fields?: string[] }) {
  expect(error).toBeInstanceOf(PlatformApiError);
  const e = error as PlatformApiError;
  if (expected.status !== undefined) expect(e.status).toBe(expected.status);
  if (expected.code !== undefined) expect(e.code).toBe(expected.code);
  if (expected.retryAfter !== undefined) expect(e.retryAfter).toBe(expected.retryAfter);
  if (expected.fields) expect(Object.keys(e.fieldErrors).sort()).toEqual([...expected.fields].sort());
  return e;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("transport", () => {
  test("getMe: the key travels only in the Authorization header, never in the body", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const me = await getMe(clientFor(tenant.key));
    expect(me.id).toBe(tenant.holderId);
    expect(me.plan).toBe("pro");
    const index = testbed.platform.calls.lastIndexOf("getMe");
    expect(testbed.platform.authorizations[index]).toBe(`Bearer ${tenant.key}`);
    expect(testbed.platform.bodies[index]).not.toContain(tenant.key);
  });

  test("client: serialising or inspecting a client never shows the key", async () => {
    const client = clientFor("secret-key-never-shown-1234");
    expect(JSON.stringify(client)).not.toContain("secret-key-never-shown");
    expect(inspect(client, { depth: 5, showHidden: true })).not.toContain("secret-key-never-shown");
  });

  test("401: a wrong key is a PlatformApiError whose message and JSON never contain the key", async () => {
    const key = `wrong-${uniqueId()}-key`;
    const error = expectPlatformError(await failure(getMe(clientFor(key))), { status: 401, code: "unauthorized", fields: [] });
    expect(error.message).toBe("unauthorized");
    expect(JSON.stringify(error)).not.toContain(key);
    expect(String(error.stack)).not.toContain(key);
  });

  test("network: an unreachable platform is status 0, code network_error", async () => {
    const client = new PlatformClient({ db: testbed.database.db, baseUrl: "http://127.0.0.1:9", apiKey: "k-unreachable" });
    expectPlatformError(await failure(getMe(client)), { status: 0, code: "network_error" });
  });

  test("429: waited out (Retry-After) and sent again, never a failure when waiting is enough", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const before = testbed.platform.calls.length;
    testbed.platform.refuseNext(2, 1);
    const me = await getMe(clientFor(tenant.key));
    expect(me.id).toBe(tenant.holderId);
    expect(testbed.platform.calls.slice(before)).toEqual(["getMe", "getMe", "getMe"]);
  });

  test("429: a wait beyond the client's limit is a PlatformApiError 429 with retryAfter, and the budget shows the pause", async () => {
    const tenant = await seedTenant(testbed.database.db);
    testbed.platform.refuseNext(1, 30);
    const client = clientFor(tenant.key, { maxWaitMs: 0 });
    expectPlatformError(await failure(getMe(client)), { status: 429, code: "rate_limited", retryAfter: 30 });
    const budget = await readBudget(testbed.database.db, client.keyHash);
    expect(budget.pausedForSeconds).toBeGreaterThan(25);
    expect(budget.remaining).toBe(0);
    // Everybody on this key now waits: a second call is refused by the budget without reaching the platform.
    const calls = testbed.platform.calls.length;
    expectPlatformError(await failure(getMe(client)), { status: 429, code: "rate_limited" });
    expect(testbed.platform.calls.length).toBe(calls);
  });

  test("budget: X-RateLimit-Remaining of the platform is recorded per key hash", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const client = clientFor(tenant.key);
    await getMe(client);
    await getMe(client);
    const budget = await readBudget(testbed.database.db, client.keyHash);
    expect(budget.limit).toBe(120);
    expect(budget.remaining).toBe(118);
  });
});

describe("accounts", () => {
  test("money: a balance above 2^53 arrives exact as a bigint", async () => {
    const { tenant, contactId } = await tenantWithContact("9007199254740993");
    const [account] = await getContactAccounts(clientFor(tenant.key), { contact_id: contactId });
    expect(account.amount).toBe(BigInt("9007199254740993"));
    expect(account.currency).toBe("USD");
  });

  test("top up and debit: bigint amounts travel as JSON integers; the new balance comes back", async () => {
    const { tenant, accountId } = await tenantWithContact(0);
    const client = clientFor(tenant.key);
    const topped = await addFundsToContactAccount(client, { account_id: accountId, amount: BigInt("100000000000000"), description: "bonus" });
    expect(topped.amount).toBe(BigInt("100000000000000"));
    const debited = await withdrawFundsFromContactAccount(client, { account_id: accountId, amount: BigInt(1), description: "fee" });
    expect(debited.amount).toBe(BigInt("99999999999999"));
  });

  test.each([
    ["currency_exists on currency", "open", 422, "currency_exists", ["currency"]],
    ["insufficient_funds on account_id", "withdraw", 422, "insufficient_funds", ["account_id"]],
    ["account_blocked on account_id", "withdraw_blocked", 422, "account_blocked", ["account_id"]],
    ["account_not_empty on account_id", "delete", 422, "account_not_empty", ["account_id"]],
    ["validation of amount", "zero", 422, "validation_failed", ["amount"]],
  ] as const)("errors: %s", async (_title, action, status, code, fields) => {
    const { tenant, contactId, accountId } = await tenantWithContact(5, { currency: "EUR", blocked: true });
    const client = clientFor(tenant.key);
    const calls = {
      open: () => addContactAccount(client, { contact_id: contactId, currency: "USD" }),
      withdraw: () => withdrawFundsFromContactAccount(client, { account_id: accountId, amount: BigInt(6), description: "x" }),
      withdraw_blocked: () => withdrawFundsFromContactAccount(client, { account_id: accountId + 1, amount: BigInt(1), description: "x" }),
      delete: () => deleteContactAccount(client, { account_id: accountId }),
      zero: () => addFundsToContactAccount(client, { account_id: accountId, amount: BigInt(0), description: "x" }),
    };
    const error = expectPlatformError(await failure(calls[action]()), { status, code, fields: [...fields] });
    expect(error.fieldErrors[fields[0]][0]).toEqual(expect.any(String));
    expect(error.message).toEqual(expect.any(String));
  });

  test("open and delete: 201 account with amount 0; delete answers without a body", async () => {
    const { tenant, contactId } = await tenantWithContact(0);
    const client = clientFor(tenant.key);
    const opened = await addContactAccount(client, { contact_id: contactId, currency: "JPY" });
    expect(opened).toMatchObject({ currency: "JPY", amount: BigInt(0), blocked_at: null });
    await deleteContactAccount(client, { account_id: opened.id });
    const accounts = await getContactAccounts(client, { contact_id: contactId });
    expect(accounts.map((a) => a.currency)).toEqual(["USD"]);
  });
});

describe("extensions", () => {
  test("getContactAccountJournal: available on our platform, newest first, exact amounts", async () => {
    const { tenant, accountId } = await tenantWithContact(250);
    const client = clientFor(tenant.key);
    await addFundsToContactAccount(client, { account_id: accountId, amount: BigInt(50), description: "gift" });
    const journal = await getContactAccountJournal(client, { account_id: accountId });
    expect(journal.available).toBe(true);
    if (!journal.available) return;
    expect(journal.data.data[0]).toMatchObject({ title: "Deposit via API", amount: BigInt(50), balance_after: BigInt(300), description: "gift" });
    expect(journal.data.meta.total).toBe(2);
  });

  test("an extension's own 404 (a missing account) is an error, not 'unavailable'", async () => {
    const tenant = await seedTenant(testbed.database.db);
    expectPlatformError(await failure(getContactAccountJournal(clientFor(tenant.key), { account_id: uniqueId() })), { status: 404 });
  });

  test("a platform without the extension answers {available: false} so that callers fall back", async () => {
    const other = await startTestPlatform(testbed.database.db);
    try {
      other.hide(["getContactAccountJournal", "getListItems", "getContact"]);
      const { tenant, accountId } = await tenantWithContact(1);
      const client = new PlatformClient({ db: testbed.database.db, baseUrl: other.baseUrl, apiKey: tenant.key });
      expect(await getContactAccountJournal(client, { account_id: accountId })).toEqual({ available: false });
      expect(await getListItems(client, { schema_id: "0b6c3c1e-1111-4a2b-8c3d-000000000001" })).toEqual({ available: false });
      expect(await getContact(client, { contact_id: 1 })).toEqual({ available: false });
      // Remembered: the next call does not reach the platform.
      const calls = other.calls.length;
      expect(await getContactAccountJournal(client, { account_id: accountId })).toEqual({ available: false });
      expect(other.calls.length).toBe(calls);
    } finally {
      await other.close();
    }
  });
});

describe("lists", () => {
  test("create, read, page, add and delete a field, records, delete", async () => {
    const tenant: Tenant = await seedTenant(testbed.database.db);
    const client = clientFor(tenant.key);
    const created = await createListSchema(client, {
      name: "Orders",
      project_uuid: tenant.projectUuid,
      fields: [
        { name: "SKU", slug: "sku", type: "string" },
        { name: "Price", slug: "price", type: "money", currency: "EUR" },
      ],
    });
    expect(created).toMatchObject({ name: "Orders", bot_id: null, project: tenant.projectUuid });
    expect(created.fields.map(([slug]) => slug)).toEqual(["sku", "price"]);
    expect(Object.fromEntries(created.fields).price).toMatchObject({ type: "money", currency: "EUR", is_required: true });

    await addListSchemaField(client, { schema_id: created.id, field: { name: "Note", slug: "note", type: "string", is_required: false } });
    expect((await getListSchema(client, { schema_id: created.id })).fields.map(([slug]) => slug)).toEqual(["sku", "price", "note"]);
    await deleteListSchemaField(client, { schema_id: created.id, slug: "note" });

    const page = await getListSchemas(client);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 50, total: 1 });
    expect(page.data.map((list) => list.id)).toEqual([created.id]);

    const added = await addListItem(client, { schema_id: created.id, item: { sku: "A-1", price: 1250 } });
    expect(added.available).toBe(true);
    if (!added.available) return;
    const updated = await updateListItem(client, { item_id: added.data.id, item: { sku: "A-2", price: 1300 } });
    expect(updated.available).toBe(true);
    const items = await getListItems(client, { schema_id: created.id });
    expect(items.available && items.data.meta.total).toBe(1);
    expect(await deleteListItem(client, { item_id: added.data.id })).toEqual({ available: true, data: undefined });

    await deleteListSchema(client, { schema_id: created.id });
    expectPlatformError(await failure(getListSchema(client, { schema_id: created.id })), { status: 404, fields: ["schema_id"] });
  });

  test("fields keep the platform's order, also all-digit slugs, a slug named like a money key, and a slug named fields", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const client = clientFor(tenant.key);
    const slugs = ["title", "2024", "fields", "10", "amount", "1"];
    const created = await createListSchema(client, {
      name: "Years",
      project_uuid: tenant.projectUuid,
      fields: slugs.map((slug) => ({
        name: `Field ${slug}`,
        slug,
        type: slug === "amount" ? "money" : "string",
        currency: slug === "amount" ? "USD" : undefined,
      })),
    });
    expect(created.fields.map(([slug]) => slug)).toEqual(slugs);
    expect(created.fields.map(([, field]) => field.name)).toEqual(slugs.map((slug) => `Field ${slug}`));
    expect(Object.fromEntries(created.fields).amount).toMatchObject({ type: "money", currency: "USD" });
    expect((await getListSchema(client, { schema_id: created.id })).fields.map(([slug]) => slug)).toEqual(slugs);
    const listed = (await getListSchemas(client)).data.find((list) => list.id === created.id);
    expect(listed?.fields.map(([slug]) => slug)).toEqual(slugs);

    // A record's value under the slug `amount` is the record's (a JSON number), not the platform's money read as digits.
    const values = { title: "t", "2024": "y", fields: "f", "10": "ten", amount: 1250, "1": "one" };
    const added = await addListItem(client, { schema_id: created.id, item: values });
    const updated = added.available ? await updateListItem(client, { item_id: added.data.id, item: { amount: 1300 } }) : added;
    const items = await getListItems(client, { schema_id: created.id });
    expect(added.available && added.data.values.amount).toBe(1250);
    expect(updated.available && updated.data.values.amount).toBe(1300);
    expect(items.available && items.data.data[0].values.amount).toBe(1300);
  });

  test("422 field errors keep their dotted keys (fields.1.slug)", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const error = expectPlatformError(
      await failure(
        createListSchema(clientFor(tenant.key), {
          name: "Dup",
          project_uuid: tenant.projectUuid,
          fields: [
            { name: "A", slug: "a", type: "string" },
            { name: "B", slug: "a", type: "string" },
          ],
        }),
      ),
      { status: 422, code: "validation_failed" },
    );
    expect(Object.keys(error.fieldErrors)).toContain("fields.1.slug");
  });
});

const hasContacts = Boolean(findMethod("getContacts") && findMethod("getContact"));

describe.skipIf(!hasContacts)("contacts (once the platform has them)", () => {
  test("page and offset modes, count, create or update, getContact", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const client = clientFor(tenant.key);
    await applyFixtures(testbed.database.db, {
      generate_contacts: [{ bot_id: tenant.botId, count: 30, messenger: "telegram", created_from: "2025-01-01T00:00:00Z", created_to: "2025-02-01T00:00:00Z" }],
    });
    expect(await getNumberOfContacts(client, { bot_id: tenant.botId })).toBe(30);
    const page = await getContacts(client, { bot_id: tenant.botId, count: 20, page: 2 });
    expect(page.meta).toMatchObject({ current_page: 2, last_page: 2, total: 30 });
    expect(page.data).toHaveLength(10);
    const batch = await getContacts(client, { bot_id: tenant.botId, offset: 25, limit: 10 });
    expect(batch.meta).toEqual({ offset: 25, limit: 10, total: 30 });
    expect(batch.data).toHaveLength(5);
    const upsert = await createOrUpdateContact(client, { bot_id: tenant.botId, messenger: "telegram", name: "New", telegram_id: 987654321 });
    expect(upsert.created).toBe(true);
    const again = await createOrUpdateContact(client, { bot_id: tenant.botId, messenger: "telegram", name: "Renamed", telegram_id: 987654321 });
    expect(again).toMatchObject({ created: false, contact: { name: "Renamed" } });
    const one = await getContact(client, { contact_id: upsert.contact.id });
    expect(one.available && one.data.name).toBe("Renamed");
  });
});
