import "server-only";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql, type SQL } from "drizzle-orm";
import { counter } from "@/lib/core/metrics.mjs";
import { queryRows, type Db } from "@/lib/db/client";

/**
 * Leases of background jobs, shared by the contact export (export_jobs) and
 * the bulk adjustments (adjustment_batches). A job is run by the worker that
 * holds its lease and renews it (heartbeat); every write of the worker checks
 * that it still holds it, so a worker whose lease ran out (a crash, a pause)
 * can no longer write, and another instance takes the job over:
 *
 *   claim      UPDATE … SET lease_owner, lease_expires_at = now() + lease
 *              WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)
 *   heartbeat  renews the lease, records a wait (reason, until)
 *   release    hands this worker's jobs back on shutdown
 *
 * A leased table has the columns id, status, created_at, lease_owner,
 * lease_expires_at, heartbeat_at, wait_reason, wait_until and wait_count.
 */
export interface LeasedTable {
  /** The table in schema `dashboard`. */
  name: "export_jobs" | "adjustment_batches";
  /** Statuses in which a worker runs the job (and holds its lease). */
  active: readonly string[];
}

/** in_flight: a bulk adjustment waits until a row sent by an earlier worker can no longer be in flight. */
export type JobWaitReason = "rate_limit" | "budget_reserve" | "platform_unavailable" | "in_flight";

export interface LeaseWait {
  reason: JobWaitReason;
  seconds: number;
  /** Counts a new wait (wait_count + 1); renewals of the same wait do not. */
  count?: boolean;
}

const tableOf = (table: LeasedTable) => sql.raw(`dashboard.${table.name}`);

/** Jobs this process took over from a worker whose lease ran out, by the job's table (export_jobs, adjustment_batches). */
const leaseTakeovers = counter("chatbot_job_lease_takeovers_total", "Background jobs taken over from a worker whose lease ran out, by job table.", ["job"]);
const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/** Names a worker in leases; unique per process. */
export function workerOwnerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 160);
}

/**
 * Takes the oldest job whose status is one of `claimable` and whose lease is
 * free or ran out; `set` adds assignments (e.g. `status = 'running'`). The id
 * (as text) of the job taken, or null when there is none.
 */
export async function claimLease(
  db: Db,
  table: LeasedTable,
  owner: string,
  leaseSeconds: number,
  options: { claimable: readonly string[]; set?: SQL },
): Promise<string | null> {
  // taken_over: the job had an owner whose lease ran out (a crash, a pause), not one that handed it back.
  const [row] = await queryRows<{ id: string; taken_over: boolean }>(
    db,
    sql`WITH picked AS (
          SELECT j.id, j.lease_owner IS NOT NULL AS taken_over FROM ${tableOf(table)} j
          WHERE j.status IN (${statusList(options.claimable)}) AND (j.lease_expires_at IS NULL OR j.lease_expires_at < now())
          ORDER BY j.created_at, j.id LIMIT 1 FOR UPDATE SKIP LOCKED)
        UPDATE ${tableOf(table)} t SET
          lease_owner = ${owner},
          lease_expires_at = now() + make_interval(secs => ${leaseSeconds}::int),
          heartbeat_at = now(),
          wait_reason = NULL,
          wait_until = NULL
          ${options.set ? sql`, ${options.set}` : sql``}
        FROM picked WHERE t.id = picked.id
        RETURNING t.id::text AS id, picked.taken_over`,
  );
  if (row?.taken_over) leaseTakeovers.inc({ job: table.name });
  return row?.id ?? null;
}

/** Renews the lease (and records a wait, if any); false when the job is no longer this owner's to run. */
export async function renewLease(db: Db, table: LeasedTable, id: string | number, owner: string, leaseSeconds: number, wait?: LeaseWait): Promise<boolean> {
  const waitSet = wait
    ? sql`, wait_reason = ${wait.reason}, wait_until = now() + make_interval(secs => ${wait.seconds}::int)
          ${wait.count ? sql`, wait_count = wait_count + 1` : sql``}`
    : sql``;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE ${tableOf(table)} SET
          heartbeat_at = now(),
          lease_expires_at = now() + make_interval(secs => ${leaseSeconds + (wait ? wait.seconds : 0)}::int)
          ${waitSet}
        WHERE id = ${String(id)} AND lease_owner = ${owner} AND status IN (${statusList(table.active)})
        RETURNING id::text AS id`,
  );
  return rows.length > 0;
}

/** Hands this worker's jobs back (on shutdown), so another instance continues at once instead of after the lease. */
export async function releaseLeases(db: Db, table: LeasedTable, owner: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE ${tableOf(table)} SET lease_owner = NULL, lease_expires_at = NULL, wait_reason = NULL, wait_until = NULL
        WHERE lease_owner = ${owner} AND status IN (${statusList(table.active)})
        RETURNING id::text AS id`,
  );
  return rows.length;
}
