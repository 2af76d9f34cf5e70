/**
 * What the ledger's server side hands to the browser. Money travels as digit
 * strings of minor units (a JSON number above 2^53 would lose digits).
 */
export interface AccountView {
  id: number;
  currency: string;
  /** Minor units, digits. */
  amount: string;
  amountNote: string;
  createdAt: string;
  updatedAt: string;
  blockedAt: string | null;
}

export type LedgerOperation = "open" | "top_up" | "debit" | "delete";

export interface LedgerFailure {
  /** The platform's code (insufficient_funds, account_blocked, currency_exists, account_not_empty, …) or ours. */
  code: string;
  /** The platform's HTTP status (0: not reached). */
  status: number;
  message: string;
  /** Field errors by the form's own names (amount, description, currency). */
  fieldErrors: Record<string, string[]>;
  /** insufficient_funds: the balance when refused (minor units), which is also the largest possible debit. */
  balance?: string;
  currency?: string;
  /** A 429 that waiting within the limit did not clear: seconds to wait. */
  retryAfter?: number;
}

/**
 * The outcome of one submission, stored under its idempotency key and replayed
 * to every repeat. `unknown`: the request was sent and no answer came back; the
 * operation may or may not have happened, so it is never retried on its own.
 */
export type LedgerOutcome =
  | { status: "succeeded"; operation: LedgerOperation; account: AccountView | null; balanceAfter: string | null; requestId: string }
  | { status: "failed"; operation: LedgerOperation; error: LedgerFailure; requestId: string }
  | { status: "unknown"; operation: LedgerOperation; reason: string; requestId: string };

export type LedgerResult =
  | (LedgerOutcome & { replayed: boolean })
  /** A repeat that arrived while the first submission was still running: ask again with the same key. */
  | { status: "in_progress"; replayed: true };

export interface Reconciliation {
  /** What the journal (or the account list) shows about the operation. */
  found: boolean;
  /** Whether the platform has the journal extension. */
  journalAvailable: boolean;
  /** The account now (null when it no longer exists). */
  account: AccountView | null;
  checkedAt: string;
  outcome: LedgerOutcome;
}

export interface JournalEntryView {
  id: number;
  kind: string;
  title: string;
  amount: string;
  description: string | null;
  balanceAfter: string;
  createdAt: string;
}

export interface AuditEntryView {
  id: number;
  createdAt: string;
  userId: number;
  userEmail: string;
  userName: string;
  userRole: string;
  contactId: number;
  /** As when the entry was written, else as the dashboard last saw it; null when it never did. */
  contactName: string | null;
  accountId: number | null;
  currency: string | null;
  kind: LedgerOperation;
  amount: string | null;
  description: string | null;
  outcome: "succeeded" | "failed" | "unknown";
  errorCode: string | null;
  balanceAfter: string | null;
  requestId: string | null;
  idempotencyKey: string | null;
  reconcilesEntryId: number | null;
  /** The bulk adjustment and its row (the file's line) this entry was made for; null for single operations. */
  batchId: string | null;
  batchLine: number | null;
}

export interface PageOf<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}
