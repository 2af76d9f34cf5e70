import "server-only";
import { getContactAccountJournal, getContactAccounts, type ContactAccount, type JournalEntry } from "@/lib/api";
import { can } from "@/lib/auth/permissions";
import { DashboardError } from "@/lib/core/actions/errors";
import type { Db } from "@/lib/db/client";
import { findOperationEntry, recordAuditEntry } from "./audit";
import type { ReconcileRequest } from "./forms";
import { findIntent, settleIntent } from "./idempotency";
import { toAccountView } from "./outcome";
import type { LedgerContext } from "./run-once";
import type { AuditEntryView, LedgerOutcome, Reconciliation } from "./types";

/** The dashboard's and the platform's clocks may differ a little; a journal entry this much older than the intent still matches. */
const CLOCK_SLACK_MS = 2 * 60_000;
/**
 * Journal pages searched at most (50 entries each, newest first). The search stops at the first
 * entry older than the operation (less the clock slack), so a quiet account costs one page; the cap
 * bounds a busy one (2,000 entries since the operation: a bulk run's row settled minutes later on an
 * account that hundreds of other operations touched meanwhile).
 */
const JOURNAL_PAGES = 40;

const JOURNAL_KIND = { top_up: "deposit", debit: "debit" } as const;

/**
 * The journal entry an unknown top-up or debit would have written, if it happened
 * (`skip`: entries already known to be another operation's, e.g. earlier rows of a bulk adjustment).
 */
export async function findJournalEntry(
  context: Pick<LedgerContext, "api">,
  entry: Pick<AuditEntryView, "kind" | "accountId" | "amount" | "description" | "createdAt">,
  skip: (item: JournalEntry) => boolean = () => false,
): Promise<{ available: boolean; found: JournalEntry | null }> {
  if (entry.kind !== "top_up" && entry.kind !== "debit") return { available: false, found: null };
  const since = new Date(entry.createdAt).getTime() - CLOCK_SLACK_MS;
  for (let page = 1; page <= JOURNAL_PAGES; page++) {
    const journal = await getContactAccountJournal(context.api, { account_id: entry.accountId!, page });
    if (!journal.available) return { available: false, found: null };
    for (const item of journal.data.data) {
      if (new Date(item.created_at).getTime() < since) return { available: true, found: null };
      if (
        item.kind === JOURNAL_KIND[entry.kind] &&
        item.amount.toString() === entry.amount &&
        (item.description ?? "") === (entry.description ?? "") &&
        !skip(item)
      ) {
        return { available: true, found: item };
      }
    }
    if (journal.data.meta.current_page >= journal.data.meta.last_page) break;
  }
  return { available: true, found: null };
}

async function settle(
  db: Db,
  context: LedgerContext,
  entry: AuditEntryView,
  outcome: LedgerOutcome,
  facts: { accountId: number | null; balanceAfter: bigint | null },
): Promise<LedgerOutcome> {
  let settled = false;
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    settled = await settleIntent(txDb, entry.idempotencyKey!, outcome);
    if (!settled) return;
    await recordAuditEntry(txDb, {
      actor: context.actor,
      contactId: entry.contactId,
      accountId: facts.accountId,
      currency: entry.currency,
      kind: entry.kind,
      amount: entry.amount === null ? null : BigInt(entry.amount),
      description: entry.description,
      outcome: outcome.status === "unknown" ? "unknown" : outcome.status,
      errorCode: null,
      balanceAfter: facts.balanceAfter,
      requestId: entry.requestId,
      idempotencyKey: entry.idempotencyKey,
      reconcilesEntryId: entry.id,
    });
  });
  if (settled) return outcome;
  // Someone settled it first: theirs stands.
  return (await findIntent(db, entry.idempotencyKey!))?.outcome ?? outcome;
}

/**
 * Settles an operation whose outcome is unknown by reading, never by sending it
 * again: the account list (and the journal extension, when the platform has it)
 * shows whether it happened. Found: the outcome becomes succeeded, with a new
 * audit entry that points at the unknown one. Not found: it stays unknown and
 * the current balance is shown, so a person decides whether to make it again.
 */
export async function reconcileOperation(context: LedgerContext, request: ReconcileRequest): Promise<Reconciliation> {
  const { db, actor } = context;
  const intent = await findIntent(db, request.idempotencyKey);
  if (!intent) throw new DashboardError("ledger.reconcile.not_found");
  if (intent.userId !== actor.id && !can(actor.role, "activity.read_all")) throw new DashboardError("ledger.reconcile.not_yours");
  const entry = await findOperationEntry(db, request.idempotencyKey);
  if (!entry || !intent.outcome) throw new DashboardError("ledger.reconcile.still_running");

  const accounts: ContactAccount[] = await getContactAccounts(context.api, { contact_id: entry.contactId });
  const checkedAt = new Date().toISOString();
  const byId = entry.accountId === null ? undefined : accounts.find((account) => account.id === entry.accountId);
  if (intent.status !== "unknown") {
    const account = intent.operation === "open" && intent.outcome.status === "succeeded" ? intent.outcome.account : byId ? toAccountView(byId) : null;
    return { found: intent.status === "succeeded", journalAvailable: false, account, checkedAt, outcome: intent.outcome };
  }

  const requestId = intent.outcome.requestId;
  if (entry.kind === "open") {
    const opened = accounts.find((account) => account.currency === entry.currency);
    if (!opened) return { found: false, journalAvailable: false, account: null, checkedAt, outcome: intent.outcome };
    const view = toAccountView(opened);
    const outcome = await settle(
      db,
      context,
      entry,
      { status: "succeeded", operation: "open", account: view, balanceAfter: view.amount, requestId },
      { accountId: opened.id, balanceAfter: opened.amount },
    );
    return { found: true, journalAvailable: false, account: view, checkedAt, outcome };
  }
  if (entry.kind === "delete") {
    if (byId) return { found: false, journalAvailable: false, account: toAccountView(byId), checkedAt, outcome: intent.outcome };
    const outcome = await settle(
      db,
      context,
      entry,
      { status: "succeeded", operation: "delete", account: null, balanceAfter: "0", requestId },
      { accountId: entry.accountId, balanceAfter: BigInt(0) },
    );
    return { found: true, journalAvailable: false, account: null, checkedAt, outcome };
  }

  const account = byId ? toAccountView(byId) : null;
  if (!byId) return { found: false, journalAvailable: false, account, checkedAt, outcome: intent.outcome };
  const journal = await findJournalEntry(context, entry);
  if (!journal.found) return { found: false, journalAvailable: journal.available, account, checkedAt, outcome: intent.outcome };
  const outcome = await settle(
    db,
    context,
    entry,
    { status: "succeeded", operation: entry.kind, account, balanceAfter: journal.found.balance_after.toString(), requestId },
    { accountId: entry.accountId, balanceAfter: journal.found.balance_after },
  );
  return { found: true, journalAvailable: true, account, checkedAt, outcome };
}
