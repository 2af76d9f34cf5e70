import "server-only";
import type { Db } from "@/lib/db/client";
import type { JournalEntry } from "@/lib/api";
import { findOperationEntry, recordAuditEntry } from "@/lib/features/ledger/audit";
import { findIntent, settleIntent } from "@/lib/features/ledger/idempotency";
import { findJournalEntry } from "@/lib/features/ledger/reconcile-operation";
import type { LedgerContext } from "@/lib/features/ledger/run-once";
import type { LedgerOutcome } from "@/lib/features/ledger/types";
import { keyMismatchOutcome, rowIntent, storedIntentIs } from "./row-intent";
import { recordRowOutcome, sentAtOf, succeededBalances, type RowOutcome, type RunRow } from "./run-store";

/**
 * Settles a row whose outcome is open — its call was made by a worker that
 * died before recording it (key pending), or it got no answer (key unknown) —
 * by reading, never by sending again, and only once the call can no longer be
 * in flight (the caller waits for that): the account's journal shows the
 * operation (→ succeeded, with the balance after it) or not (→ unknown, left
 * for a person, as single operations are). Journal entries of the batch's
 * other rows (their recorded balances, and entries matched in this pass) are
 * never taken for this one.
 */
export type RowSettlement = "succeeded" | "failed" | "unknown" | "not_sent" | "open";

export function rowOutcomeOf(outcome: LedgerOutcome, unknownText: string): RowOutcome {
  if (outcome.status === "succeeded") {
    return {
      status: "succeeded",
      balanceAfter: outcome.balanceAfter === null ? null : BigInt(outcome.balanceAfter),
      errorCode: null,
      errorText: null,
      errorParams: null,
    };
  }
  if (outcome.status === "failed") {
    const params: Record<string, string> = {};
    if (outcome.error.balance !== undefined) params.balance = outcome.error.balance;
    if (outcome.error.currency !== undefined) params.currency = outcome.error.currency;
    return {
      status: "failed",
      balanceAfter: null,
      errorCode: outcome.error.code,
      errorText: outcome.error.message,
      errorParams: Object.keys(params).length ? params : null,
    };
  }
  return { status: "unknown", balanceAfter: null, errorCode: outcome.reason, errorText: unknownText, errorParams: null };
}

export async function reconcileRow(context: LedgerContext, batchId: string, row: RunRow, usedJournalIds: Set<number>): Promise<RowSettlement> {
  const { db, actor, t } = context;
  const key = row.idempotencyKey;
  const intent = key ? await findIntent(db, key) : null;
  if (!key || !intent) return "not_sent";
  if (!(await storedIntentIs(db, rowIntent(batchId, row, actor.id, key)))) {
    // Another request holds the row's key: neither its outcome nor a journal entry is taken for the row.
    await recordRowOutcome(db, batchId, row.line, keyMismatchOutcome(t("adjustments.row.key_mismatch")));
    return "unknown";
  }
  if (intent.status === "succeeded" || intent.status === "failed") {
    // Recorded by its worker after all (a late answer): the row takes it.
    await recordRowOutcome(db, batchId, row.line, rowOutcomeOf(intent.outcome!, t("adjustments.row.unknown")));
    return intent.status;
  }
  let found: JournalEntry | null = null;
  if (row.accountId !== null) {
    const known = await succeededBalances(db, batchId, { ...row, accountId: row.accountId });
    const sentAt = (await sentAtOf(db, batchId, row.line)) ?? new Date().toISOString();
    const skip = (item: JournalEntry) => {
      if (usedJournalIds.has(item.id)) return true;
      const index = known.indexOf(item.balance_after.toString());
      if (index < 0) return false;
      known.splice(index, 1);
      return true;
    };
    const journal = await findJournalEntry(
      context,
      { kind: row.kind, accountId: row.accountId, amount: row.amountMinor.toString(), description: row.description, createdAt: sentAt },
      skip,
    );
    found = journal.found;
  }
  if (!found && intent.status === "unknown") {
    await recordRowOutcome(db, batchId, row.line, rowOutcomeOf(intent.outcome!, t("adjustments.row.unknown")));
    return "unknown";
  }
  const requestId = intent.outcome?.requestId ?? "";
  const code = row.dryCode ?? "account_not_found";
  // Without an account no call is ever made: a row left pending there was refused before sending.
  const outcome: LedgerOutcome = found
    ? { status: "succeeded", operation: row.kind, account: null, balanceAfter: found.balance_after.toString(), requestId }
    : row.accountId === null
      ? {
          status: "failed",
          operation: row.kind,
          error: { code, status: 0, message: t(`adjustments.row.${code}`, { currency: row.currency }), fieldErrors: {} },
          requestId,
        }
      : { status: "unknown", operation: row.kind, reason: "abandoned", requestId };
  const original = await findOperationEntry(db, key);
  let settled = false;
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    settled = await settleIntent(txDb, key, outcome);
    if (!settled) return;
    await recordAuditEntry(txDb, {
      actor,
      contactId: row.contactId,
      accountId: row.accountId,
      currency: row.currency,
      kind: row.kind,
      amount: row.amountMinor,
      description: row.description,
      outcome: outcome.status,
      errorCode: outcome.status === "failed" ? code : null,
      balanceAfter: found ? found.balance_after : null,
      requestId: requestId || null,
      idempotencyKey: key,
      reconcilesEntryId: original?.id ?? null,
      batchId,
      batchLine: row.line,
    });
    await recordRowOutcome(txDb, batchId, row.line, rowOutcomeOf(outcome, t("adjustments.row.unknown")));
  });
  if (!settled) return "open";
  if (found) usedJournalIds.add(found.id);
  return outcome.status;
}
