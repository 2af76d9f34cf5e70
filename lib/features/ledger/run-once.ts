import "server-only";
import { log } from "@/lib/core/log.mjs";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { PlatformClient } from "@/lib/api";
import type { Translate } from "@/lib/i18n/translate";
import { recordAuditEntry, type Actor, type NewAuditEntry } from "./audit";
import { claimIntent, completeIntent, readPriorOutcome, releaseIntent, type Intent } from "./idempotency";
import type { LedgerOutcome, LedgerResult } from "./types";

export interface LedgerContext {
  db: Db;
  api: PlatformClient;
  actor: Actor;
  t: Translate;
}

/** What the audit entry says beyond who, the outcome and the ids of the request. */
export type AuditFacts = Pick<NewAuditEntry, "contactId" | "accountId" | "currency" | "kind" | "amount" | "description" | "batchId" | "batchLine">;

export interface Performed {
  outcome: LedgerOutcome;
  /** Facts learnt while performing (the opened account's id, the verified currency). */
  facts?: Partial<AuditFacts>;
  errorCode?: string | null;
  balanceAfter?: bigint | null;
}

/**
 * Thrown by `perform` when the platform certainly did nothing and the same
 * submission may be made again later (a 429 that waiting within the call's
 * limit did not clear): the key is given back instead of recording a failure.
 */
export class NotPerformed extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = "NotPerformed";
  }
}

export interface RunOnceOptions {
  /** Also written in the transaction that records the outcome (a batch row's outcome and its batch's counters). */
  alsoInTransaction?: (tx: Db, outcome: LedgerOutcome, performed: Performed) => Promise<void>;
}

/**
 * Runs a balance operation at most once per key: the winner of the key performs
 * it and records the outcome with its audit entry in one transaction; every
 * other submission with the key gets that outcome (or waits for it) without
 * calling the platform.
 */
export async function runOnce(
  context: LedgerContext,
  intent: Intent,
  facts: AuditFacts,
  perform: (requestId: string) => Promise<Performed>,
  options: RunOnceOptions = {},
): Promise<LedgerResult> {
  const { db, actor } = context;
  if (!(await claimIntent(db, intent))) return readPriorOutcome(db, intent);
  const requestId = randomUUID();
  let performed: Performed;
  try {
    performed = await perform(requestId);
  } catch (error) {
    if (error instanceof NotPerformed) {
      await releaseIntent(db, intent.key);
      throw error;
    }
    // A failure of our own code after the claim: whether the platform was called is not known.
    log.error("ledger operation failed unexpectedly", { request_id: requestId, operation: intent.operation, error });
    performed = { outcome: { status: "unknown", operation: intent.operation, reason: "internal_error", requestId } };
  }
  const { outcome } = performed;
  await completeIntent(db, intent.key, outcome, async (tx) => {
    await recordAuditEntry(tx, {
      ...facts,
      ...performed.facts,
      actor,
      outcome: outcome.status,
      errorCode: performed.errorCode ?? (outcome.status === "failed" ? outcome.error.code : null),
      balanceAfter: performed.balanceAfter ?? null,
      requestId,
      idempotencyKey: intent.key,
    });
    await options.alsoInTransaction?.(tx, outcome, performed);
  });
  return { ...outcome, replayed: false };
}
