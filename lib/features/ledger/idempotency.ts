import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { DashboardError } from "@/lib/core/actions/errors";
import { defineJob } from "@/lib/core/jobs/define";
import type { LedgerOperation, LedgerOutcome, LedgerResult } from "./types";

/**
 * Once-only balance operations. The intent is written under its key before the
 * platform is called (INSERT … ON CONFLICT DO NOTHING: exactly one submission
 * wins the key, on any number of instances); the outcome is written after. A
 * repeat with the key reads the first outcome, waiting while it is pending,
 * and never calls the platform.
 */
export interface Intent {
  key: string;
  userId: number;
  operation: LedgerOperation;
  fingerprint: string;
}

/** The request's identity: the same key with another request is refused. */
export function fingerprintOf(parts: Record<string, string | number | bigint | null | undefined>): string {
  const canonical = Object.keys(parts)
    .sort()
    .map((name) => [name, parts[name] === undefined || parts[name] === null ? null : String(parts[name])]);
  return createHash("sha256").update(JSON.stringify(canonical), "utf8").digest("hex");
}

interface KeyRow extends Record<string, unknown> {
  user_id: string;
  operation: string;
  fingerprint: string;
  status: "pending" | "succeeded" | "failed" | "unknown";
  outcome: LedgerOutcome | string | null;
  age_ms: string;
}

/** How long repeats wait for a pending first submission before answering "in progress". */
const DEFAULT_WAIT_MS = 20_000;
/**
 * A pending intent older than this belongs to a submission that died between
 * sending and recording (two platform calls, each at most 65 s of budget wait
 * and a 30 s timeout, fit well within it): its outcome is unknown.
 */
const STALE_PENDING_MS = 5 * 60_000;

/**
 * Settled keys (succeeded or failed) are kept this long, far beyond any retry
 * of a submission; then they are deleted. Pending and unknown keys stay until
 * they are settled or reconciled.
 */
const KEY_RETENTION_DAYS = 7;

/** Deletes settled keys older than the retention; answers how many (idempotencyKeyPruning, below). */
export async function pruneIdempotencyKeys(db: Db, retentionDays = KEY_RETENTION_DAYS): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM dashboard.idempotency_keys
        WHERE status IN ('succeeded', 'failed') AND created_at < now() - make_interval(days => ${retentionDays}::int)
        RETURNING key::text AS key`,
  );
  return rows.length;
}

/** Deletes the settled keys past their retention, every ten minutes on every instance. */
export const idempotencyKeyPruning = defineJob({
  kind: "periodic",
  name: "idempotency-key-pruning",
  everyMs: 10 * 60_000,
  enabled: () => true,
  run: (db) => pruneIdempotencyKeys(db),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when this submission won the key and must perform the operation. */
export async function claimIntent(db: Db, intent: Intent): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`INSERT INTO dashboard.idempotency_keys (key, user_id, operation, fingerprint, status)
        VALUES (${intent.key}::uuid, ${intent.userId}, ${intent.operation}, ${intent.fingerprint}, 'pending')
        ON CONFLICT (key) DO NOTHING
        RETURNING key::text AS key`,
  );
  return rows.length === 1;
}

async function readKey(db: Db, key: string): Promise<KeyRow | undefined> {
  const [row] = await queryRows<KeyRow>(
    db,
    sql`SELECT user_id::text AS user_id, operation, fingerprint, status, outcome,
               floor(extract(epoch FROM (now() - created_at)) * 1000)::text AS age_ms
        FROM dashboard.idempotency_keys WHERE key = ${key}::uuid`,
  );
  return row;
}

const parseOutcome = (value: KeyRow["outcome"]): LedgerOutcome | null =>
  value === null ? null : typeof value === "string" ? (JSON.parse(value) as LedgerOutcome) : value;

/**
 * The first submission's outcome for a repeat: refused when the key was used for
 * another request (or by another member), waited for while pending.
 */
export async function readPriorOutcome(db: Db, intent: Intent, waitMs = DEFAULT_WAIT_MS, pollMs = 100): Promise<LedgerResult> {
  const started = Date.now();
  for (;;) {
    const row = await readKey(db, intent.key);
    if (!row) throw new DashboardError("ledger.key_lost");
    if (Number(row.user_id) !== intent.userId || row.operation !== intent.operation || row.fingerprint !== intent.fingerprint) {
      throw new DashboardError("ledger.key_reused");
    }
    const outcome = parseOutcome(row.outcome);
    if (row.status !== "pending" && outcome) return { ...outcome, replayed: true };
    if (Number(row.age_ms) > STALE_PENDING_MS) {
      return { status: "unknown", operation: intent.operation, reason: "abandoned", requestId: "", replayed: true };
    }
    if (Date.now() - started >= waitMs) return { status: "in_progress", replayed: true };
    await sleep(Math.min(pollMs * 2 ** Math.min(4, Math.floor((Date.now() - started) / 1000)), 1000));
  }
}

/** Gives a claimed key back when the operation was certainly not performed (the platform refused before doing anything: a 429). */
export async function releaseIntent(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM dashboard.idempotency_keys WHERE key = ${key}::uuid AND status = 'pending'`);
}

/** Writes the outcome (and, in the same transaction, the audit entry) of a claimed intent. */
export async function completeIntent(db: Db, key: string, outcome: LedgerOutcome, alsoInTransaction?: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(
      sql`UPDATE dashboard.idempotency_keys
          SET status = ${outcome.status}, outcome = ${JSON.stringify(outcome)}::jsonb, completed_at = now()
          WHERE key = ${key}::uuid`,
    );
    if (alsoInTransaction) await alsoInTransaction(txDb);
  });
}

/** The stored state of a key (for reconciliation). */
export async function findIntent(
  db: Db,
  key: string,
): Promise<{ userId: number; operation: LedgerOperation; status: KeyRow["status"]; outcome: LedgerOutcome | null; stale: boolean } | null> {
  const row = await readKey(db, key);
  if (!row) return null;
  return {
    userId: Number(row.user_id),
    operation: row.operation as LedgerOperation,
    status: row.status,
    outcome: parseOutcome(row.outcome),
    stale: row.status === "pending" && Number(row.age_ms) > STALE_PENDING_MS,
  };
}

/** Replaces an unknown outcome once the journal shows what happened. */
export async function settleIntent(tx: Db, key: string, outcome: LedgerOutcome): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`UPDATE dashboard.idempotency_keys
        SET status = ${outcome.status}, outcome = ${JSON.stringify(outcome)}::jsonb, completed_at = now()
        WHERE key = ${key}::uuid AND (status = 'unknown' OR status = 'pending')
        RETURNING key::text AS key`,
  );
  return rows.length === 1;
}
