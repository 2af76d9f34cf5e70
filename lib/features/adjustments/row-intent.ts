import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { fingerprintOf, type Intent } from "@/lib/features/ledger/idempotency";
import type { RowOutcome, TypedRow } from "./run-store";

/** The intent a batch row is sent under: its fingerprint names the batch, the line, the account, the kind and the amount. */
export function rowIntent(batchId: string, row: TypedRow & { accountId: number | null }, actorId: number, key: string): Intent {
  return {
    key,
    userId: actorId,
    operation: row.kind,
    fingerprint: fingerprintOf({
      operation: row.kind,
      batchId,
      line: row.line,
      contactId: row.contactId,
      accountId: row.accountId,
      currency: row.currency,
      amount: row.amountMinor,
      description: row.description,
    }),
  };
}

/**
 * Whether the intent stored under the key is this row's (same member, operation and fingerprint):
 * an intent under a row's key that is not the row's is never taken as its outcome.
 */
export async function storedIntentIs(db: Db, intent: Intent): Promise<boolean> {
  const [row] = await queryRows<{ user_id: string; operation: string; fingerprint: string }>(
    db,
    sql`SELECT user_id::text AS user_id, operation, fingerprint FROM dashboard.idempotency_keys WHERE key = ${intent.key}::uuid`,
  );
  return !!row && Number(row.user_id) === intent.userId && row.operation === intent.operation && row.fingerprint === intent.fingerprint;
}

/** What a row whose key holds another request ends as: unknown (key_mismatch), for a person to look at, never succeeded. */
export function keyMismatchOutcome(text: string): RowOutcome {
  return { status: "unknown", balanceAfter: null, errorCode: "key_mismatch", errorText: text, errorParams: null };
}
