import "server-only";
import { eq, sql } from "drizzle-orm";
import { gauge } from "@/lib/core/metrics.mjs";
import { openedDb, queryRows, type Db } from "@/lib/db/client";
import { adjustmentBatches } from "@/lib/db/schema";
import { claimLease, type LeasedTable } from "@/lib/core/jobs/lease";
import type { DryRunResult } from "./dry-run";
import type { DryRunSummary } from "./records";
import type { RowRunStatus } from "./states";
import type { AdjustmentKind, AdjustmentRow, StopReason } from "./types";

/**
 * The adjustment worker's SQL (worker.ts is the runner). Every write of a
 * phase checks that the worker still holds the batch's lease and the batch is
 * still in that phase; a row's outcome, though, is written whenever the row is
 * still `sending` (the platform call happened, whoever records it), together
 * with the batch's counters in one statement.
 */
export const ADJUSTMENT_BATCHES: LeasedTable = { name: "adjustment_batches", active: ["checking", "running"] };

/**
 * The rows of the bulk adjustments being run in the whole database, every instance's: with an outcome (done) and still
 * to send (pending), read when the metrics are scraped.
 */
gauge("chatbot_adjustment_batch_rows", "Rows of the bulk adjustment batches being run, by state (done, pending).", ["state"], async (metric) => {
  const db = await openedDb();
  if (!db) return;
  const [row] = await queryRows<{ done: string; pending: string }>(
    db,
    sql`SELECT COALESCE(sum(done_count), 0)::text AS done, COALESCE(sum(GREATEST(valid_count - done_count, 0)), 0)::text AS pending
        FROM dashboard.adjustment_batches WHERE status = 'running'`,
  );
  metric.set({ state: "done" }, Number(row?.done ?? 0));
  metric.set({ state: "pending" }, Number(row?.pending ?? 0));
});

export type ClaimedBatch = typeof adjustmentBatches.$inferSelect;

/** Takes the oldest batch to check or to run whose lease is free or ran out. */
export async function claimBatch(db: Db, owner: string, leaseSeconds: number): Promise<ClaimedBatch | null> {
  const id = await claimLease(db, ADJUSTMENT_BATCHES, owner, leaseSeconds, {
    claimable: ADJUSTMENT_BATCHES.active,
    set: sql`started_at = CASE WHEN status = 'running' THEN COALESCE(started_at, now()) ELSE started_at END, updated_at = now()`,
  });
  if (id === null) return null;
  const [batch] = await db.select().from(adjustmentBatches).where(eq(adjustmentBatches.id, id));
  return batch ?? null;
}

const leaseHeld = (batchId: string, owner: string, status: "checking" | "running") =>
  sql`SELECT 1 FROM dashboard.adjustment_batches b WHERE b.id = ${batchId}::uuid AND b.lease_owner = ${owner} AND b.status = ${status}`;

/** A validated row as the worker reads it back. */
export type TypedRow = AdjustmentRow;

interface TypedRecord extends Record<string, unknown> {
  line: number;
  contact_id: string;
  currency: string;
  kind: AdjustmentKind;
  amount: string;
  description: string;
}

const toTyped = (row: TypedRecord): TypedRow => ({
  line: Number(row.line),
  contactId: Number(row.contact_id),
  currency: row.currency,
  kind: row.kind,
  amountMinor: BigInt(row.amount),
  description: row.description,
});

/** The next contacts the dry run has not checked (by their first line) with all their unchecked rows, in file order. */
export async function uncheckedRows(db: Db, batchId: string, contacts: number): Promise<TypedRow[]> {
  const rows = await queryRows<TypedRecord>(
    db,
    sql`WITH next AS (
          SELECT contact_id FROM dashboard.adjustment_rows
          WHERE batch_id = ${batchId}::uuid AND contact_id IS NOT NULL AND dry_status IS NULL
          GROUP BY contact_id ORDER BY min(line) LIMIT ${contacts}
        )
        SELECT r.line, r.contact_id::text AS contact_id, r.currency, r.kind, r.amount::text AS amount, r.description
        FROM dashboard.adjustment_rows r JOIN next USING (contact_id)
        WHERE r.batch_id = ${batchId}::uuid AND r.dry_status IS NULL
        ORDER BY r.line`,
  );
  return rows.map(toTyped);
}

/** Stores dry-run results (whole contacts at a time) and renews the lease; false when the batch is no longer ours to check. */
export async function commitDryRun(db: Db, batchId: string, owner: string, leaseSeconds: number, results: DryRunResult[]): Promise<boolean> {
  const values = results.map((result) => ({
    line: result.line,
    account_id: result.accountId,
    status: result.status,
    code: result.code,
    balance_after: result.balanceAfter?.toString() ?? null,
  }));
  const [row] = await queryRows<{ renewed: number }>(
    db,
    sql`WITH held AS (${leaseHeld(batchId, owner, "checking")} FOR UPDATE),
        written AS (
          UPDATE dashboard.adjustment_rows r SET dry_account_id = v.account_id, dry_status = v.status, dry_code = v.code,
                 dry_balance_after = v.balance_after::bigint, updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(line int, account_id bigint, status text, code text, balance_after text)
          WHERE r.batch_id = ${batchId}::uuid AND r.line = v.line AND r.dry_status IS NULL AND EXISTS (SELECT 1 FROM held)
          RETURNING r.line
        ),
        renewed AS (
          UPDATE dashboard.adjustment_batches SET dry_run_done = dry_run_done + (SELECT count(*) FROM written)::int, heartbeat_at = now(),
                 lease_expires_at = now() + make_interval(secs => ${leaseSeconds}::int), failures = 0, wait_reason = NULL, wait_until = NULL
          WHERE id = ${batchId}::uuid AND EXISTS (SELECT 1 FROM held)
          RETURNING id
        )
        SELECT (SELECT count(*) FROM renewed)::int AS renewed`,
  );
  return Number(row?.renewed ?? 0) === 1;
}

/** Ends the dry run: its summary from the rows, status checked, the lease handed back. */
export async function finishDryRun(db: Db, batchId: string, owner: string): Promise<boolean> {
  const counts = await queryRows<{ status: string; code: string | null; count: number }>(
    db,
    sql`SELECT dry_status AS status, dry_code AS code, count(*)::int AS count FROM dashboard.adjustment_rows
        WHERE batch_id = ${batchId}::uuid AND dry_status IS NOT NULL GROUP BY dry_status, dry_code`,
  );
  const summary: DryRunSummary = { ok: 0, refused: 0, codes: {} };
  for (const { status, code, count } of counts) {
    if (status === "ok") summary.ok += Number(count);
    else {
      summary.refused += Number(count);
      if (code) summary.codes[code] = (summary.codes[code] ?? 0) + Number(count);
    }
  }
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE dashboard.adjustment_batches SET status = 'checked', dry_run = ${JSON.stringify(summary)}::jsonb, checked_at = now(), updated_at = now(),
               lease_owner = NULL, lease_expires_at = NULL, wait_reason = NULL, wait_until = NULL
        WHERE id = ${batchId}::uuid AND lease_owner = ${owner} AND status = 'checking'
        RETURNING id::text AS id`,
  );
  return rows.length === 1;
}

/** A dry run that could not finish (the platform kept failing): back to validated, with the reason, so that it can be asked again. */
export async function abandonDryRun(db: Db, batchId: string, owner: string, code: string, message: string): Promise<void> {
  await db.execute(
    sql`UPDATE dashboard.adjustment_batches SET status = 'validated', error_code = ${code.slice(0, 64)}, error = ${message.slice(0, 2000)}, updated_at = now(),
               lease_owner = NULL, lease_expires_at = NULL, wait_reason = NULL, wait_until = NULL
        WHERE id = ${batchId}::uuid AND lease_owner = ${owner} AND status = 'checking'`,
  );
}

/** Records the consecutive transient failures of the batch's current step (while this owner holds it). */
export async function recordFailures(db: Db, batchId: string, owner: string, failures: number): Promise<void> {
  await db.execute(sql`UPDATE dashboard.adjustment_batches SET failures = ${failures} WHERE id = ${batchId}::uuid AND lease_owner = ${owner}`);
}

export interface RunRow extends TypedRow {
  runStatus: RowRunStatus;
  accountId: number | null;
  dryCode: string | null;
  idempotencyKey: string | null;
  /** Whether sent_at + the in-flight deadline has passed (the database's clock). */
  settled: boolean;
}

interface RunRecord extends TypedRecord {
  run_status: RowRunStatus;
  dry_account_id: string | null;
  dry_code: string | null;
  idempotency_key: string | null;
  settled: boolean;
}

const toRunRow = (row: RunRecord): RunRow => ({
  ...toTyped(row),
  runStatus: row.run_status,
  accountId: row.dry_account_id === null ? null : Number(row.dry_account_id),
  dryCode: row.dry_code,
  idempotencyKey: row.idempotency_key,
  settled: Boolean(row.settled),
});

const RUN_COLUMNS = (inFlightSeconds: number) =>
  sql`r.line, r.contact_id::text AS contact_id, r.currency, r.kind, r.amount::text AS amount, r.description, r.run_status,
      r.dry_account_id::text AS dry_account_id, r.dry_code, r.idempotency_key::text AS idempotency_key,
      (r.sent_at IS NULL OR r.sent_at + make_interval(secs => ${inFlightSeconds}::int) < now()) AS settled`;

/** The next rows to send (pending, or sending after a takeover) after `afterLine`, in file order. */
export async function nextRunRows(db: Db, batchId: string, afterLine: number, limit: number, inFlightSeconds: number): Promise<RunRow[]> {
  const rows = await queryRows<RunRecord>(
    db,
    sql`SELECT ${RUN_COLUMNS(inFlightSeconds)} FROM dashboard.adjustment_rows r
        WHERE r.batch_id = ${batchId}::uuid AND r.run_status IN ('pending', 'sending') AND r.line > ${afterLine}
        ORDER BY r.line LIMIT ${limit}`,
  );
  return rows.map(toRunRow);
}

/** Rows whose outcome is still open after the pass over the file: sending (an earlier worker's call) or unknown. */
export async function openRows(db: Db, batchId: string, inFlightSeconds: number): Promise<RunRow[]> {
  const rows = await queryRows<RunRecord>(
    db,
    sql`SELECT ${RUN_COLUMNS(inFlightSeconds)} FROM dashboard.adjustment_rows r
        WHERE r.batch_id = ${batchId}::uuid AND r.run_status IN ('sending', 'unknown') AND r.sent_at IS NOT NULL
        ORDER BY r.line`,
  );
  return rows.map(toRunRow);
}

export type MarkResult = "marked" | "cancel" | "lost" | "skip";

/**
 * Marks a pending row as being sent under its key, renewing the lease in the
 * same statement; refused when a cancel was asked or the batch is not ours.
 */
export async function markSending(db: Db, batchId: string, owner: string, leaseSeconds: number, line: number, key: string): Promise<MarkResult> {
  const [row] = await queryRows<{ held: number; cancel: boolean | null; marked: number }>(
    db,
    sql`WITH held AS (
          UPDATE dashboard.adjustment_batches SET heartbeat_at = now(), lease_expires_at = now() + make_interval(secs => ${leaseSeconds}::int),
                 wait_reason = NULL, wait_until = NULL
          WHERE id = ${batchId}::uuid AND lease_owner = ${owner} AND status = 'running'
          RETURNING cancel_requested
        ),
        marked AS (
          UPDATE dashboard.adjustment_rows SET run_status = 'sending', sent_at = now(), idempotency_key = ${key}::uuid, updated_at = now()
          WHERE batch_id = ${batchId}::uuid AND line = ${line} AND run_status = 'pending' AND EXISTS (SELECT 1 FROM held WHERE NOT cancel_requested)
          RETURNING line
        )
        SELECT (SELECT count(*) FROM held)::int AS held, (SELECT bool_or(cancel_requested) FROM held) AS cancel,
               (SELECT count(*) FROM marked)::int AS marked`,
  );
  if (!row || Number(row.held) === 0) return "lost";
  if (row.cancel) return "cancel";
  return Number(row.marked) === 1 ? "marked" : "skip";
}

/** A row whose call was certainly not made (a 429): pending again, to be sent after the wait. */
export async function unmarkSending(db: Db, batchId: string, line: number): Promise<void> {
  await db.execute(
    sql`UPDATE dashboard.adjustment_rows SET run_status = 'pending', sent_at = NULL, updated_at = now()
        WHERE batch_id = ${batchId}::uuid AND line = ${line} AND run_status = 'sending'`,
  );
}

export interface RowOutcome {
  status: "succeeded" | "failed" | "unknown";
  balanceAfter: bigint | null;
  errorCode: string | null;
  errorText: string | null;
  errorParams: Record<string, string> | null;
}

/**
 * Writes a row's outcome and counts it on the batch in one statement: from
 * sending (counted as done), or from unknown after a reconciliation (moved
 * from the unknown count). Nothing when the row already has another outcome.
 */
export async function recordRowOutcome(db: Db, batchId: string, line: number, outcome: RowOutcome): Promise<boolean> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Locked first, so that the counters follow the status the row really had (two recorders of one row wait for each other).
    const [previous] = await queryRows<{ run_status: RowRunStatus | null }>(
      txDb,
      sql`SELECT run_status FROM dashboard.adjustment_rows WHERE batch_id = ${batchId}::uuid AND line = ${line} FOR UPDATE`,
    );
    const from = previous?.run_status;
    if (from !== "sending" && !(from === "unknown" && outcome.status !== "unknown")) return false;
    await txDb.execute(
      sql`UPDATE dashboard.adjustment_rows SET run_status = ${outcome.status}, balance_after = ${outcome.balanceAfter?.toString() ?? null}::bigint,
                 error_code = ${outcome.errorCode}, error_text = ${outcome.errorText},
                 error_params = ${outcome.errorParams === null ? null : JSON.stringify(outcome.errorParams)}::jsonb,
                 finished_at = now(), updated_at = now()
          WHERE batch_id = ${batchId}::uuid AND line = ${line}`,
    );
    const one = (condition: boolean) => (condition ? 1 : 0);
    await txDb.execute(
      sql`UPDATE dashboard.adjustment_batches SET
            done_count = done_count + ${one(from === "sending")}::int,
            unknown_count = unknown_count + ${one(outcome.status === "unknown") - one(from === "unknown")}::int,
            ok_count = ok_count + ${one(outcome.status === "succeeded")}::int,
            failed_count = failed_count + ${one(outcome.status === "failed")}::int,
            updated_at = now()
          WHERE id = ${batchId}::uuid`,
    );
    return true;
  });
}

/** After a cancel: every row not sent becomes cancelled (and counted done). */
export async function cancelPendingRows(db: Db, batchId: string, owner: string): Promise<number> {
  const [row] = await queryRows<{ cancelled: number }>(
    db,
    sql`WITH held AS (${leaseHeld(batchId, owner, "running")} FOR UPDATE),
        cancelled AS (
          UPDATE dashboard.adjustment_rows SET run_status = 'cancelled', error_code = 'cancelled', finished_at = now(), updated_at = now()
          WHERE batch_id = ${batchId}::uuid AND run_status = 'pending' AND EXISTS (SELECT 1 FROM held)
          RETURNING line
        ),
        counted AS (
          UPDATE dashboard.adjustment_batches SET cancelled_count = cancelled_count + (SELECT count(*) FROM cancelled)::int,
                 done_count = done_count + (SELECT count(*) FROM cancelled)::int, updated_at = now()
          WHERE id = ${batchId}::uuid AND EXISTS (SELECT 1 FROM held)
          RETURNING id
        )
        SELECT (SELECT count(*) FROM cancelled)::int AS cancelled, (SELECT count(*) FROM counted)::int AS counted`,
  );
  return Number(row?.cancelled ?? 0);
}

/** Ends the run (finished, or cancelled when a cancel was asked) and hands the lease back. */
export async function finishRun(db: Db, batchId: string, owner: string): Promise<"finished" | "cancelled" | null> {
  const [row] = await queryRows<{ status: "finished" | "cancelled" }>(
    db,
    sql`UPDATE dashboard.adjustment_batches SET status = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'finished' END, finished_at = now(),
               updated_at = now(), lease_owner = NULL, lease_expires_at = NULL, wait_reason = NULL, wait_until = NULL
        WHERE id = ${batchId}::uuid AND lease_owner = ${owner} AND status = 'running'
        RETURNING status`,
  );
  return row?.status ?? null;
}

/**
 * The confirmer as they stand now: their role (null: removed), and whether the session the run was confirmed in was
 * ended other than by its own sign-out — by an owner or the member ending it, or by every session of the member
 * ending at once (a new session version: a role change, a password reset, two-factor reset by an owner, "end all
 * sessions"). A session that ran out on its own has not been ended: a long batch outlives the working day it was
 * confirmed in. Null session: confirmed outside a signed-in session (scripts, tests, before the column existed).
 */
export async function confirmerStanding(db: Db, batchId: string): Promise<{ role: string | null; sessionEnded: boolean }> {
  const [row] = await queryRows<{ role: string | null; session_ended: boolean }>(
    db,
    sql`SELECT u.role,
               (b.confirmed_session_id IS NOT NULL AND (s.id IS NULL OR s.session_version < u.session_version
                 OR (s.ended_at IS NOT NULL AND s.ended_reason IS DISTINCT FROM 'signed_out'))) AS session_ended
        FROM dashboard.adjustment_batches b
        LEFT JOIN dashboard.users u ON u.id = b.confirmed_by
        LEFT JOIN dashboard.sessions s ON s.id = b.confirmed_session_id AND s.user_id = b.confirmed_by
        WHERE b.id = ${batchId}::uuid`,
  );
  return { role: row?.role ?? null, sessionEnded: Boolean(row?.session_ended) };
}

/**
 * Ends a run whose confirmer lost the right to move its money: status stopped with the reason (error_code), the lease
 * handed back. Rows not sent stay pending and are never sent: a stopped batch is not claimed again.
 */
export async function stopRun(db: Db, batchId: string, owner: string, reason: StopReason): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE dashboard.adjustment_batches SET status = 'stopped', error_code = ${reason}, error = NULL, finished_at = now(), updated_at = now(),
               lease_owner = NULL, lease_expires_at = NULL, wait_reason = NULL, wait_until = NULL
        WHERE id = ${batchId}::uuid AND lease_owner = ${owner} AND status = 'running'
        RETURNING id::text AS id`,
  );
  return rows.length === 1;
}

/** The batch's status and whether a cancel was asked (to tell why a write was refused). */
export async function batchState(db: Db, batchId: string): Promise<{ status: string; cancelRequested: boolean } | null> {
  const [row] = await db
    .select({ status: adjustmentBatches.status, cancelRequested: adjustmentBatches.cancelRequested })
    .from(adjustmentBatches)
    .where(eq(adjustmentBatches.id, batchId));
  return row ?? null;
}

/** The balance_after of the batch's succeeded rows on an account with the same operation (journal entries already accounted for). */
export async function succeededBalances(db: Db, batchId: string, row: TypedRow & { accountId: number }): Promise<string[]> {
  const rows = await queryRows<{ balance_after: string }>(
    db,
    sql`SELECT balance_after::text AS balance_after FROM dashboard.adjustment_rows
        WHERE batch_id = ${batchId}::uuid AND dry_account_id = ${row.accountId} AND kind = ${row.kind} AND amount = ${row.amountMinor.toString()}::bigint
          AND description = ${row.description} AND run_status = 'succeeded' AND balance_after IS NOT NULL AND line <> ${row.line}`,
  );
  return rows.map((item) => item.balance_after);
}

/** When the row was marked sending (ISO), for the journal search. */
export async function sentAtOf(db: Db, batchId: string, line: number): Promise<string | null> {
  const [row] = await queryRows<{ sent_at: Date | string | null }>(
    db,
    sql`SELECT sent_at FROM dashboard.adjustment_rows WHERE batch_id = ${batchId}::uuid AND line = ${line}`,
  );
  return row?.sent_at ? new Date(row.sent_at).toISOString() : null;
}
