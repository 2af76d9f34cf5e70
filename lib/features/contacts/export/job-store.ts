import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { gauge } from "@/lib/core/metrics.mjs";
import { openedDb, queryRows, type Db } from "@/lib/db/client";
import { exportChunks, exportJobs } from "@/lib/db/schema";
import { claimLease, type LeasedTable } from "@/lib/core/jobs/lease";
import { endedJob, RETENTION_HOURS, type ExportJobRow, type ExportStatus } from "./jobs";

/**
 * The export jobs' store for the workers: SQL only, no platform and no loop
 * (the runner is worker.ts). A job is run under a lease that its worker renews
 * (lib/core/jobs/lease.ts, shared with the bulk adjustments); every write checks that
 * the worker still holds it, so a worker whose lease ran out (a crash, a pause)
 * can no longer write, and another continues at next_offset:
 *
 *   claim      lib/core/jobs/lease.ts: a queued job, or a running one whose lease ran out
 *   commit     UPDATE job (only while we own it and next_offset is ours) + INSERT chunk, one statement
 *   heartbeat  lib/core/jobs/lease.ts: renews the lease, records a wait (reason, until)
 *   fail, release, clean up
 */
export const EXPORT_JOBS: LeasedTable = { name: "export_jobs", active: ["running"] };

/**
 * The rows of the exports in progress (queued or running) in the whole database, every instance's: written (done) and
 * still to write by the platform's latest total (pending), read when the metrics are scraped.
 */
gauge("chatbot_export_rows", "Rows of the contact exports in progress, by state (done, pending).", ["state"], async (metric) => {
  const db = await openedDb();
  if (!db) return;
  const [row] = await queryRows<{ done: string; pending: string }>(
    db,
    sql`SELECT COALESCE(sum(rows_done), 0)::text AS done, COALESCE(sum(GREATEST(COALESCE(total, 0) - rows_done, 0)), 0)::text AS pending
        FROM dashboard.export_jobs WHERE status IN ('queued', 'running')`,
  );
  metric.set({ state: "done" }, Number(row?.done ?? 0));
  metric.set({ state: "pending" }, Number(row?.pending ?? 0));
});

/** Takes the oldest job that is queued, or running under an expired lease; null when there is none. */
export async function claimExportJob(db: Db, owner: string, leaseSeconds: number): Promise<ExportJobRow | null> {
  const id = await claimLease(db, EXPORT_JOBS, owner, leaseSeconds, {
    claimable: ["queued", "running"],
    set: sql`status = 'running', started_at = COALESCE(started_at, now())`,
  });
  if (id === null) return null;
  const [job] = await db
    .select()
    .from(exportJobs)
    .where(eq(exportJobs.id, Number(id)));
  return job ?? null;
}

/**
 * Writes one batch: advances the job and stores the chunk in one statement (one
 * transaction), only while this owner holds the job, it is still running, and
 * the offset is the one the batch was read at. False means the job was
 * cancelled or taken over; then nothing was written.
 */
export async function commitBatch(
  db: Db,
  batch: { jobId: number; owner: string; offset: number; rows: number; content: string; total: number; done: boolean; leaseSeconds: number },
): Promise<boolean> {
  const bytes = Buffer.byteLength(batch.content, "utf8");
  const hasChunk = batch.rows > 0;
  const [result] = await queryRows<{ advanced: number }>(
    db,
    sql`
      WITH advanced AS (
        UPDATE dashboard.export_jobs SET
          next_offset = next_offset + ${batch.rows}::int,
          rows_done = rows_done + ${batch.rows}::int,
          total = CASE WHEN ${batch.done}::boolean THEN rows_done + ${batch.rows}::int ELSE ${batch.total}::bigint END,
          chunk_count = chunk_count + ${hasChunk ? 1 : 0}::int,
          bytes_done = bytes_done + ${bytes}::bigint,
          heartbeat_at = now(),
          failures = 0,
          wait_reason = NULL,
          wait_until = NULL,
          status = CASE WHEN ${batch.done}::boolean THEN 'finished' ELSE status END,
          finished_at = CASE WHEN ${batch.done}::boolean THEN now() ELSE finished_at END,
          expires_at = CASE WHEN ${batch.done}::boolean THEN now() + make_interval(hours => ${RETENTION_HOURS}::int) ELSE expires_at END,
          lease_owner = CASE WHEN ${batch.done}::boolean THEN NULL ELSE lease_owner END,
          lease_expires_at = CASE WHEN ${batch.done}::boolean THEN NULL ELSE now() + make_interval(secs => ${batch.leaseSeconds}::int) END
        WHERE id = ${batch.jobId}::bigint AND lease_owner = ${batch.owner} AND status = 'running' AND next_offset = ${batch.offset}::bigint
        RETURNING chunk_count
      ),
      chunk AS (
        INSERT INTO dashboard.export_chunks (job_id, seq, rows, content, written_by)
        SELECT ${batch.jobId}::bigint, chunk_count - 1, ${batch.rows}::int, ${batch.content}::text, ${batch.owner}
        FROM advanced WHERE ${hasChunk}::boolean
        RETURNING seq
      )
      SELECT (SELECT count(*) FROM advanced)::int AS advanced, (SELECT count(*) FROM chunk)::int AS chunks
    `,
  );
  return Number(result?.advanced ?? 0) === 1;
}

export async function failJob(db: Db, jobId: number, owner: string, code: string, message: string): Promise<void> {
  await db
    .update(exportJobs)
    .set({ ...endedJob("failed"), errorCode: code.slice(0, 64), error: message.slice(0, 2000) })
    .where(and(eq(exportJobs.id, jobId), eq(exportJobs.leaseOwner, owner), eq(exportJobs.status, "running")));
  await db.delete(exportChunks).where(eq(exportChunks.jobId, jobId));
}

/** Deletes exports (jobs and their chunks) 24 hours after they ended. */
export async function cleanupExpiredExports(db: Db): Promise<number> {
  const rows = await db
    .delete(exportJobs)
    .where(sql`${exportJobs.expiresAt} < now()`)
    .returning({ id: exportJobs.id });
  return rows.length;
}

/** Records the consecutive transient failures of the job's current batch (while this owner holds it). */
export async function recordFailures(db: Db, jobId: number, owner: string, failures: number): Promise<void> {
  await db
    .update(exportJobs)
    .set({ failures })
    .where(and(eq(exportJobs.id, jobId), eq(exportJobs.leaseOwner, owner)));
}

/** The job's status now; null when it no longer exists. */
export async function exportJobStatus(db: Db, jobId: number): Promise<ExportStatus | null> {
  const [row] = await db.select({ status: exportJobs.status }).from(exportJobs).where(eq(exportJobs.id, jobId));
  return (row?.status as ExportStatus | undefined) ?? null;
}
