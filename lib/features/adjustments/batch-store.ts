import "server-only";
import { z } from "zod";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { adjustmentBatches, adjustmentRows } from "@/lib/db/schema";
import { DashboardError } from "@/lib/core/actions/errors";
import { can, type Role } from "@/lib/auth/permissions";
import { reserveFor } from "@/lib/api/budget";
import type { AdjustmentKind, AdjustmentRow, AdjustmentTotals, BatchStatus, ColumnMapping, RowProblem } from "./types";

/**
 * The batches of bulk balance adjustments and their rows (SQL only; the dry run
 * and the run are the worker's, worker.ts). A batch moves
 * uploaded → validated → checking → checked → running → finished | cancelled | failed | stopped;
 * validation may be replaced until the run is confirmed, and the run is
 * confirmed only after a finished dry run. Permissions are the callers'
 * (mayAdjustBalances says which role may).
 */
export type { BatchStatus } from "./types";
export const ROW_RUN_STATUSES = ["pending", "sending", "succeeded", "failed", "unknown", "cancelled"] as const;
export type RowRunStatus = (typeof ROW_RUN_STATUSES)[number];

/** AdjustmentTotals as stored and sent to the browser: sums as digit strings of minor units. */
export type StoredTotals = Record<string, Record<AdjustmentKind, { count: number; minor: string }>>;

/** What the dry run found: rows that would go through, rows refused, and how many per refusal code. */
export interface DryRunSummary {
  ok: number;
  refused: number;
  codes: Record<string, number>;
}

/** Rows written per statement (as one JSON parameter). */
const CHUNK = 5000;

/** A member may create and run a batch when the role may make every kind of operation the batch holds (both, before its rows are known). */
export function mayAdjustBalances(role: Role, kinds: Iterable<AdjustmentKind> = ["top_up", "debit"]): boolean {
  for (const kind of kinds) if (!can(role, kind === "top_up" ? "accounts.top_up" : "accounts.debit")) return false;
  return true;
}

/** The kinds of operation a batch's valid rows hold (from its totals). */
export function kindsOf(totals: StoredTotals | AdjustmentTotals | null): AdjustmentKind[] {
  const kinds = new Set<AdjustmentKind>();
  for (const byKind of Object.values(totals ?? {})) {
    for (const kind of ["top_up", "debit"] as const) if ((byKind[kind]?.count ?? 0) > 0) kinds.add(kind);
  }
  return (["top_up", "debit"] as const).filter((kind) => kinds.has(kind));
}

function storedTotals(totals: AdjustmentTotals): StoredTotals {
  const stored: StoredTotals = {};
  for (const [currency, byKind] of Object.entries(totals)) {
    stored[currency] = {
      top_up: { count: byKind.top_up?.count ?? 0, minor: (byKind.top_up?.minor ?? BigInt(0)).toString() },
      debit: { count: byKind.debit?.count ?? 0, minor: (byKind.debit?.minor ?? BigInt(0)).toString() },
    };
  }
  return stored;
}

function chunksOf<T>(items: readonly T[], size = CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const inTransaction = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db));

async function lockBatch(tx: Db, batchId: string): Promise<{ status: BatchStatus } | null> {
  const [row] = await queryRows<{ status: BatchStatus }>(tx, sql`SELECT status FROM dashboard.adjustment_batches WHERE id = ${batchId}::uuid FOR UPDATE`);
  return row ?? null;
}

export interface NewBatch {
  createdBy: number;
  fileName: string;
  /** SHA-256 of the file's bytes, hex. */
  fileHash: string;
  delimiter: string;
  headers: string[];
  /** Every data row of the file as read: its line (the header is line 1) and its cells. */
  rows: { line: number; cells: string[] }[];
}

/** Stores an uploaded file (its raw cells, for the mapping step); answers the batch's id. */
export async function createBatch(db: Db, batch: NewBatch): Promise<string> {
  return inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(adjustmentBatches)
      .values({
        createdBy: batch.createdBy,
        fileName: batch.fileName.slice(0, 255),
        fileHash: batch.fileHash.toLowerCase(),
        delimiter: batch.delimiter,
        headers: batch.headers,
        rowCount: batch.rows.length,
      })
      .returning({ id: adjustmentBatches.id });
    for (const chunk of chunksOf(batch.rows)) {
      await tx.execute(
        sql`INSERT INTO dashboard.adjustment_rows (batch_id, line, cells)
            SELECT ${created.id}::uuid, (r->>'line')::int, ARRAY(SELECT jsonb_array_elements_text(r->'cells'))
            FROM jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) AS r`,
      );
    }
    return created.id;
  });
}

export interface Validation {
  mapping: ColumnMapping;
  rows: AdjustmentRow[];
  problems: RowProblem[];
  totals: AdjustmentTotals;
}

/**
 * Stores the typed rows and the problems of a validation (status validated),
 * replacing an earlier one and its dry run while the run is not confirmed.
 */
export async function saveValidation(db: Db, batchId: string, validation: Validation): Promise<void> {
  await inTransaction(db, async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch) throw new DashboardError("adjustments.batch.not_found");
    if (!["uploaded", "validated", "checked"].includes(batch.status)) throw new DashboardError("adjustments.batch.not_editable");
    await tx.execute(
      sql`UPDATE dashboard.adjustment_rows SET contact_id = NULL, currency = NULL, kind = NULL, amount = NULL, description = NULL, problems = NULL,
            dry_account_id = NULL, dry_status = NULL, dry_code = NULL, dry_balance_after = NULL, updated_at = now()
          WHERE batch_id = ${batchId}::uuid`,
    );
    for (const chunk of chunksOf(validation.rows)) {
      const values = chunk.map((row) => ({
        line: row.line,
        contact_id: row.contactId,
        currency: row.currency,
        kind: row.kind,
        amount: row.amountMinor.toString(),
        description: row.description,
      }));
      await tx.execute(
        sql`UPDATE dashboard.adjustment_rows r SET contact_id = v.contact_id, currency = v.currency, kind = v.kind, amount = v.amount::bigint,
              description = v.description
            FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
              AS v(line int, contact_id bigint, currency text, kind text, amount text, description text)
            WHERE r.batch_id = ${batchId}::uuid AND r.line = v.line`,
      );
    }
    const byLine = new Map<number, RowProblem[]>();
    for (const problem of validation.problems) byLine.set(problem.line, [...(byLine.get(problem.line) ?? []), problem]);
    for (const chunk of chunksOf([...byLine.entries()])) {
      const values = chunk.map(([line, problems]) => ({ line, problems }));
      await tx.execute(
        sql`UPDATE dashboard.adjustment_rows r SET problems = v.problems
            FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(line int, problems jsonb)
            WHERE r.batch_id = ${batchId}::uuid AND r.line = v.line`,
      );
    }
    await tx
      .update(adjustmentBatches)
      .set({
        mapping: validation.mapping,
        status: "validated",
        validCount: validation.rows.length,
        invalidCount: byLine.size,
        totals: storedTotals(validation.totals),
        dryRun: null,
        dryRunDone: 0,
        validatedAt: sql`now()`,
        checkedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(adjustmentBatches.id, batchId));
  });
}

/** Asks the worker for a dry run (again, after a change on the platform) of a validated batch with valid rows. */
export async function requestDryRun(db: Db, batchId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch) throw new DashboardError("adjustments.batch.not_found");
    if (batch.status === "checking") return;
    if (batch.status !== "validated" && batch.status !== "checked") throw new DashboardError(refusalOf(batch.status));
    const [{ valid }] = await queryRows<{ valid: number }>(tx, sql`SELECT valid_count AS valid FROM dashboard.adjustment_batches WHERE id = ${batchId}::uuid`);
    if (Number(valid) === 0) throw new DashboardError("adjustments.batch.nothing_valid");
    await tx.execute(
      sql`UPDATE dashboard.adjustment_rows SET dry_account_id = NULL, dry_status = NULL, dry_code = NULL, dry_balance_after = NULL
          WHERE batch_id = ${batchId}::uuid AND dry_status IS NOT NULL`,
    );
    await tx
      .update(adjustmentBatches)
      .set({ status: "checking", dryRun: null, dryRunDone: 0, checkedAt: null, failures: 0, errorCode: null, error: null, updatedAt: sql`now()` })
      .where(eq(adjustmentBatches.id, batchId));
  });
}

function refusalOf(status: BatchStatus): string {
  if (status === "running" || status === "finished") return "adjustments.batch.already_run";
  if (status === "cancelled" || status === "failed" || status === "stopped") return "adjustments.batch.ended";
  if (status === "checking") return "adjustments.batch.checking";
  return "adjustments.batch.dry_run_needed";
}

/** Totals as one string, currencies in order and empty kinds left out, to compare what a page showed with what is stored. */
function canonicalTotals(totals: StoredTotals | null): string {
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

/**
 * Starts the run of a batch whose dry run has finished: every valid row becomes
 * pending, and the member who confirmed is recorded (the audit entries are
 * theirs). A batch already running or run is refused, so a second confirmation
 * (a double click, two tabs) charges nothing twice. `totals`: what the page
 * showed (and the member confirmed, or typed); refused when the stored ones differ. The member's session is kept with
 * the run: the worker stops the run once that session is ended by anyone but its own sign-out (run-store.ts).
 */
export async function confirmRun(db: Db, batchId: string, member: { id: number; sessionId?: string }, options: { totals?: StoredTotals } = {}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch) throw new DashboardError("adjustments.batch.not_found");
    if (batch.status !== "checked") throw new DashboardError(refusalOf(batch.status));
    if (options.totals) {
      const [stored] = await tx.select({ totals: adjustmentBatches.totals }).from(adjustmentBatches).where(eq(adjustmentBatches.id, batchId));
      if (canonicalTotals(stored.totals as StoredTotals | null) !== canonicalTotals(options.totals))
        throw new DashboardError("adjustments.batch.totals_changed");
    }
    await tx.execute(
      sql`UPDATE dashboard.adjustment_rows SET run_status = 'pending', updated_at = now()
          WHERE batch_id = ${batchId}::uuid AND dry_status IS NOT NULL`,
    );
    await tx
      .update(adjustmentBatches)
      .set({
        status: "running",
        confirmedBy: member.id,
        confirmedSessionId: member.sessionId ?? null,
        confirmedAt: sql`now()`,
        cancelRequested: false,
        doneCount: 0,
        okCount: 0,
        failedCount: 0,
        unknownCount: 0,
        cancelledCount: 0,
        failures: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(adjustmentBatches.id, batchId));
  });
}

/**
 * Cancels a batch: before its run at once; while it runs, the worker stops
 * before its next row and the rows not sent become cancelled.
 */
export async function requestCancel(db: Db, batchId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch) throw new DashboardError("adjustments.batch.not_found");
    if (batch.status === "running") {
      await tx
        .update(adjustmentBatches)
        .set({ cancelRequested: true, updatedAt: sql`now()` })
        .where(eq(adjustmentBatches.id, batchId));
      return;
    }
    if (!["uploaded", "validated", "checking", "checked"].includes(batch.status)) throw new DashboardError("adjustments.batch.not_cancellable");
    await tx
      .update(adjustmentBatches)
      .set({
        status: "cancelled",
        finishedAt: sql`now()`,
        leaseOwner: null,
        leaseExpiresAt: null,
        waitReason: null,
        waitUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(adjustmentBatches.id, batchId));
  });
}

export interface MemberRef {
  id: number;
  name: string;
  email: string;
}

/** What the pages show of a batch; times are the database's clock. */
export interface BatchView {
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

/**
 * Remaining rows × the observed time per row; before any row (or while waiting
 * for the budget), remaining rows at the background lane's share of the rate
 * limit (limit − the interactive reserve, a minute), plus the wait.
 */
export function estimateSecondsLeft(input: {
  remaining: number;
  done: number;
  elapsedSeconds: number;
  waitSeconds: number;
  limitPerMinute: number | null;
}): number | null {
  if (input.remaining <= 0) return 0;
  const limit = input.limitPerMinute ?? 120;
  const budgetSecondsPerRow = 60 / Math.max(1, limit - reserveFor(limit));
  const observed = input.done > 0 && input.elapsedSeconds > 0 ? input.elapsedSeconds / input.done : null;
  const perRow = input.waitSeconds > 0 || observed === null ? Math.max(observed ?? 0, budgetSecondsPerRow) : observed;
  return Math.ceil(input.waitSeconds + input.remaining * perRow);
}

type BatchRow = typeof adjustmentBatches.$inferSelect;

interface BatchQueryRow {
  batch: BatchRow;
  creatorName: string | null;
  creatorEmail: string | null;
  confirmerName: string | null;
  confirmerEmail: string | null;
  nowMs: number;
}

function toView(row: BatchQueryRow, limitPerMinute: number | null): BatchView {
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

async function selectBatches(db: Db, where: SQL, order: SQL, limit: number, offset: number): Promise<BatchQueryRow[]> {
  const rows = await queryRows<{
    id: string;
    creator_name: string | null;
    creator_email: string | null;
    confirmer_name: string | null;
    confirmer_email: string | null;
    now_ms: number;
  }>(
    db,
    sql`SELECT b.id::text AS id, c.name AS creator_name, c.email AS creator_email, f.name AS confirmer_name, f.email AS confirmer_email,
               (extract(epoch FROM now()) * 1000)::float8 AS now_ms
        FROM dashboard.adjustment_batches b
        LEFT JOIN dashboard.users c ON c.id = b.created_by
        LEFT JOIN dashboard.users f ON f.id = b.confirmed_by
        WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  if (rows.length === 0) return [];
  const batches = await db
    .select()
    .from(adjustmentBatches)
    .where(
      inArray(
        adjustmentBatches.id,
        rows.map((row) => row.id),
      ),
    );
  const byId = new Map(batches.map((batch) => [batch.id, batch]));
  return rows.map((row) => ({
    batch: byId.get(row.id)!,
    creatorName: row.creator_name,
    creatorEmail: row.creator_email,
    confirmerName: row.confirmer_name,
    confirmerEmail: row.confirmer_email,
    nowMs: Number(row.now_ms),
  }));
}

/** One batch as the pages show it; null when there is none with this id. `limitPerMinute`: the budget's limit, for the ETA. */
export async function readBatch(db: Db, batchId: string, options: { limitPerMinute?: number | null } = {}): Promise<BatchView | null> {
  if (!isUuid(batchId)) return null;
  const [row] = await selectBatches(db, sql`b.id = ${batchId}::uuid`, sql`b.id`, 1, 0);
  return row ? toView(row, options.limitPerMinute ?? null) : null;
}

/** Batches newest first, for the list page. */
export async function listBatches(
  db: Db,
  options: { offset?: number; limit?: number; limitPerMinute?: number | null } = {},
): Promise<{ items: BatchView[]; total: number }> {
  const [{ total }] = await queryRows<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM dashboard.adjustment_batches`);
  const rows = await selectBatches(db, sql`true`, sql`b.created_at DESC, b.id DESC`, options.limit ?? 20, options.offset ?? 0);
  return { items: rows.map((row) => toView(row, options.limitPerMinute ?? null)), total: Number(total) };
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

/** Earlier uploads of the same bytes (newest first), for the "this file was uploaded before" confirmation. */
export async function batchesWithHash(db: Db, fileHash: string, options: { excludeId?: string } = {}): Promise<EarlierUpload[]> {
  const exclude = options.excludeId && isUuid(options.excludeId) ? sql`AND b.id <> ${options.excludeId}::uuid` : sql``;
  const rows = await queryRows<{
    id: string;
    file_name: string;
    created_at: Date | string;
    created_by: string;
    name: string | null;
    email: string | null;
    status: BatchStatus;
    ok_count: number;
  }>(
    db,
    sql`SELECT b.id::text AS id, b.file_name, b.created_at, b.created_by::text AS created_by, u.name, u.email, b.status, b.ok_count
        FROM dashboard.adjustment_batches b LEFT JOIN dashboard.users u ON u.id = b.created_by
        WHERE b.file_hash = ${fileHash.toLowerCase()} ${exclude}
        ORDER BY b.created_at DESC, b.id DESC LIMIT 20`,
  );
  return rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: { id: Number(row.created_by), name: row.name ?? "", email: row.email ?? "" },
    status: row.status,
    ok: Number(row.ok_count),
  }));
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

/** Which rows: by run status, or `invalid` (problems), or `refused` (by the dry run). */
export type RowFilter = RowRunStatus | "invalid" | "refused";

function rowFilter(filter: RowFilter | undefined): SQL {
  if (!filter) return sql`true`;
  if (filter === "invalid") return sql`r.problems IS NOT NULL`;
  if (filter === "refused") return sql`r.dry_status = 'refused'`;
  return sql`r.run_status = ${filter}`;
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

/** Every row's cells in line order (the mapping step validates them all again), in one query. */
export async function readCells(db: Db, batchId: string): Promise<{ line: number; cells: string[] }[]> {
  if (!isUuid(batchId)) return [];
  const rows = await queryRows<{ line: number; cells: string[] }>(
    db,
    sql`SELECT line, cells FROM dashboard.adjustment_rows WHERE batch_id = ${batchId}::uuid ORDER BY line`,
  );
  return rows.map((row) => ({ line: Number(row.line), cells: row.cells }));
}

/** A page of a batch's rows in line order, with the number under the filter. */
export async function readRows(
  db: Db,
  batchId: string,
  options: { status?: RowFilter; offset?: number; limit?: number } = {},
): Promise<{ rows: BatchRowView[]; total: number }> {
  if (!isUuid(batchId)) return { rows: [], total: 0 };
  const where = sql`r.batch_id = ${batchId}::uuid AND ${rowFilter(options.status)}`;
  const [{ total }] = await queryRows<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM dashboard.adjustment_rows r WHERE ${where}`);
  const lines = await queryRows<{ line: number }>(
    db,
    sql`SELECT r.line FROM dashboard.adjustment_rows r WHERE ${where} ORDER BY r.line LIMIT ${options.limit ?? 50} OFFSET ${options.offset ?? 0}`,
  );
  if (lines.length === 0) return { rows: [], total: Number(total) };
  const rows = await db
    .select()
    .from(adjustmentRows)
    .where(
      and(
        eq(adjustmentRows.batchId, batchId),
        inArray(
          adjustmentRows.line,
          lines.map((row) => Number(row.line)),
        ),
      ),
    )
    .orderBy(adjustmentRows.line);
  return { rows: rows.map(toRowView), total: Number(total) };
}

const UUID = z.uuid();
const isUuid = (value: string) => UUID.safeParse(value).success;
