import { beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { PlatformClient } from "@/lib/api/client";
import { usePlatformTestbed } from "@/lib/api/testing/platform";
import { reloadConfig } from "@/lib/core/config.mjs";
import { uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { confirmRun, createBatch, readBatch, readRows, requestCancel, requestDryRun, saveValidation } from "./batch-store";
import { adjustmentResultCsvStream } from "./result-csv";
import { listAuditEntries, recordAuditEntry } from "@/lib/features/ledger/audit";
import { addFundsToContactAccount, getMe } from "@/lib/api";
import { breakerFor } from "@/lib/api/breaker";
import { keyHashOf } from "@/lib/api/budget";
import { startFaultPlatform } from "@/lib/testing/fault-platform.mjs";
import { moveFunds } from "@/lib/platform/accounts/ledger";
import { translator } from "@/lib/i18n/translate";
import { moveMoney } from "@/lib/features/ledger/move-money";
import { rowIntent } from "./row-intent";
import { rowIdempotencyKey } from "./row-key";
import { balancesOf, createMember, journalOf, seedContacts, totalsOf, validatedBatch, type PlannedRow, type SeededContact } from "./testing/batches";
import type { AdjustmentRow } from "./types";
import { AdjustmentWorker, type AdjustmentWorkerOptions } from "./worker";
import { endSession, startSession } from "@/lib/auth/sessions";
import { changeRole, endSessions, removeUser } from "@/lib/auth/users";
import type { Db } from "@/lib/db/client";

/**
 * The adjustment worker against our real platform over HTTP (lib/api/testing/platform)
 * and a real database: the dry run changes nothing, the run applies every row
 * exactly once — across a worker killed mid-batch, a retry, 429s — and every
 * row is in the audit trail linked to its batch.
 */
const testbed = usePlatformTestbed();
const db = () => testbed.database.db;

beforeAll(() => {
  process.env.DASHBOARD_EXPORT_LOG = "0";
  // The row keys are derived from the dashboard's secret (row-key.ts).
  process.env.NEXTAUTH_SECRET = "test-secret-0123456789abcdef0123456789";
  reloadConfig();
});

function workerFor(tenant: Tenant, options: Partial<AdjustmentWorkerOptions> = {}): AdjustmentWorker {
  return new AdjustmentWorker({
    db: db(),
    connect: async (database) => new PlatformClient({ db: database, baseUrl: testbed.platform.baseUrl, apiKey: tenant.key }),
    pollMs: 20,
    leaseSeconds: 30,
    inFlightSeconds: 2,
    ...options,
  });
}

const accountIdsOf = (contacts: SeededContact[]) => contacts.flatMap((contact) => Object.values(contact.accounts));
const moneyCalls = () => testbed.platform.calls.filter((call) => call === "addFundsToContactAccount" || call === "withdrawFundsFromContactAccount").length;

async function checkedBatch(tenant: Tenant, planned: PlannedRow[]) {
  const member = await createMember(db());
  const batchId = await validatedBatch(db(), member.id, planned);
  await requestDryRun(db(), batchId);
  expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "checked" });
  return { batchId, member };
}

async function auditOf(batchId: string) {
  return queryRows<{
    batch_line: number;
    kind: string;
    outcome: string;
    amount: string;
    error_code: string | null;
    user_id: string;
    reconciles_entry_id: string | null;
  }>(
    db(),
    sql`SELECT batch_line, kind, outcome, amount::text AS amount, error_code, user_id::text AS user_id, reconciles_entry_id::text AS reconciles_entry_id
        FROM dashboard.audit_entries WHERE batch_id = ${batchId}::uuid ORDER BY batch_line, id`,
  );
}

/** What the platform's journal says was applied, per account: kinds and amounts in order. */
const applied = (journal: Awaited<ReturnType<typeof journalOf>>) =>
  journal.map((entry) => `${entry.account_id}:${entry.kind}:${entry.amount}:${entry.description}`);

describe("dry run", () => {
  test("missing contact and account, blocked account, debits in file order beyond the balance; nothing changes on the platform", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 1000 }, { USD: 500, EUR: "200!" }]);
    const [ann, bob] = contacts;
    const ids = accountIdsOf(contacts);
    const balancesBefore = await balancesOf(db(), ids);
    const journalBefore = await journalOf(db(), ids);
    const callsBefore = testbed.platform.calls.length;
    const { batchId } = await checkedBatch(tenant, [
      { contactId: ann.contactId, currency: "USD", kind: "debit", amount: 700 },
      { contactId: bob.contactId, currency: "EUR", kind: "debit", amount: 50 },
      { contactId: ann.contactId, currency: "USD", kind: "debit", amount: 400 },
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 100 },
      { contactId: ann.contactId, currency: "USD", kind: "debit", amount: 400 },
      { contactId: bob.contactId, currency: "GBP", kind: "top_up", amount: 1 },
      { contactId: uniqueId(), currency: "USD", kind: "top_up", amount: 1 },
      { contactId: bob.contactId, currency: "EUR", kind: "top_up", amount: 5 },
    ]);
    const { rows } = await readRows(db(), batchId);
    expect(rows.map((row) => [row.line, row.dry?.status, row.dry?.code, row.dry?.balanceAfter])).toEqual([
      [2, "ok", null, "300"],
      [3, "refused", "account_blocked", "200"],
      [4, "refused", "insufficient_funds", "300"],
      [5, "ok", null, "400"],
      [6, "ok", null, "0"],
      [7, "refused", "account_not_found", null],
      [8, "refused", "contact_not_found", null],
      [9, "ok", null, "205"],
    ]);
    expect(rows[0].dry?.accountId).toBe(ann.accounts.USD);
    expect(await readBatch(db(), batchId)).toMatchObject({
      status: "checked",
      dryRun: { done: 8, summary: { ok: 4, refused: 4, codes: { account_blocked: 1, insufficient_funds: 1, account_not_found: 1, contact_not_found: 1 } } },
    });
    // One read per distinct contact, in the background lane; no money moved.
    expect(testbed.platform.calls.slice(callsBefore)).toEqual(["getContactAccounts", "getContactAccounts", "getContactAccounts"]);
    expect(await balancesOf(db(), ids)).toEqual(balancesBefore);
    expect(await journalOf(db(), ids)).toEqual(journalBefore);
  });
});

describe("run", () => {
  test("every row once in file order: balances and journal exactly as the rows say, refusals failed with the platform's code, audit linked to the batch", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 1000 }, { USD: 0, EUR: "300!" }]);
    const [ann, bob] = contacts;
    const { batchId } = await checkedBatch(tenant, [
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 250 },
      { contactId: ann.contactId, currency: "USD", kind: "debit", amount: 1000 },
      { contactId: bob.contactId, currency: "USD", kind: "debit", amount: 1 },
      { contactId: bob.contactId, currency: "EUR", kind: "debit", amount: 10 },
      { contactId: bob.contactId, currency: "GBP", kind: "top_up", amount: 10 },
      { contactId: bob.contactId, currency: "EUR", kind: "top_up", amount: 20 },
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 250 },
    ]);
    const confirmer = await createMember(db(), "owner");
    const calls = moneyCalls();
    const journalBefore = await journalOf(db(), accountIdsOf(contacts));
    await confirmRun(db(), batchId, confirmer);
    await expect(confirmRun(db(), batchId, confirmer)).rejects.toMatchObject({ code: "adjustments.batch.already_run" });
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    // The row without an account is failed without a call; the rest are one call each.
    expect(moneyCalls() - calls).toBe(6);
    const { rows } = await readRows(db(), batchId);
    expect(rows.map((row) => [row.line, row.run.status, row.run.errorCode, row.run.balanceAfter])).toEqual([
      [2, "succeeded", null, "1250"],
      [3, "succeeded", null, "250"],
      [4, "failed", "insufficient_funds", null],
      [5, "failed", "account_blocked", null],
      [6, "failed", "account_not_found", null],
      [7, "succeeded", null, "320"],
      [8, "succeeded", null, "500"],
    ]);
    expect(rows.map((row) => row.run.idempotencyKey)).toEqual(rows.map((row) => rowIdempotencyKey(batchId, row.line)));
    expect(rows[2].run.errorText).toMatch(/./);
    expect(await balancesOf(db(), [ann.accounts.USD, bob.accounts.USD, bob.accounts.EUR])).toEqual({
      [ann.accounts.USD]: "500",
      [bob.accounts.USD]: "0",
      [bob.accounts.EUR]: "320",
    });
    expect(applied((await journalOf(db(), accountIdsOf(contacts))).slice(journalBefore.length))).toEqual([
      `${ann.accounts.USD}:deposit:250:Refund 2`,
      `${ann.accounts.USD}:debit:1000:Refund 3`,
      `${bob.accounts.EUR}:deposit:20:Refund 7`,
      `${ann.accounts.USD}:deposit:250:Refund 8`,
    ]);
    const batch = (await readBatch(db(), batchId))!;
    expect(batch).toMatchObject({ status: "finished", progress: { total: 7, done: 7, ok: 4, failed: 3, unknown: 0, cancelled: 0, percent: 100 } });
    expect(batch.finishedAt).not.toBeNull();
    const audit = await auditOf(batchId);
    expect(audit.map((entry) => [entry.batch_line, entry.kind, entry.outcome, entry.error_code])).toEqual([
      [2, "top_up", "succeeded", null],
      [3, "debit", "succeeded", null],
      [4, "debit", "failed", "insufficient_funds"],
      [5, "debit", "failed", "account_blocked"],
      [6, "top_up", "failed", "account_not_found"],
      [7, "top_up", "succeeded", null],
      [8, "top_up", "succeeded", null],
    ]);
    expect(new Set(audit.map((entry) => Number(entry.user_id)))).toEqual(new Set([confirmer.id]));
    // The Activity trail reads a batch's entries by its id.
    const trail = await listAuditEntries(db(), { id: confirmer.id, role: "owner" }, { batchId }, 1);
    expect(trail.items.map((entry) => [entry.batchId, entry.batchLine]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual(
      [2, 3, 4, 5, 6, 7, 8].map((line) => [batchId, line]),
    );
    // Nobody takes a finished batch again.
    expect(await workerFor(tenant).runOnce()).toBeNull();
  });

  test("a retry of the same batch (its rows sent again) charges nothing twice: every row replays its first outcome", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 100 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(tenant, [
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 5 },
      { contactId: ann.contactId, currency: "USD", kind: "debit", amount: 500 },
      { contactId: ann.contactId, currency: "USD", kind: "debit", amount: 5 },
    ]);
    const member = await createMember(db());
    await confirmRun(db(), batchId, member);
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    const journal = await journalOf(db(), [ann.accounts.USD]);
    const calls = moneyCalls();
    // As if the run were requested again from the start (or a bug reset its rows).
    await db().execute(sql`UPDATE dashboard.adjustment_rows SET run_status = 'pending', sent_at = NULL WHERE batch_id = ${batchId}::uuid`);
    await db().execute(
      sql`UPDATE dashboard.adjustment_batches SET status = 'running', done_count = 0, ok_count = 0, failed_count = 0 WHERE id = ${batchId}::uuid`,
    );
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    expect(moneyCalls()).toBe(calls);
    expect(await journalOf(db(), [ann.accounts.USD])).toEqual(journal);
    expect((await readRows(db(), batchId)).rows.map((row) => row.run.status)).toEqual(["succeeded", "failed", "succeeded"]);
    expect(await readBatch(db(), batchId)).toMatchObject({ progress: { done: 3, ok: 2, failed: 1 } });
    expect((await auditOf(batchId)).length).toBe(3);
  });

  test("kill mid-batch: the next worker never sends the row in flight again, settles it from the journal, and finishes the rest: each row once", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 0 }, { USD: 0 }]);
    const [ann, bob] = contacts;
    const planned: PlannedRow[] = Array.from({ length: 8 }, (_, index) => ({
      contactId: index % 2 ? bob.contactId : ann.contactId,
      currency: "USD",
      kind: "top_up",
      amount: 100,
      // Two identical rows per contact: the journal search must not take one for the other.
      description: `Promo ${Math.floor(index / 4)}`,
    }));
    const { batchId } = await checkedBatch(tenant, planned);
    await confirmRun(db(), batchId, await createMember(db()));
    const calls = moneyCalls();
    // Worker A makes the calls of lines 2–5, then freezes after the call of line 6 (as if killed): its outcome is never recorded.
    let frozen!: () => void;
    const reachedFrozen = new Promise<void>((resolve) => (frozen = resolve));
    const workerA = workerFor(tenant, {
      leaseSeconds: 2,
      afterCall: async ({ line }) => {
        if (line !== 6) return;
        frozen();
        await new Promise<never>(() => undefined);
      },
    });
    void workerA.runOnce();
    await reachedFrozen;
    expect(moneyCalls() - calls).toBe(5);
    const during = (await readRows(db(), batchId)).rows.map((row) => row.run.status);
    expect(during).toEqual(["succeeded", "succeeded", "succeeded", "succeeded", "sending", "pending", "pending", "pending"]);
    // Its lease is not renewed any more: worker B takes the batch over once it has run out.
    const workerB = workerFor(tenant, { leaseSeconds: 30 });
    expect(await workerB.runOnce()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(await workerB.runOnce()).toEqual({ batchId, outcome: "finished" });
    // Lines 7–9 sent by B; line 6 never again.
    expect(moneyCalls() - calls).toBe(8);
    const { rows } = await readRows(db(), batchId);
    expect(rows.map((row) => row.run.status)).toEqual(Array(8).fill("succeeded"));
    expect(rows.map((row) => row.run.balanceAfter)).toEqual(["100", "100", "200", "200", "300", "300", "400", "400"]);
    const journal = await journalOf(db(), [ann.accounts.USD, bob.accounts.USD]);
    expect(journal).toHaveLength(8);
    expect(journal.filter((entry) => entry.account_id === String(ann.accounts.USD)).map((entry) => entry.balance_after)).toEqual(["100", "200", "300", "400"]);
    expect(await balancesOf(db(), [ann.accounts.USD, bob.accounts.USD])).toEqual({ [ann.accounts.USD]: "400", [bob.accounts.USD]: "400" });
    const audit = await auditOf(batchId);
    expect(audit.map((entry) => [entry.batch_line, entry.outcome])).toEqual(rows.map((row) => [row.line, "succeeded"]));
    expect(await readBatch(db(), batchId)).toMatchObject({ status: "finished", progress: { done: 8, ok: 8, unknown: 0 } });
  }, 30_000);

  test("kill mid-batch on a busy account: the row's journal entry, under 400 later ones, is still found and the row succeeded", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 0 }]);
    const [ann] = contacts;
    const planned: PlannedRow[] = [0, 1].map((index) => ({
      contactId: ann.contactId,
      currency: "USD",
      kind: "top_up",
      amount: 100,
      description: `Busy ${index}`,
    }));
    const { batchId } = await checkedBatch(tenant, planned);
    await confirmRun(db(), batchId, await createMember(db()));
    let frozen!: () => void;
    const reachedFrozen = new Promise<void>((resolve) => (frozen = resolve));
    const workerA = workerFor(tenant, {
      leaseSeconds: 2,
      afterCall: async ({ line }) => {
        if (line !== 2) return;
        frozen();
        await new Promise<never>(() => undefined);
      },
    });
    void workerA.runOnce();
    await reachedFrozen;
    // Meanwhile 400 other top-ups of the same account (the platform's own code, as other clients would make them).
    const t = translator("en");
    for (let index = 0; index < 400; index++) {
      await moveFunds(db(), "deposit", { holderId: tenant.holderId, accountId: ann.accounts.USD, amount: BigInt(1), description: `Other ${index}` }, t);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const calls = moneyCalls();
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    expect(moneyCalls() - calls).toBe(1);
    const { rows } = await readRows(db(), batchId);
    expect(rows.map((row) => [row.line, row.run.status, row.run.balanceAfter])).toEqual([
      [2, "succeeded", "100"],
      [3, "succeeded", "600"],
    ]);
    expect(await balancesOf(db(), [ann.accounts.USD])).toEqual({ [ann.accounts.USD]: "600" });
  }, 60_000);

  test("a row whose key was claimed by a worker that died before sending is never sent; not in the journal after the deadline, it is left unknown", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 0 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(
      tenant,
      [10, 20, 30].map((amount) => ({ contactId: ann.contactId, currency: "USD", kind: "top_up" as const, amount })),
    );
    const member = await createMember(db());
    await confirmRun(db(), batchId, member);
    // The dead worker's traces: line 3 marked sending and its key claimed (pending), no call made.
    const key = rowIdempotencyKey(batchId, 3);
    const lineThree = {
      line: 3,
      contactId: ann.contactId,
      accountId: ann.accounts.USD,
      currency: "USD",
      kind: "top_up" as const,
      amountMinor: 20n,
      description: "Refund 3",
    };
    const lineThreeFingerprint = rowIntent(batchId, lineThree, member.id, key).fingerprint;
    await db().execute(
      sql`UPDATE dashboard.adjustment_rows SET run_status = 'sending', sent_at = now(), idempotency_key = ${key}::uuid WHERE batch_id = ${batchId}::uuid AND line = 3`,
    );
    await db().execute(
      sql`INSERT INTO dashboard.idempotency_keys (key, user_id, operation, fingerprint, status) VALUES (${key}::uuid, ${member.id}, 'top_up', ${lineThreeFingerprint}, 'pending')`,
    );
    const calls = moneyCalls();
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    expect(moneyCalls() - calls).toBe(2);
    expect((await readRows(db(), batchId)).rows.map((row) => [row.line, row.run.status, row.run.errorCode])).toEqual([
      [2, "succeeded", null],
      [3, "unknown", "abandoned"],
      [4, "succeeded", null],
    ]);
    expect(await readBatch(db(), batchId)).toMatchObject({ status: "finished", progress: { done: 3, ok: 2, unknown: 1 } });
    expect((await auditOf(batchId)).map((entry) => [entry.batch_line, entry.outcome])).toEqual([
      [2, "succeeded"],
      [3, "unknown"],
      [4, "succeeded"],
    ]);
    const [stored] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM dashboard.idempotency_keys WHERE key = ${key}::uuid`);
    expect(stored.status).toBe("unknown");
    expect(applied(await journalOf(db(), [ann.accounts.USD]))).toEqual([`${ann.accounts.USD}:deposit:10:Refund 2`, `${ann.accounts.USD}:deposit:30:Refund 4`]);
  }, 30_000);

  test("a row's key pre-claimed by a single top-up (another request): the row is unknown (key_mismatch), never succeeded; only the foreign top-up moved money", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 1000 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(tenant, [
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 100 },
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 50 },
    ]);
    const confirmer = await createMember(db(), "owner");
    await confirmRun(db(), batchId, confirmer);
    // The same member makes a single top-up of another amount under line 2's key (as a forged form would).
    const api = new PlatformClient({ db: db(), baseUrl: testbed.platform.baseUrl, apiKey: tenant.key });
    const foreign = await moveMoney(
      { db: db(), api, actor: confirmer, t: translator("en") },
      {
        kind: "top_up",
        contactId: ann.contactId,
        accountId: ann.accounts.USD,
        currency: "USD",
        locale: "en",
        amount: "0.07",
        amountMinor: 7n,
        description: "Refund 2",
        idempotencyKey: rowIdempotencyKey(batchId, 2),
      },
    );
    expect(foreign.status).toBe("succeeded");
    const calls = moneyCalls();
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    expect(moneyCalls() - calls).toBe(1);
    expect((await readRows(db(), batchId)).rows.map((row) => [row.line, row.run.status, row.run.errorCode])).toEqual([
      [2, "unknown", "key_mismatch"],
      [3, "succeeded", null],
    ]);
    expect(await readBatch(db(), batchId)).toMatchObject({ status: "finished", progress: { done: 2, ok: 1, unknown: 1 } });
    expect(applied(await journalOf(db(), [ann.accounts.USD])).slice(1)).toEqual([
      `${ann.accounts.USD}:deposit:7:Refund 2`,
      `${ann.accounts.USD}:deposit:50:Refund 3`,
    ]);
    expect(await balancesOf(db(), [ann.accounts.USD])).toEqual({ [ann.accounts.USD]: "1057" });
  }, 30_000);

  test("a sending row: an earlier intent under its key is adopted only when it is the row's (account, kind, amount, actor); another one leaves it unknown (key_mismatch)", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 1000 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(tenant, [
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 100 },
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 50 },
      { contactId: ann.contactId, currency: "USD", kind: "top_up", amount: 20 },
    ]);
    const confirmer = await createMember(db(), "owner");
    const other = await createMember(db(), "owner");
    await confirmRun(db(), batchId, confirmer);
    const row = (line: number, amountMinor: bigint) => ({
      line,
      contactId: ann.contactId,
      accountId: ann.accounts.USD,
      currency: "USD",
      kind: "top_up" as const,
      amountMinor,
      description: `Refund ${line}`,
    });
    const outcome = (balance: string) => JSON.stringify({ status: "succeeded", operation: "top_up", account: null, balanceAfter: balance, requestId: "r" });
    // Lines 2–4 marked sending long ago by a dead worker; under their keys: line 2 its own recorded outcome, line 3 another
    // amount, line 4 its own request but by another member.
    const recorded: [number, number, string][] = [
      [2, confirmer.id, rowIntent(batchId, row(2, 100n), confirmer.id, rowIdempotencyKey(batchId, 2)).fingerprint],
      [3, confirmer.id, rowIntent(batchId, row(3, 5000n), confirmer.id, rowIdempotencyKey(batchId, 3)).fingerprint],
      [4, other.id, rowIntent(batchId, row(4, 20n), other.id, rowIdempotencyKey(batchId, 4)).fingerprint],
    ];
    for (const [line, userId, fingerprint] of recorded) {
      const key = rowIdempotencyKey(batchId, line);
      await db().execute(
        sql`UPDATE dashboard.adjustment_rows SET run_status = 'sending', sent_at = now() - interval '1 hour', idempotency_key = ${key}::uuid
            WHERE batch_id = ${batchId}::uuid AND line = ${line}`,
      );
      await db().execute(
        sql`INSERT INTO dashboard.idempotency_keys (key, user_id, operation, fingerprint, status, outcome)
            VALUES (${key}::uuid, ${userId}, 'top_up', ${fingerprint}, 'succeeded', ${outcome("1100")}::jsonb)`,
      );
    }
    const calls = moneyCalls();
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    expect(moneyCalls() - calls).toBe(0);
    expect((await readRows(db(), batchId)).rows.map((row) => [row.line, row.run.status, row.run.errorCode, row.run.balanceAfter])).toEqual([
      [2, "succeeded", null, "1100"],
      [3, "unknown", "key_mismatch", null],
      [4, "unknown", "key_mismatch", null],
    ]);
    expect(await balancesOf(db(), [ann.accounts.USD])).toEqual({ [ann.accounts.USD]: "1000" });
  }, 30_000);

  test("a row whose call got no answer (unknown) is settled from the journal at the end of the run: succeeded, the audit entry pointing at the unknown one", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 0 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(
      tenant,
      [10, 20].map((amount) => ({ contactId: ann.contactId, currency: "USD", kind: "top_up" as const, amount })),
    );
    const member = await createMember(db());
    await confirmRun(db(), batchId, member);
    // Line 2 was sent and applied, but its answer never came (a timeout): key, audit entry and row say unknown.
    const key = rowIdempotencyKey(batchId, 2);
    const api = new PlatformClient({ db: db(), baseUrl: testbed.platform.baseUrl, apiKey: tenant.key });
    await addFundsToContactAccount(api, { account_id: ann.accounts.USD, amount: BigInt(10), description: "Refund 2" });
    const outcome = { status: "unknown", operation: "top_up", reason: "timeout", requestId: "r-2" };
    const lineTwo = {
      line: 2,
      contactId: ann.contactId,
      accountId: ann.accounts.USD,
      currency: "USD",
      kind: "top_up" as const,
      amountMinor: 10n,
      description: "Refund 2",
    };
    const lineTwoFingerprint = rowIntent(batchId, lineTwo, member.id, key).fingerprint;
    await db().execute(
      sql`INSERT INTO dashboard.idempotency_keys (key, user_id, operation, fingerprint, status, outcome)
          VALUES (${key}::uuid, ${member.id}, 'top_up', ${lineTwoFingerprint}, 'unknown', ${JSON.stringify(outcome)}::jsonb)`,
    );
    await recordAuditEntry(db(), {
      actor: member,
      contactId: ann.contactId,
      accountId: ann.accounts.USD,
      currency: "USD",
      kind: "top_up",
      amount: BigInt(10),
      description: "Refund 2",
      outcome: "unknown",
      errorCode: null,
      balanceAfter: null,
      requestId: "r-2",
      idempotencyKey: key,
      batchId,
      batchLine: 2,
    });
    await db().execute(
      sql`UPDATE dashboard.adjustment_rows SET run_status = 'unknown', error_code = 'timeout', sent_at = now() - interval '10 seconds', idempotency_key = ${key}::uuid
          WHERE batch_id = ${batchId}::uuid AND line = 2`,
    );
    await db().execute(sql`UPDATE dashboard.adjustment_batches SET done_count = 1, unknown_count = 1 WHERE id = ${batchId}::uuid`);
    const calls = moneyCalls();
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    expect(moneyCalls() - calls).toBe(1);
    expect((await readRows(db(), batchId)).rows.map((row) => [row.line, row.run.status, row.run.balanceAfter])).toEqual([
      [2, "succeeded", "10"],
      [3, "succeeded", "30"],
    ]);
    expect(await readBatch(db(), batchId)).toMatchObject({ status: "finished", progress: { done: 2, ok: 2, unknown: 0 } });
    const audit = await auditOf(batchId);
    expect(audit.map((entry) => [entry.batch_line, entry.outcome, entry.reconciles_entry_id === null])).toEqual([
      [2, "unknown", true],
      [2, "succeeded", false],
      [3, "succeeded", true],
    ]);
    expect(applied(await journalOf(db(), [ann.accounts.USD]))).toEqual([`${ann.accounts.USD}:deposit:10:Refund 2`, `${ann.accounts.USD}:deposit:20:Refund 3`]);
  }, 30_000);

  test("429s from the platform are waited out with the wait on the batch; every row still once", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 0 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(
      tenant,
      [1, 2, 3].map((amount) => ({ contactId: ann.contactId, currency: "USD", kind: "top_up" as const, amount })),
    );
    await confirmRun(db(), batchId, await createMember(db()));
    testbed.platform.refuseNext(2, 3);
    expect(await workerFor(tenant, { inlineWaitMs: 500 }).runOnce()).toEqual({ batchId, outcome: "finished" });
    expect(applied(await journalOf(db(), [ann.accounts.USD]))).toEqual([1, 2, 3].map((amount) => `${ann.accounts.USD}:deposit:${amount}:Refund ${amount + 1}`));
    const [row] = await queryRows<{ wait_count: number }>(db(), sql`SELECT wait_count FROM dashboard.adjustment_batches WHERE id = ${batchId}::uuid`);
    expect(Number(row.wait_count)).toBeGreaterThanOrEqual(1);
    expect(await readBatch(db(), batchId)).toMatchObject({ status: "finished", progress: { ok: 3 } });
  }, 30_000);

  test("the platform goes away mid-batch: a row whose answer was lost is settled from the journal, the run pauses while the breaker is open and resumes by itself; every row once", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 0 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(
      tenant,
      [1, 2, 3].map((amount) => ({ contactId: ann.contactId, currency: "USD", kind: "top_up" as const, amount })),
    );
    await confirmRun(db(), batchId, await createMember(db()));
    const fault = await startFaultPlatform({ upstream: testbed.platform.baseUrl });
    try {
      breakerFor(fault.baseUrl, keyHashOf(tenant.key), { failures: 2, timeouts: 1, coolDownMs: 1_000 });
      const timeouts = { connectMs: 500, firstByteMs: 1_500, answerMs: 2_000 };
      const client = (database: typeof testbed.database.db) =>
        new PlatformClient({ db: database, baseUrl: fault.baseUrl, apiKey: tenant.key, lane: "background", timeouts });
      const worker = workerFor(tenant, {
        connect: async (database) => client(database),
        async afterCall({ line }) {
          // After the first row (line 2): the second is applied by the platform, and its answer is lost on the way back.
          if (line === 2) fault.set("lose_answer", { methods: ["addFundsToContactAccount"] });
          if (line === 3) {
            // Then the platform goes away; a page of the dashboard meets it too, and the breaker opens before the third.
            fault.set("reset");
            for (let i = 0; i < 2; i++) await getMe(client(db())).catch(() => undefined);
            expect(breakerFor(fault.baseUrl, keyHashOf(tenant.key)).state).toBe("open");
          }
        },
      });
      const calls = moneyCalls();
      const reasons = new Set<string>();
      const running = worker.runOnce();
      let result: Awaited<typeof running> | undefined;
      void running.then((value) => (result = value));
      while (result === undefined) {
        const [row] = await queryRows<{ wait_reason: string | null }>(
          db(),
          sql`SELECT wait_reason FROM dashboard.adjustment_batches WHERE id = ${batchId}::uuid`,
        );
        if (row.wait_reason) reasons.add(row.wait_reason);
        // Once the run has waited for the platform, it heals.
        if (reasons.has("platform_unavailable") && fault.fault() !== "none") fault.set("none");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(result).toEqual({ batchId, outcome: "finished" });
      expect(reasons).toContain("platform_unavailable");
      // Three rows, three money calls reached the platform: the one whose answer was lost was never sent again.
      expect(moneyCalls() - calls).toBe(3);
      expect((await readRows(db(), batchId)).rows.map((row) => [row.line, row.run.status, row.run.balanceAfter])).toEqual([
        [2, "succeeded", "1"],
        [3, "succeeded", "3"],
        [4, "succeeded", "6"],
      ]);
      expect(applied(await journalOf(db(), [ann.accounts.USD]))).toEqual(
        [1, 2, 3].map((amount) => `${ann.accounts.USD}:deposit:${amount}:Refund ${amount + 1}`),
      );
      expect(await readBatch(db(), batchId)).toMatchObject({ status: "finished", progress: { done: 3, ok: 3, unknown: 0 } });
    } finally {
      await fault.close();
    }
  }, 60_000);

  test("cancel: the worker stops before the next row; the rows not sent are cancelled", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 0 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(
      tenant,
      [1, 2, 3, 4].map((amount) => ({ contactId: ann.contactId, currency: "USD", kind: "top_up" as const, amount })),
    );
    await confirmRun(db(), batchId, await createMember(db()));
    const worker = workerFor(tenant, {
      afterCall: async ({ line }) => {
        if (line === 3) await requestCancel(db(), batchId);
      },
    });
    expect(await worker.runOnce()).toEqual({ batchId, outcome: "cancelled" });
    expect((await readRows(db(), batchId)).rows.map((row) => row.run.status)).toEqual(["succeeded", "succeeded", "cancelled", "cancelled"]);
    expect(await readBatch(db(), batchId)).toMatchObject({ status: "cancelled", progress: { done: 4, ok: 2, cancelled: 2 } });
    expect(await journalOf(db(), [ann.accounts.USD])).toHaveLength(2);
  });
});

describe("result file", () => {
  test("each row's status, balance after and error in English; invalid rows from their cells; formula cells neutralised", async () => {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 100_050, JPY: 0 }]);
    const [ann] = contacts;
    const member = await createMember(db());
    const batchId = await createBatch(db(), {
      createdBy: member.id,
      fileName: "fix.csv",
      fileHash: "d".repeat(64),
      delimiter: ",",
      headers: ["contact", "currency", "amount", "text"],
      rows: [
        { line: 2, cells: [String(ann.contactId), "USD", "1000.50", "=SUM(A1:A2)"] },
        { line: 3, cells: [String(ann.contactId), "USD", "-5000", "Correction"] },
        { line: 4, cells: ["x", "USD", "1", "@bad"] },
        { line: 5, cells: [String(ann.contactId), "JPY", "1500", 'Promo, "big"'] },
      ],
    });
    const rows: AdjustmentRow[] = [
      { line: 2, contactId: ann.contactId, currency: "USD", kind: "top_up", amountMinor: BigInt(100_050), description: "=SUM(A1:A2)" },
      { line: 3, contactId: ann.contactId, currency: "USD", kind: "debit", amountMinor: BigInt(500_000), description: "Correction" },
      { line: 5, contactId: ann.contactId, currency: "JPY", kind: "top_up", amountMinor: BigInt(1500), description: 'Promo, "big"' },
    ];
    await saveValidation(db(), batchId, {
      mapping: { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 },
      rows,
      problems: [{ line: 4, column: "contact_id", code: "contact_id_invalid", message: "adjustments.no_such_key" }],
      totals: totalsOf(rows),
    });
    await requestDryRun(db(), batchId);
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "checked" });
    await confirmRun(db(), batchId, member);
    expect(await workerFor(tenant).runOnce()).toEqual({ batchId, outcome: "finished" });
    const text = await new Response(adjustmentResultCsvStream(db(), batchId)).text();
    expect(text.split("\n")).toEqual([
      "line,contact_id,currency,direction,amount,description,status,balance_after,error_code,error_text",
      `2,${ann.contactId},USD,top_up,1000.50,'=SUM(A1:A2),succeeded,2001.00,,`,
      `3,${ann.contactId},USD,debit,5000.00,Correction,failed,,insufficient_funds,"Insufficient funds: the balance is 2001.00 USD (200100 minor units), the debit is 5000.00 USD."`,
      "4,x,USD,,1,'@bad,invalid,,contact_id_invalid,Other error (contact_id_invalid)",
      `5,${ann.contactId},JPY,top_up,1500,"Promo, ""big""",succeeded,1500,,`,
      "",
    ]);
  });
});

describe("a confirmed run whose confirmer loses the right to move money", () => {
  // What happens to the confirmer (and their session) after the first row's call; the reason the batch stops with.
  const cases: { name: string; revoke: (db: Db, member: { id: number; sessionId: string }) => Promise<unknown>; reason: string }[] = [
    { name: "demoted to lead (no money permission)", revoke: (database, member) => changeRole(database, member.id, "lead"), reason: "confirmer_role" },
    { name: "removed from the team", revoke: (database, member) => removeUser(database, member.id), reason: "confirmer_removed" },
    {
      name: "the confirming session ended by an owner",
      revoke: (database, member) => endSession(database, member.id, member.sessionId, "ended"),
      reason: "confirmer_session_ended",
    },
    {
      name: "every session of the member ended (an owner reset their two-factor, a new password)",
      revoke: (database, member) => endSessions(database, member.id),
      reason: "confirmer_session_ended",
    },
  ];

  async function runRevokedAfterFirstRow(revoke: (db: Db, member: { id: number; sessionId: string }) => Promise<unknown>) {
    const { tenant, contacts } = await seedContacts(db(), [{ USD: 0 }]);
    const [ann] = contacts;
    const { batchId } = await checkedBatch(
      tenant,
      [10, 20, 30, 40].map((amount) => ({ contactId: ann.contactId, currency: "USD", kind: "top_up" as const, amount })),
    );
    const confirmer = await createMember(db(), "support");
    const sessionId = await startSession(db(), { userId: confirmer.id, sessionVersion: 0, address: "203.0.113.5", userAgent: "vitest" });
    await confirmRun(db(), batchId, { id: confirmer.id, sessionId });
    const calls = moneyCalls();
    const worker = workerFor(tenant, {
      afterCall: async ({ line }) => {
        if (line === 2) await revoke(db(), { id: confirmer.id, sessionId });
      },
    });
    const outcome = await worker.runOnce();
    return { batchId, outcome, sent: moneyCalls() - calls, balance: (await balancesOf(db(), [ann.accounts.USD]))[ann.accounts.USD], worker };
  }

  test.each(cases)("$name: the run stops before the next row, the rows not sent stay unsent", async ({ revoke, reason }) => {
    const { batchId, outcome, sent, balance, worker } = await runRevokedAfterFirstRow(revoke);
    expect(outcome).toEqual({ batchId, outcome: "revoked" });
    // The row in flight when it happened is recorded; nothing after it went out.
    expect(sent).toBe(1);
    expect(balance).toBe("10");
    const { rows } = await readRows(db(), batchId);
    expect(rows.map((row) => [row.line, row.run.status])).toEqual([
      [2, "succeeded"],
      [3, "pending"],
      [4, "pending"],
      [5, "pending"],
    ]);
    expect(await readBatch(db(), batchId)).toMatchObject({ status: "stopped", errorCode: reason, progress: { total: 4, done: 1, ok: 1 } });
    // A stopped batch is never taken up again: the unsent rows are not sent later either.
    const before = moneyCalls();
    expect(await worker.runOnce()).toBeNull();
    expect(moneyCalls()).toBe(before);
    expect((await readRows(db(), batchId, { status: "pending" })).total).toBe(3);
  });

  test("a plain sign-out of the confirming session does not stop the run: every row is made", async () => {
    const { batchId, outcome, sent, balance } = await runRevokedAfterFirstRow((database, member) =>
      endSession(database, member.id, member.sessionId, "signed_out"),
    );
    expect(outcome).toEqual({ batchId, outcome: "finished" });
    expect(sent).toBe(4);
    expect(balance).toBe("100");
    expect(await readBatch(db(), batchId)).toMatchObject({ status: "finished", errorCode: null, progress: { total: 4, done: 4, ok: 4 } });
  });

  test("a member confirming again cannot restart a stopped batch", async () => {
    const { batchId } = await runRevokedAfterFirstRow((database, member) => endSession(database, member.id, member.sessionId, "ended"));
    const owner = await createMember(db(), "owner");
    await expect(confirmRun(db(), batchId, owner)).rejects.toMatchObject({ code: "adjustments.batch.ended" });
  });
});
