import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { testDriver } from "@/lib/db/testing/database";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "@/lib/api/client";
import { PlatformApiError } from "@/lib/api/errors";
import { startTestPlatform, usePlatformTestbed } from "@/lib/api/testing/platform";
import { startFaultPlatform } from "@/lib/testing/fault-platform.mjs";
import { translator } from "@/lib/i18n/translate";
import { DashboardError } from "@/lib/core/actions/errors";
import type { Actor } from "./audit";
import { TopUpRequestSchema, DebitRequestSchema, type MovementRequestInput } from "./forms";
import { moveMoney } from "./move-money";
import { openAccount } from "./open-account";
import { deleteAccount } from "./delete-account";
import { reconcileOperation } from "./reconcile-operation";
import { isUnknownOutcome } from "./outcome";
import { loadJournal } from "./read-ledger";
import type { LedgerContext } from "./run-once";
import type { LedgerResult } from "./types";

const testbed = usePlatformTestbed();

const t = translator("en");
const actorOf = (role: Actor["role"] = "support"): Actor => {
  const id = uniqueId();
  return { id, email: `member${id}@example.com`, name: `Member ${id}`, role };
};

interface Seeded {
  key: string;
  contactId: number;
  accounts: Record<string, number>;
}

/** A tenant, a contact and accounts (currency → amount in minor units, blocked when the amount is suffixed with "!"). */
async function seed(accounts: Record<string, number | `${number}!`> = { USD: 0 }): Promise<Seeded> {
  const tenant = await seedTenant(testbed.database.db);
  const contactId = uniqueId();
  const ids: Record<string, number> = {};
  const rows = Object.entries(accounts).map(([currency, value]) => {
    ids[currency] = uniqueId();
    const blocked = typeof value === "string";
    return {
      id: ids[currency],
      contact_id: contactId,
      currency,
      amount: Number(String(value).replace("!", "")),
      blocked_at: blocked ? "2026-01-05T10:00:00Z" : null,
    };
  });
  await applyFixtures(testbed.database.db, {
    contacts: [{ id: contactId, bot_id: tenant.botId, messenger: "telegram", name: "Ann", telegram_id: String(contactId) }],
    contact_accounts: rows,
  });
  return { key: tenant.key, contactId, accounts: ids };
}

function contextFor(
  key: string,
  actor = actorOf(),
  baseUrl = testbed.platform.baseUrl,
  options: Partial<ConstructorParameters<typeof PlatformClient>[0]> = {},
): LedgerContext {
  return { db: testbed.database.db, api: new PlatformClient({ db: testbed.database.db, baseUrl, apiKey: key, ...options }), actor, t };
}

const topUp = (input: Omit<MovementRequestInput, "kind">) => TopUpRequestSchema.parse({ ...input, kind: "top_up" });
const debit = (input: Omit<MovementRequestInput, "kind">) => DebitRequestSchema.parse({ ...input, kind: "debit" });

const callsOf = (method: string) => testbed.platform.calls.filter((call) => call === method).length;

async function journalOf(accountId: number) {
  return queryRows<{ kind: string; amount: string; description: string; balance_after: string }>(
    testbed.database.db,
    sql`SELECT kind, amount::text AS amount, description, balance_after::text AS balance_after FROM platform.account_journal WHERE account_id = ${accountId} ORDER BY id`,
  );
}

async function auditOf(idempotencyKey: string) {
  return queryRows<{
    user_id: string;
    kind: string;
    outcome: string;
    error_code: string | null;
    amount: string | null;
    balance_after: string | null;
    reconciles_entry_id: string | null;
    request_id: string | null;
  }>(
    testbed.database.db,
    sql`SELECT user_id::text AS user_id, kind, outcome, error_code, amount::text AS amount, balance_after::text AS balance_after,
               reconciles_entry_id::text AS reconciles_entry_id, request_id
        FROM dashboard.audit_entries WHERE idempotency_key = ${idempotencyKey}::uuid ORDER BY id`,
  );
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe(`idempotency (${testDriver()})`, () => {
  test("20 concurrent submissions with the same key call the platform once and all get its outcome", async () => {
    const seeded = await seed({ USD: 0 });
    const context = contextFor(seeded.key);
    const request = topUp({
      contactId: seeded.contactId,
      accountId: seeded.accounts.USD,
      currency: "USD",
      amount: "12.50",
      description: "Bonus",
      idempotencyKey: randomUUID(),
    });
    const before = callsOf("addFundsToContactAccount");

    const results = await Promise.all(Array.from({ length: 20 }, () => moveMoney(context, request)));

    expect(callsOf("addFundsToContactAccount") - before).toBe(1);
    expect(await journalOf(seeded.accounts.USD)).toEqual([{ kind: "deposit", amount: "1250", description: "Bonus", balance_after: "1250" }]);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    for (const result of results) {
      expect(result).toMatchObject({ status: "succeeded", operation: "top_up", balanceAfter: "1250" });
    }
    const audit = await auditOf(request.idempotencyKey);
    expect(audit).toEqual([
      {
        user_id: String(context.actor.id),
        kind: "top_up",
        outcome: "succeeded",
        error_code: null,
        amount: "1250",
        balance_after: "1250",
        reconciles_entry_id: null,
        request_id: audit[0].request_id,
      },
    ]);
    // The request id was sent to the platform (it echoes X-Request-Id): the entry can be found in the platform's log.
    expect(audit[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a repeat after the first finished returns the first outcome without calling the platform", async () => {
    const seeded = await seed({ USD: 5000 });
    const context = contextFor(seeded.key);
    const request = debit({
      contactId: seeded.contactId,
      accountId: seeded.accounts.USD,
      currency: "USD",
      amount: "10",
      description: "Order 1",
      idempotencyKey: randomUUID(),
    });
    const first = await moveMoney(context, request);
    const calls = testbed.platform.calls.length;
    const again = await moveMoney(context, request);
    expect(testbed.platform.calls.length).toBe(calls);
    expect(first).toMatchObject({ status: "succeeded", balanceAfter: "4000", replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
  });

  test("a refused first submission is replayed as refused: the key never runs twice", async () => {
    const seeded = await seed({ USD: 100 });
    const context = contextFor(seeded.key);
    const request = debit({
      contactId: seeded.contactId,
      accountId: seeded.accounts.USD,
      currency: "USD",
      amount: "5",
      description: "Too much",
      idempotencyKey: randomUUID(),
    });
    const first = await moveMoney(context, request);
    // Money arrives meanwhile; the same key still answers the first outcome.
    await applyFixtures(testbed.database.db, {
      contact_accounts: [{ id: seeded.accounts.USD, contact_id: seeded.contactId, currency: "USD", amount: 100000 }],
    });
    const calls = callsOf("withdrawFundsFromContactAccount");
    const again = await moveMoney(context, request);
    expect(callsOf("withdrawFundsFromContactAccount")).toBe(calls);
    expect(first).toMatchObject({ status: "failed", error: { code: "insufficient_funds" } });
    expect(again).toEqual({ ...first, replayed: true });
  });

  test.each([
    ["another amount", { amount: "12.51" }],
    ["another description", { description: "Other" }],
    ["another account", { accountId: 1 }],
  ])("the same key with %s is refused (ledger.key_reused) and nothing is sent", async (_name, change) => {
    const seeded = await seed({ USD: 0 });
    const context = contextFor(seeded.key);
    const base = {
      contactId: seeded.contactId,
      accountId: seeded.accounts.USD,
      currency: "USD",
      amount: "12.50",
      description: "Bonus",
      idempotencyKey: randomUUID(),
    };
    await moveMoney(context, topUp(base));
    const calls = testbed.platform.calls.length;
    const error = await failure(moveMoney(context, topUp({ ...base, ...change })));
    expect(error).toBeInstanceOf(DashboardError);
    expect((error as DashboardError).code).toBe("ledger.key_reused");
    expect(testbed.platform.calls.length).toBe(calls);
  });

  test("the same key from another member or for another operation is refused", async () => {
    const seeded = await seed({ USD: 10000 });
    const base = {
      contactId: seeded.contactId,
      accountId: seeded.accounts.USD,
      currency: "USD",
      amount: "1",
      description: "Bonus",
      idempotencyKey: randomUUID(),
    };
    await moveMoney(contextFor(seeded.key), topUp(base));
    // Started one at a time: a refusal must never be left without a handler.
    for (const attempt of [() => moveMoney(contextFor(seeded.key), topUp(base)), () => moveMoney(contextFor(seeded.key), debit(base))]) {
      expect(((await failure(attempt())) as DashboardError).code).toBe("ledger.key_reused");
    }
    expect(await journalOf(seeded.accounts.USD)).toHaveLength(2); // the operator's opening balance and the one top-up
  });
});

/** The platform behind a proxy that lets it do the named methods and then drops the connection instead of answering. */
async function startDroppingProxy(target: string, dropMethods: Set<string>) {
  const proxy = await startFaultPlatform({ upstream: target });
  proxy.set("lose_answer", { methods: [...dropMethods] });
  return proxy;
}

describe(`unknown outcomes (${testDriver()})`, () => {
  test("no answer after sending: unknown, never retried; reading the journal settles it as done", async () => {
    const seeded = await seed({ USD: 0 });
    const proxy = await startDroppingProxy(testbed.platform.baseUrl, new Set(["addFundsToContactAccount"]));
    try {
      const actor = actorOf();
      const context = contextFor(seeded.key, actor, proxy.baseUrl);
      const request = topUp({
        contactId: seeded.contactId,
        accountId: seeded.accounts.USD,
        currency: "USD",
        amount: "7.25",
        description: "Lost answer",
        idempotencyKey: randomUUID(),
      });
      const before = callsOf("addFundsToContactAccount");
      const first = await moveMoney(context, request);
      expect(first).toMatchObject({ status: "unknown", operation: "top_up", reason: "network_error", replayed: false });
      // The platform did it once; a repeat with the key does not send it again.
      const again = await moveMoney(context, request);
      expect(again).toEqual({ ...first, replayed: true });
      expect(callsOf("addFundsToContactAccount") - before).toBe(1);
      expect(await journalOf(seeded.accounts.USD)).toHaveLength(1);
      expect((await auditOf(request.idempotencyKey)).map((entry) => entry.outcome)).toEqual(["unknown"]);

      const check = await reconcileOperation(contextFor(seeded.key, actor), { idempotencyKey: request.idempotencyKey });
      expect(check).toMatchObject({ found: true, journalAvailable: true, account: { amount: "725" }, outcome: { status: "succeeded", balanceAfter: "725" } });
      const audit = await auditOf(request.idempotencyKey);
      expect(audit.map((entry) => [entry.outcome, entry.balance_after])).toEqual([
        ["unknown", null],
        ["succeeded", "725"],
      ]);
      expect(audit[1].reconciles_entry_id).not.toBeNull();
      // Settled: the key now answers the settled outcome, still without a call.
      expect(await moveMoney(context, request)).toMatchObject({ status: "succeeded", balanceAfter: "725", replayed: true });
      expect(callsOf("addFundsToContactAccount") - before).toBe(1);
      // Checking again changes nothing and adds no entry.
      await reconcileOperation(contextFor(seeded.key, actor), { idempotencyKey: request.idempotencyKey });
      expect(await auditOf(request.idempotencyKey)).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });

  test("unknown, and the journal shows no such operation: it stays unknown with the current balance", async () => {
    const seeded = await seed({ USD: 300 });
    const actor = actorOf();
    const context = contextFor(seeded.key, actor, "http://127.0.0.1:9");
    const request = debit({
      contactId: seeded.contactId,
      accountId: seeded.accounts.USD,
      currency: "USD",
      amount: "1",
      description: "Never arrived",
      idempotencyKey: randomUUID(),
    });
    // The verification read fails before anything is sent: a plain failure, not unknown.
    expect(await moveMoney(context, request)).toMatchObject({ status: "failed", error: { code: "network_error", status: 0 } });

    const proxy = await startDroppingProxy(testbed.platform.baseUrl, new Set(["withdrawFundsFromContactAccount"]));
    try {
      const lost = debit({ ...request, idempotencyKey: randomUUID() });
      const outcome = await moveMoney(contextFor(seeded.key, actor, proxy.baseUrl), lost);
      expect(outcome.status).toBe("unknown");
      // An operator puts the balance back and removes the entry: as if the debit never happened.
      await testbed.database.db.execute(sql`DELETE FROM platform.account_journal WHERE account_id = ${seeded.accounts.USD} AND description = 'Never arrived'`);
      await applyFixtures(testbed.database.db, { contact_accounts: [{ id: seeded.accounts.USD, contact_id: seeded.contactId, currency: "USD", amount: 300 }] });
      const check = await reconcileOperation(contextFor(seeded.key, actor), { idempotencyKey: lost.idempotencyKey });
      expect(check).toMatchObject({ found: false, journalAvailable: true, account: { amount: "300" }, outcome: { status: "unknown" } });
      expect((await auditOf(lost.idempotencyKey)).map((entry) => entry.outcome)).toEqual(["unknown"]);
    } finally {
      await proxy.close();
    }
  });

  test("only the member who made it (or an owner) may settle it", async () => {
    const seeded = await seed({ USD: 0 });
    const proxy = await startDroppingProxy(testbed.platform.baseUrl, new Set(["addFundsToContactAccount"]));
    try {
      const request = topUp({
        contactId: seeded.contactId,
        accountId: seeded.accounts.USD,
        currency: "USD",
        amount: "1",
        description: "Mine",
        idempotencyKey: randomUUID(),
      });
      await moveMoney(contextFor(seeded.key, actorOf("support"), proxy.baseUrl), request);
      const error = await failure(reconcileOperation(contextFor(seeded.key, actorOf("support")), { idempotencyKey: request.idempotencyKey }));
      expect((error as DashboardError).code).toBe("ledger.reconcile.not_yours");
      expect(await reconcileOperation(contextFor(seeded.key, actorOf("owner")), { idempotencyKey: request.idempotencyKey })).toMatchObject({ found: true });
    } finally {
      await proxy.close();
    }
  });

  test.each([
    ["no answer", new PlatformApiError({ status: 0, code: "network_error", message: "", method: "m" }), true],
    ["timeout", new PlatformApiError({ status: 0, code: "timeout", message: "", method: "m" }), true],
    ["5xx", new PlatformApiError({ status: 502, message: "", method: "m" }), true],
    ["2xx unreadable", new PlatformApiError({ status: 200, code: "bad_response", message: "", method: "m" }), true],
    ["not configured (nothing sent)", new PlatformApiError({ status: 0, code: "not_configured", message: "", method: "m" }), false],
    ["422", new PlatformApiError({ status: 422, code: "insufficient_funds", message: "", method: "m" }), false],
    ["429 not waited out", new PlatformApiError({ status: 429, code: "rate_limited", message: "", method: "m" }), false],
    ["404", new PlatformApiError({ status: 404, message: "", method: "m" }), false],
    ["our own bug", new TypeError("x"), true],
  ])("outcome of a failed call: %s → unknown = %s", (_name, error, unknown) => {
    expect(isUnknownOutcome(error)).toBe(unknown);
  });
});

describe(`platform refusals (${testDriver()})`, () => {
  test("insufficient_funds: refused with the current balance (the largest possible debit); nothing changes", async () => {
    const seeded = await seed({ USD: 1250 });
    const request = debit({
      contactId: seeded.contactId,
      accountId: seeded.accounts.USD,
      currency: "USD",
      amount: "20.00",
      description: "Too much",
      idempotencyKey: randomUUID(),
    });
    const result = await moveMoney(contextFor(seeded.key), request);
    expect(result).toMatchObject({ status: "failed", error: { code: "insufficient_funds", status: 422, balance: "1250", currency: "USD" } });
    expect((await auditOf(request.idempotencyKey)).map((entry) => [entry.outcome, entry.error_code])).toEqual([["failed", "insufficient_funds"]]);
    expect(await journalOf(seeded.accounts.USD)).toHaveLength(1);
  });

  test("a blocked account: the debit is refused (account_blocked), a top-up works", async () => {
    const seeded = await seed({ EUR: "2500!" });
    const base = { contactId: seeded.contactId, accountId: seeded.accounts.EUR, currency: "EUR", amount: "1", description: "Blocked" };
    const refused = await moveMoney(contextFor(seeded.key), debit({ ...base, idempotencyKey: randomUUID() }));
    expect(refused).toMatchObject({ status: "failed", error: { code: "account_blocked", status: 422 } });
    const done = await moveMoney(contextFor(seeded.key), topUp({ ...base, idempotencyKey: randomUUID() }));
    expect(done).toMatchObject({ status: "succeeded", balanceAfter: "2600", account: { blockedAt: "2026-01-05T10:00:00+00:00" } });
  });

  test("JPY and KWD amounts reach the platform in their own minor units", async () => {
    const seeded = await seed({ JPY: 0, KWD: 0 });
    const context = contextFor(seeded.key);
    const jpy = await moveMoney(
      context,
      topUp({ contactId: seeded.contactId, accountId: seeded.accounts.JPY, currency: "JPY", amount: "1500", description: "Yen", idempotencyKey: randomUUID() }),
    );
    const kwd = await moveMoney(
      context,
      topUp({
        contactId: seeded.contactId,
        accountId: seeded.accounts.KWD,
        currency: "KWD",
        amount: "1.234",
        description: "Dinar",
        idempotencyKey: randomUUID(),
      }),
    );
    expect(jpy).toMatchObject({ status: "succeeded", balanceAfter: "1500", account: { amountNote: "1500 JPY" } });
    expect(kwd).toMatchObject({ status: "succeeded", balanceAfter: "1234", account: { amountNote: "1.234 KWD" } });
  });

  test("the account must be the contact's and in the currency the amount was converted with; nothing is sent otherwise", async () => {
    const seeded = await seed({ USD: 0 });
    const other = await seed({ USD: 0 });
    const context = contextFor(seeded.key);
    const before = callsOf("addFundsToContactAccount");
    const wrongCurrency = await moveMoney(
      context,
      topUp({ contactId: seeded.contactId, accountId: seeded.accounts.USD, currency: "JPY", amount: "100", description: "x", idempotencyKey: randomUUID() }),
    );
    expect(wrongCurrency).toMatchObject({ status: "failed", error: { code: "currency_mismatch" } });
    const notTheContacts = await moveMoney(
      context,
      topUp({ contactId: seeded.contactId, accountId: other.accounts.USD, currency: "USD", amount: "1", description: "x", idempotencyKey: randomUUID() }),
    );
    expect(notTheContacts).toMatchObject({ status: "failed", error: { code: "account_not_found", status: 404 } });
    const missingContact = await moveMoney(
      context,
      topUp({ contactId: uniqueId(), accountId: seeded.accounts.USD, currency: "USD", amount: "1", description: "x", idempotencyKey: randomUUID() }),
    );
    expect(missingContact).toMatchObject({ status: "failed", error: { status: 404 } });
    expect(callsOf("addFundsToContactAccount")).toBe(before);
  });

  test("open: a new account; the same currency again is currency_exists on the currency field", async () => {
    const seeded = await seed({ USD: 0 });
    const context = contextFor(seeded.key);
    const opened = await openAccount(context, { contactId: seeded.contactId, currency: "KWD", idempotencyKey: randomUUID() });
    expect(opened).toMatchObject({ status: "succeeded", operation: "open", account: { currency: "KWD", amount: "0", blockedAt: null } });
    const again = await openAccount(context, { contactId: seeded.contactId, currency: "USD", idempotencyKey: randomUUID() });
    expect(again).toMatchObject({ status: "failed", error: { code: "currency_exists", status: 422 } });
    expect(again.status === "failed" && Object.keys(again.error.fieldErrors)).toEqual(["currency"]);
    const audit = await queryRows<{ kind: string; outcome: string; currency: string; account_id: string | null }>(
      testbed.database.db,
      sql`SELECT kind, outcome, currency, account_id::text AS account_id FROM dashboard.audit_entries WHERE contact_id = ${seeded.contactId} ORDER BY id`,
    );
    expect(audit).toEqual([
      { kind: "open", outcome: "succeeded", currency: "KWD", account_id: String(opened.status === "succeeded" ? opened.account!.id : 0) },
      { kind: "open", outcome: "failed", currency: "USD", account_id: null },
    ]);
  });

  test("delete: refused with account_not_empty while the balance is not 0, done at 0", async () => {
    const seeded = await seed({ USD: 5, EUR: 0 });
    const context = contextFor(seeded.key);
    const refused = await deleteAccount(context, { contactId: seeded.contactId, accountId: seeded.accounts.USD, idempotencyKey: randomUUID() });
    expect(refused).toMatchObject({ status: "failed", error: { code: "account_not_empty", balance: "5", currency: "USD" } });
    const done = await deleteAccount(context, { contactId: seeded.contactId, accountId: seeded.accounts.EUR, idempotencyKey: randomUUID() });
    expect(done).toMatchObject({ status: "succeeded", operation: "delete", balanceAfter: "0" });
  });
});

describe(`journal extension (${testDriver()})`, () => {
  test("paged, newest first, amounts as digits", async () => {
    const seeded = await seed({ USD: 100 });
    const context = contextFor(seeded.key);
    for (const [amount, description] of [
      ["1", "first"],
      ["2", "second"],
    ] as const) {
      await moveMoney(
        context,
        topUp({ contactId: seeded.contactId, accountId: seeded.accounts.USD, currency: "USD", amount, description, idempotencyKey: randomUUID() }),
      );
    }
    const journal = await loadJournal(context.api, seeded.accounts.USD, 1);
    expect(journal).toMatchObject({ available: true, page: { page: 1, pages: 1, total: 3 } });
    expect(journal.available && journal.page.items.map((entry) => [entry.kind, entry.amount, entry.description, entry.balanceAfter])).toEqual([
      ["deposit", "200", "second", "400"],
      ["deposit", "100", "first", "200"],
      ["deposit", "100", "Balance set by an operator fixture", "100"],
    ]);
  });

  test("a platform without it: not available, and an unknown outcome can only show the balance", async () => {
    const bare = await startTestPlatform(testbed.database.db);
    bare.hide(["getContactAccountJournal"]);
    const seeded = await seed({ USD: 0 });
    const proxy = await startDroppingProxy(bare.baseUrl, new Set(["addFundsToContactAccount"]));
    try {
      expect(await loadJournal(contextFor(seeded.key, actorOf(), bare.baseUrl).api, seeded.accounts.USD, 1)).toEqual({ available: false });
      const actor = actorOf();
      const request = topUp({
        contactId: seeded.contactId,
        accountId: seeded.accounts.USD,
        currency: "USD",
        amount: "3",
        description: "No journal",
        idempotencyKey: randomUUID(),
      });
      expect((await moveMoney(contextFor(seeded.key, actor, proxy.baseUrl), request)).status).toBe("unknown");
      const check = await reconcileOperation(contextFor(seeded.key, actor, bare.baseUrl), { idempotencyKey: request.idempotencyKey });
      expect(check).toMatchObject({ found: false, journalAvailable: false, account: { amount: "300" }, outcome: { status: "unknown" } });
    } finally {
      await proxy.close();
      await bare.close();
    }
  });
});

// Keeps the type of a result in one place for the assertions above.
export type { LedgerResult };
