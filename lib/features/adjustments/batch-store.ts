import "server-only";
import { z } from "zod";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { adjustmentBatches, adjustmentRows } from "@/lib/db/schema";
import { DashboardError } from "@/lib/core/actions/errors";
import {
  canonicalTotals,
  storedTotals,
  toRowView,
  toStoredBatch,
  type BatchQueryRow,
  type BatchRowView,
  type EarlierUpload,
  type StoredBatch,
  type StoredTotals,
} from "./records";
import { stepOf, type BatchAction, type RowRunStatus, type Step } from "./states";
import type { AdjustmentRow, AdjustmentTotals, BatchStatus, ColumnMapping, RowProblem } from "./types";

/**
 * The batches of bulk balance adjustments and their rows: the SQL. What each action may do in each status is the
 * state machine's (states.ts), applied here under the batch's row lock; what is read comes back as records
 * (records.ts). The dry run and the run are the worker's (worker.ts, run-store.ts). Permissions are the callers'
 * (permissions.ts).
 */

/** Rows written per statement (as one JSON parameter). */
const CHUNK = 5000;

function chunksOf<T>(items: readonly T[], size = CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const inTransaction = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => fn(tx as unknown as Db));

/** Locks a batch's row and answers the step an action takes from its status; refusals (and a batch not found) throw. */
async function lockFor(tx: Db, batchId: string, action: BatchAction): Promise<Exclude<Step, { refused: string }>> {
  const [row] = await queryRows<{ status: BatchStatus }>(tx, sql`SELECT status FROM dashboard.adjustment_batches WHERE id = ${batchId}::uuid FOR UPDATE`);
  if (!row) throw new DashboardError("adjustments.batch.not_found");
  const step = stepOf(row.status, action);
  if ("refused" in step) throw new DashboardError(step.refused);
  return step;
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
    await lockFor(tx, batchId, "validate");
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
    if ("stay" in (await lockFor(tx, batchId, "dry_run"))) return;
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
    await lockFor(tx, batchId, "confirm");
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
    if ("flag" in (await lockFor(tx, batchId, "cancel"))) {
      await tx
        .update(adjustmentBatches)
        .set({ cancelRequested: true, updatedAt: sql`now()` })
        .where(eq(adjustmentBatches.id, batchId));
      return;
    }
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
export async function readBatch(db: Db, batchId: string, options: { limitPerMinute?: number | null } = {}): Promise<StoredBatch | null> {
  if (!isUuid(batchId)) return null;
  const [row] = await selectBatches(db, sql`b.id = ${batchId}::uuid`, sql`b.id`, 1, 0);
  return row ? toStoredBatch(row, options.limitPerMinute ?? null) : null;
}

/** Batches newest first, for the list page. */
export async function listBatches(
  db: Db,
  options: { offset?: number; limit?: number; limitPerMinute?: number | null } = {},
): Promise<{ items: StoredBatch[]; total: number }> {
  const [{ total }] = await queryRows<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM dashboard.adjustment_batches`);
  const rows = await selectBatches(db, sql`true`, sql`b.created_at DESC, b.id DESC`, options.limit ?? 20, options.offset ?? 0);
  return { items: rows.map((row) => toStoredBatch(row, options.limitPerMinute ?? null)), total: Number(total) };
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

/** Which rows: by run status, or `invalid` (problems), or `refused` (by the dry run). */
export type RowFilter = RowRunStatus | "invalid" | "refused";

function rowFilter(filter: RowFilter | undefined): SQL {
  if (!filter) return sql`true`;
  if (filter === "invalid") return sql`r.problems IS NOT NULL`;
  if (filter === "refused") return sql`r.dry_status = 'refused'`;
  return sql`r.run_status = ${filter}`;
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
