import type { adjustmentBatches, adjustmentRows } from "@/lib/db/schema";
import { estimateSecondsLeft } from "./estimate";
import type { RowRunStatus } from "./states";
import type { AdjustmentKind, AdjustmentTotals, BatchStatus, ColumnMapping, RowProblem } from "./types";

/**
 * A batch and its rows as the store reads them (batch-store.ts), as plain objects: what the routes, the worker and
 * the result file use, and what load-batch.ts turns into the pages' views (views.ts). Times are the database's clock,
 * as ISO strings; money is minor units as digit strings.
 */

/** AdjustmentTotals as stored and sent to the browser: sums as digit strings of minor units. */
export type StoredTotals = Record<string, Record<AdjustmentKind, { count: number; minor: string }>>;

/** What the dry run found: rows that would go through, rows refused, and how many per refusal code. */
export interface DryRunSummary {
  ok: number;
  refused: number;
  codes: Record<string, number>;
}

export function storedTotals(totals: AdjustmentTotals): StoredTotals {
  const stored: StoredTotals = {};
  for (const [currency, byKind] of Object.entries(totals)) {
    stored[currency] = {
      top_up: { count: byKind.top_up?.count ?? 0, minor: (byKind.top_up?.minor ?? BigInt(0)).toString() },
      debit: { count: byKind.debit?.count ?? 0, minor: (byKind.debit?.minor ?? BigInt(0)).toString() },
    };
  }
  return stored;
}

/** Totals as one string, currencies in order and empty kinds left out, to compare what a page showed with what is stored. */
export function canonicalTotals(totals: StoredTotals | null): string {
  return JSON.stringify(
    Object.keys(totals ?? {})
      .sort()
      .flatMap((currency) =>
        (["top_up", "debit"] as const)
          .filter((kind) => (totals![currency][kind]?.count ?? 0) > 0)
          .map((kind) => [currency, kind, totals![currency][kind].count, totals![currency][kind].minor]),
      ),
  );
}

export interface MemberRef {
  id: number;
  name: string;
  email: string;
}

/** A batch as stored, with who created and confirmed it, its progress and the estimate of the time left. */
export interface StoredBatch {
  id: string;
  fileName: string;
  fileHash: string;
  delimiter: string;
  headers: string[];
  mapping: ColumnMapping | null;
  status: BatchStatus;
  createdBy: MemberRef;
  createdAt: string;
  rows: number;
  valid: number;
  invalid: number;
  totals: StoredTotals | null;
  /** Valid rows checked so far by the dry run, and its summary once finished. */
  dryRun: { done: number; summary: DryRunSummary | null; checkedAt: string | null };
  /** Of the run's rows (the valid ones). */
  progress: { total: number; done: number; ok: number; failed: number; unknown: number; cancelled: number; percent: number };
  cancelRequested: boolean;
  confirmedBy: MemberRef | null;
  confirmedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  waitReason: string | null;
  /** Seconds until the worker resumes (0 when not waiting). */
  waitSeconds: number;
  /** The estimate of the run's (or the dry run's) remaining time; null when there is none yet. */
  secondsLeft: number | null;
  errorCode: string | null;
  error: string | null;
}

type BatchRow = typeof adjustmentBatches.$inferSelect;

export interface BatchQueryRow {
  batch: BatchRow;
  creatorName: string | null;
  creatorEmail: string | null;
  confirmerName: string | null;
  confirmerEmail: string | null;
  nowMs: number;
}

export function toStoredBatch(row: BatchQueryRow, limitPerMinute: number | null): StoredBatch {
  const { batch, nowMs } = row;
  const status = batch.status as BatchStatus;
  const waiting = (status === "running" || status === "checking") && batch.waitReason && batch.waitUntil && batch.waitUntil.getTime() > nowMs;
  const waitSeconds = waiting ? Math.ceil((batch.waitUntil!.getTime() - nowMs) / 1000) : 0;
  const total = batch.validCount;
  const percent = status === "finished" ? 100 : total > 0 ? Math.min(100, Math.floor((batch.doneCount / total) * 1000) / 10) : 0;
  let secondsLeft: number | null = null;
  if (status === "running" && batch.startedAt) {
    secondsLeft = estimateSecondsLeft({
      remaining: total - batch.doneCount,
      done: batch.doneCount,
      elapsedSeconds: Math.max(0, nowMs - batch.startedAt.getTime()) / 1000,
      waitSeconds,
      limitPerMinute,
    });
  } else if (status === "checking") {
    secondsLeft = estimateSecondsLeft({ remaining: total - batch.dryRunDone, done: 0, elapsedSeconds: 0, waitSeconds, limitPerMinute });
  }
  const member = (id: number | null, name: string | null, email: string | null): MemberRef | null =>
    id === null ? null : { id, name: name ?? "", email: email ?? "" };
  return {
    id: batch.id,
    fileName: batch.fileName,
    fileHash: batch.fileHash,
    delimiter: batch.delimiter,
    headers: batch.headers,
    mapping: (batch.mapping as ColumnMapping | null) ?? null,
    status,
    createdBy: member(batch.createdBy, row.creatorName, row.creatorEmail)!,
    createdAt: batch.createdAt.toISOString(),
    rows: batch.rowCount,
    valid: batch.validCount,
    invalid: batch.invalidCount,
    totals: (batch.totals as StoredTotals | null) ?? null,
    dryRun: { done: batch.dryRunDone, summary: (batch.dryRun as DryRunSummary | null) ?? null, checkedAt: batch.checkedAt?.toISOString() ?? null },
    progress: {
      total,
      done: batch.doneCount,
      ok: batch.okCount,
      failed: batch.failedCount,
      unknown: batch.unknownCount,
      cancelled: batch.cancelledCount,
      percent,
    },
    cancelRequested: batch.cancelRequested,
    confirmedBy: member(batch.confirmedBy, row.confirmerName, row.confirmerEmail),
    confirmedAt: batch.confirmedAt?.toISOString() ?? null,
    startedAt: batch.startedAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
    waitReason: waiting ? batch.waitReason : null,
    waitSeconds,
    secondsLeft,
    errorCode: batch.errorCode,
    error: batch.error,
  };
}

export interface EarlierUpload {
  id: string;
  fileName: string;
  createdAt: string;
  createdBy: MemberRef;
  status: BatchStatus;
  /** Rows that succeeded in its run. */
  ok: number;
}

/** One row as the pages and the result file show it; money as digit strings of minor units. */
export interface BatchRowView {
  line: number;
  cells: string[];
  contactId: number | null;
  currency: string | null;
  kind: AdjustmentKind | null;
  amountMinor: string | null;
  description: string | null;
  problems: RowProblem[] | null;
  dry: { accountId: number | null; status: "ok" | "refused"; code: string | null; balanceAfter: string | null } | null;
  run: {
    status: RowRunStatus | null;
    idempotencyKey: string | null;
    errorCode: string | null;
    errorParams: Record<string, string | number> | null;
    errorText: string | null;
    balanceAfter: string | null;
  };
}

type RowRecord = typeof adjustmentRows.$inferSelect;

export function toRowView(row: RowRecord): BatchRowView {
  return {
    line: row.line,
    cells: row.cells,
    contactId: row.contactId,
    currency: row.currency,
    kind: row.kind as AdjustmentKind | null,
    amountMinor: row.amount?.toString() ?? null,
    description: row.description,
    problems: (row.problems as RowProblem[] | null) ?? null,
    dry:
      row.dryStatus === null
        ? null
        : { accountId: row.dryAccountId, status: row.dryStatus as "ok" | "refused", code: row.dryCode, balanceAfter: row.dryBalanceAfter?.toString() ?? null },
    run: {
      status: row.runStatus as RowRunStatus | null,
      idempotencyKey: row.idempotencyKey,
      errorCode: row.errorCode,
      errorParams: (row.errorParams as Record<string, string | number> | null) ?? null,
      errorText: row.errorText,
      balanceAfter: row.balanceAfter?.toString() ?? null,
    },
  };
}
