/**
 * What the bulk-adjustment pages hand to their components (components/adjustments/*): plain JSON, so that
 * a server page can pass it to client components. Money is minor units as digit strings ("-1250"), times
 * are ISO 8601 strings, batch ids are strings (links go to `/adjustments/<id>`).
 */
import type { AdjustmentColumn, AdjustmentKind, AdjustmentRow, AdjustmentTotals, BatchStatus, ColumnMapping, RowProblem, StopReason } from "./types";

export type { BatchStatus, StopReason } from "./types";

/** Valid rows per currency (sorted by code): how many top-ups and debits, and their sums in minor units. */
export type TotalsView = { currency: string; topUps: { count: number; minor: string }; debits: { count: number; minor: string } }[];

/**
 * The totals as the browser takes them: digit strings for the sums, one entry per currency, by currency code.
 * From a validation (bigint sums) or a stored batch (digit strings); none yet is no currency.
 */
export function toTotalsView(totals: AdjustmentTotals | Record<string, Record<AdjustmentKind, { count: number; minor: string }>> | null): TotalsView {
  const all = totals ?? {};
  return Object.keys(all)
    .sort()
    .map((currency) => {
      const of = (kind: AdjustmentKind) => ({ count: all[currency][kind]?.count ?? 0, minor: String(all[currency][kind]?.minor ?? 0) });
      return { currency, topUps: of("top_up"), debits: of("debit") };
    });
}

/** A run's counts. Only valid rows run: `total` is their number; invalid rows are skipped and only listed in the result file. */
export interface BatchProgressView {
  /** Rows the run sends (the batch's valid rows). */
  total: number;
  /** Rows with an outcome so far: ok + failed + unknown + cancelled. */
  done: number;
  /** Applied by the platform. */
  ok: number;
  /** Refused by the platform (blocked account, balance too low, …). */
  failed: number;
  /** Sent, but the platform did not answer: may or may not have been applied (reconciled like single operations). */
  unknown: number;
  /** Not sent because the batch was cancelled. */
  cancelled: number;
}

/** One batch in the list and at the top of its page. */
export interface BatchSummaryView {
  id: string;
  /** The uploaded file's name as the browser sent it. */
  fileName: string;
  /** The person who uploaded it, by name (email when there is no name). */
  createdBy: string;
  /** ISO 8601. */
  createdAt: string;
  status: BatchStatus;
  /** Data rows in the file (the header not counted). */
  rows: number;
  /** Rows that passed validation: the ones a run sends. */
  valid: number;
  /** Rows with at least one problem. */
  invalid: number;
  totals: TotalsView;
  progress: BatchProgressView;
  /** Status `stopped`: why (its rows not sent yet stay unsent); else null. */
  stopReason: StopReason | null;
}

/** The first items of a list that may be long, and how many there are in all. */
export interface ListSlice<T> {
  items: T[];
  total: number;
}

/** One row of the file as far as the pages show it: an AdjustmentRow (`line`: the header is line 1) with its amount as digits. */
export interface RowRefView extends Pick<AdjustmentRow, "line" | "contactId" | "currency"> {
  /** AdjustmentRow's `kind`. */
  direction: AdjustmentKind;
  /** Minor units, positive. */
  amountMinor: string;
}

/** A row the dry run found the platform would refuse; `code` as the platform gives it (account_blocked, insufficient_funds, …). */
export interface DryRunFailureView extends RowRefView {
  code: string;
}

/** The dry run's findings: nothing was changed on the platform. */
export interface DryRunView {
  /** Rows that would go through. */
  ok: number;
  /** Rows that would be refused, by code: `{ account_blocked: 3, insufficient_funds: 2 }`. */
  byCode: Record<string, number>;
  /** ISO 8601: when the check finished (balances may have changed since). */
  checkedAt: string;
  /** The first of the rows that would be refused, in file order (`byCode` counts them all). */
  failures: DryRunFailureView[];
}

/** Rows of the file that are the same as another row (contact, currency, direction, amount and description): each group in file order. */
export interface DuplicateGroupView {
  lines: number[];
}

/** An earlier upload of the same bytes (same hash). */
export interface SameFileView {
  id: string;
  fileName: string;
  createdBy: string;
  createdAt: string;
  status: BatchStatus;
  /** Rows it applied. */
  ok: number;
}

/** Why a batch waits between requests: the platform's rate limit, the share of the request budget kept for people using the dashboard, or an outage. */
export type WaitReason = "rate_limit" | "budget_reserve" | "platform_unavailable";

/** What put a batch above the confirmation threshold. */
export type ConfirmReason =
  /** More rows than `limit`. */
  | { kind: "rows"; limit: number }
  /** More money in one currency than `limitMinor` (top-ups plus debits, minor units). */
  | { kind: "amount"; currency: string; limitMinor: string };

/** How a run is confirmed. */
export interface ConfirmView {
  /** "none": a click on Run; "type_total": the person first types each currency's net total as shown. */
  threshold: "none" | "type_total";
  /** Why typing is asked; null with "none". */
  reason: ConfirmReason | null;
}

/** A batch's page. */
export interface BatchView {
  summary: BatchSummaryView;
  /** The file's header cells, in order; a mapping points into it by index. */
  headers: string[];
  /** The first data row's cells (a sample beside each header in the mapping step); null when the file has no data row. */
  firstRow: string[] | null;
  /** The mapping in force; null until one is saved (status "uploaded"). */
  mapping: ColumnMapping | null;
  /** The columns guessed from the header names; null where no header matched (for direction: signed amounts). */
  suggestedMapping: SuggestedMapping;
  /** The first 500 problems in file order, and how many there are. */
  problems: ListSlice<RowProblem>;
  /** Groups of identical rows (the first groups, and how many there are). */
  duplicates: ListSlice<DuplicateGroupView>;
  /** Null until a dry run finished. */
  dryRun: DryRunView | null;
  /** Rows whose outcome is unknown after the run (the first ones, and how many there are). */
  unknown: ListSlice<RowRefView>;
  /** Seconds until the run is done at the current pace; null when not running or not known yet. */
  etaSeconds: number | null;
  /** Why the run is waiting now; null when it is not. */
  waitReason: WaitReason | null;
  /** For how long it waits, when known. */
  waitSeconds: number | null;
  /** Earlier uploads of the same bytes, newest first; a run of this batch needs an explicit confirmation when there is one. */
  sameFile: SameFileView[];
  confirm: ConfirmView;
}

/** A guess per field: a column index, or null (no guess; for `direction`, no column: the amount's sign decides). */
export type SuggestedMapping = { [K in AdjustmentColumn]: number | null };
