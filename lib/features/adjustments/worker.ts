import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import {
  addFundsToContactAccount,
  connectPlatform,
  getContactAccounts,
  isPlatformApiError,
  PlatformApiError,
  withdrawFundsFromContactAccount,
  type PlatformClient,
  type WaitNotice,
} from "@/lib/api";
import { config } from "@/lib/core/config.mjs";
import { can, isRole } from "@/lib/auth/permissions";
import { translator } from "@/lib/i18n/translate";
import { LeasedWorker, type PlatformWorkerOptions } from "@/lib/core/jobs/worker";
import type { Actor } from "@/lib/features/ledger/audit";
import { DashboardError } from "@/lib/core/actions/errors";
import { findIntent } from "@/lib/features/ledger/idempotency";
import { isUnknownOutcome, toFailure } from "@/lib/features/ledger/outcome";
import { NotPerformed, runOnce, type LedgerContext, type Performed } from "@/lib/features/ledger/run-once";
import type { LedgerResult } from "@/lib/features/ledger/types";
import { kindsOf, mayAdjustBalances } from "./permissions";
import type { StoredTotals } from "./records";
import { checkContactRows } from "./dry-run";
import { reconcileRow, rowOutcomeOf } from "./reconcile-row";
import { keyMismatchOutcome, rowIntent, storedIntentIs } from "./row-intent";
import { rowIdempotencyKey } from "./row-key";
import {
  abandonDryRun,
  ADJUSTMENT_BATCHES,
  batchState,
  cancelPendingRows,
  claimBatch,
  confirmerStanding,
  commitDryRun,
  finishDryRun,
  finishRun,
  markSending,
  nextRunRows,
  openRows,
  recordFailures,
  recordRowOutcome,
  stopRun,
  uncheckedRows,
  unmarkSending,
  type ClaimedBatch,
  type RunRow,
  type TypedRow,
} from "./run-store";
import type { StopReason } from "./types";

/**
 * The bulk adjustment worker, in every server process next to the export
 * worker: it takes one batch at a time under a lease (lib/core/jobs) and runs its
 * phase, every platform call in the background lane of the request budget.
 *
 * Dry run (status checking): per contact, in file order, one getContactAccounts;
 * the contact's rows are checked against it (dry-run.ts) and stored together,
 * so a takeover continues at the next contact. Nothing is changed.
 *
 * Run (status running): per row in file order, one addFunds / withdraw on the
 * account the dry run found, through runOnce under the row's idempotency key
 * (row-key.ts); the row's outcome and the batch's counters are written in the
 * transaction that records the key's outcome and the audit entry. A row is
 * marked sending before its key is claimed: after a takeover, a sending row
 * whose key is pending is never sent again; once its call can no longer be in
 * flight (DASHBOARD_ADJUSTMENT_IN_FLIGHT_SECONDS after it was marked) it is
 * settled by reading the journal (reconcile-row.ts). A 429 gives the key back
 * and the row is sent after the wait; refusals (insufficient_funds,
 * account_blocked, …) fail the row and the batch continues; a cancel stops
 * before the next row.
 *
 * Before every row it sends, the worker asks whether the member who confirmed
 * the run may still move its money (#whyStop): still a member, in a role that
 * may make every kind of operation of the batch (what the confirm action asks),
 * and the session they confirmed in not ended by anyone but its own sign-out.
 * If not, nothing more is sent: the rows already sent are settled by reading
 * (as at the end of any pass; a row whose call never went out becomes pending
 * again), and the batch ends `stopped` with the reason, its unsent rows pending.
 */
export interface AdjustmentWorkerOptions extends PlatformWorkerOptions {
  /** How long a row's call may still be in flight after it was marked sending. */
  inFlightSeconds?: number;
  /**
   * Tests: called after a row's platform call answered and before its outcome is
   * recorded (a worker that never returns from it is one frozen or killed there).
   */
  afterCall?: (event: { batchId: string; line: number }) => Promise<void>;
}

/** `stopped`: this worker stops (shutting down; the batch goes on elsewhere); `revoked`: the batch ended stopped (#whyStop). */
export type BatchOutcome = "checked" | "finished" | "cancelled" | "lost" | "stopped" | "revoked" | "failed" | "validated";

const ROWS_PER_READ = 200;
const CONTACTS_PER_READ = 50;
const HEARTBEAT_MS = 5_000;
const TRANSIENT_CODES = new Set(["network_error", "timeout", "server_error", "bad_response"]);

function isTransient(error: unknown): boolean {
  if (!isPlatformApiError(error)) return true;
  return TRANSIENT_CODES.has(error.code) || error.status >= 500;
}

/** A call that was not sent: a 429 the budget could not wait out, or the platform's breaker open. The work waits, then goes on. */
const isRateLimited = (error: unknown) => isPlatformApiError(error) && (error.status === 429 || error.code === "platform_unavailable");

export class AdjustmentWorker extends LeasedWorker {
  readonly #connect: (db: Db) => Promise<PlatformClient>;
  readonly #inlineWaitMs: number;
  readonly #inFlightSeconds: number;
  readonly #maxFailures: number;
  readonly #afterCall: AdjustmentWorkerOptions["afterCall"];
  readonly #t = translator("en");

  constructor(options: AdjustmentWorkerOptions) {
    const settings = config().dashboard;
    super({
      db: options.db,
      table: ADJUSTMENT_BATCHES,
      area: "adjustments",
      noun: "adjustments",
      owner: options.owner,
      leaseSeconds: options.leaseSeconds,
      pollMs: options.pollMs ?? 1000,
      log: settings.exportLog,
    });
    this.#connect = options.connect ?? ((db) => connectPlatform(db));
    this.#inlineWaitMs = options.inlineWaitMs ?? 2000;
    this.#inFlightSeconds = options.inFlightSeconds ?? settings.adjustmentInFlightSeconds;
    this.#maxFailures = options.maxFailures ?? 8;
    this.#afterCall = options.afterCall;
  }

  async runOnce(): Promise<{ batchId: string; outcome: BatchOutcome } | null> {
    if (this.stopping) return null;
    const batch = await claimBatch(this.db, this.owner, this.leaseSeconds);
    if (!batch) return null;
    this.log("adjustment batch claimed", { batch_id: batch.id, status: batch.status, owner: this.owner });
    const outcome = batch.status === "checking" ? await this.#dryRun(batch) : await this.#run(batch);
    this.log("adjustment batch stopped", { batch_id: batch.id, outcome });
    return { batchId: batch.id, outcome };
  }

  protected override async whyLost(batchId: string | number): Promise<BatchOutcome> {
    const state = await batchState(this.db, String(batchId));
    return state?.status === "cancelled" ? "cancelled" : "lost";
  }

  async #client(batchId: string): Promise<PlatformClient> {
    return (await this.#connect(this.db)).with({
      lane: "background",
      maxWaitMs: this.#inlineWaitMs,
      onWait: (notice: WaitNotice) => this.noteInlineWait(batchId, notice),
    });
  }

  /** Waits out a 429 (budget or platform) with the wait on the batch; null to carry on. */
  async #waitForBudget(batchId: string, api: PlatformClient, error: unknown): Promise<BatchOutcome | null> {
    const { reason, seconds } = await this.budgetWait(api, isPlatformApiError(error) ? error.retryAfter : null);
    return (await this.waitOut(batchId, reason, seconds)) as BatchOutcome | null;
  }

  // ---- the dry run ----

  async #dryRun(batch: ClaimedBatch): Promise<BatchOutcome> {
    const api = await this.#client(batch.id);
    let failures = batch.failures;
    for (;;) {
      if (this.stopping) return "stopped";
      const rows = await uncheckedRows(this.db, batch.id, CONTACTS_PER_READ);
      if (rows.length === 0) return (await finishDryRun(this.db, batch.id, this.owner)) ? "checked" : this.whyLost(batch.id);
      for (const [contactId, contactRows] of groupByContact(rows)) {
        for (;;) {
          if (this.stopping) return "stopped";
          let accounts: Awaited<ReturnType<typeof getContactAccounts>> | null;
          try {
            accounts = await getContactAccounts(api, { contact_id: contactId });
          } catch (error) {
            if (isPlatformApiError(error) && (error.status === 404 || error.status === 403)) {
              accounts = null;
            } else if (isRateLimited(error)) {
              const stopped = await this.#waitForBudget(batch.id, api, error);
              if (stopped) return stopped;
              continue;
            } else if (isTransient(error) && ++failures <= this.#maxFailures) {
              await recordFailures(this.db, batch.id, this.owner, failures);
              const stopped = (await this.waitOut(batch.id, "platform_unavailable", Math.min(60, 2 ** Math.min(failures, 6)))) as BatchOutcome | null;
              if (stopped) return stopped;
              continue;
            } else {
              const code = isPlatformApiError(error) ? error.code : "internal";
              await abandonDryRun(this.db, batch.id, this.owner, code, error instanceof Error ? error.message : String(error));
              return "validated";
            }
          }
          const results = checkContactRows(contactRows, accounts);
          if (!(await commitDryRun(this.db, batch.id, this.owner, this.leaseSeconds, results))) return this.whyLost(batch.id);
          failures = 0;
          break;
        }
      }
    }
  }

  // ---- the run ----

  async #actorOf(batch: ClaimedBatch): Promise<Actor> {
    const id = batch.confirmedBy ?? batch.createdBy;
    const [member] = await this.db.select().from(users).where(eq(users.id, id));
    const role = member && isRole(member.role) ? member.role : "support";
    return { id, email: member?.email ?? "", name: member?.name ?? "", role };
  }

  /**
   * Why the run must send nothing more, or null: the confirmer removed, in a role that may no longer make every kind
   * of operation the batch holds (the check of the confirm action), or their confirming session ended (run-store.ts).
   * Asked before each row: one small read beside a platform call.
   */
  async #whyStop(batch: ClaimedBatch): Promise<StopReason | null> {
    const { role, sessionEnded } = await confirmerStanding(this.db, batch.id);
    if (role === null) return "confirmer_removed";
    if (!isRole(role) || !can(role, "accounts.top_up") || !mayAdjustBalances(role, kindsOf(batch.totals as StoredTotals | null))) return "confirmer_role";
    return sessionEnded ? "confirmer_session_ended" : null;
  }

  async #run(batch: ClaimedBatch): Promise<BatchOutcome> {
    const api = await this.#client(batch.id);
    const context: LedgerContext = { db: this.db, api, actor: await this.#actorOf(batch), t: this.#t };
    let after = 0;
    let cancelled = false;
    let stop: StopReason | null = null;
    passOverFile: for (;;) {
      const rows = await nextRunRows(this.db, batch.id, after, ROWS_PER_READ, this.#inFlightSeconds);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (this.stopping) return "stopped";
        stop = await this.#whyStop(batch);
        if (stop) break passOverFile;
        const step = await this.#runRow(context, batch.id, row);
        if (step === "retry") {
          // A 429: the row is pending again; the file is read again from it after the wait.
          const stopped = await this.#waitForBudget(batch.id, api, null);
          if (stopped) return stopped;
          after = row.line - 1;
          continue passOverFile;
        }
        if (step === "cancel") {
          cancelled = true;
          break passOverFile;
        }
        if (step === "lost") return this.whyLost(batch.id);
        after = row.line;
      }
    }
    if (!stop && (cancelled || (await batchState(this.db, batch.id))?.cancelRequested)) await cancelPendingRows(this.db, batch.id, this.owner);
    const settled = await this.#settleOpenRows(context, batch);
    if (typeof settled === "string") return settled;
    stop ??= settled.stop;
    if (stop) return (await stopRun(this.db, batch.id, this.owner, stop)) ? "revoked" : this.whyLost(batch.id);
    return (await finishRun(this.db, batch.id, this.owner)) ?? this.whyLost(batch.id);
  }

  /** One row: sent once, or its earlier submission's outcome taken. */
  async #runRow(context: LedgerContext, batchId: string, row: RunRow): Promise<"done" | "retry" | "cancel" | "lost" | "open"> {
    if (row.runStatus === "sending") {
      // Marked by a worker that stopped or died: never sent again if its key was claimed.
      const intent = row.idempotencyKey ? await findIntent(this.db, row.idempotencyKey) : null;
      if (intent) {
        if (!(await storedIntentIs(this.db, rowIntent(batchId, row, context.actor.id, row.idempotencyKey!)))) {
          // Another request holds the row's key: its outcome is not the row's.
          await recordRowOutcome(this.db, batchId, row.line, keyMismatchOutcome(this.#t("adjustments.row.key_mismatch")));
          return "done";
        }
        if (intent.status !== "pending" && intent.outcome) {
          await recordRowOutcome(this.db, batchId, row.line, rowOutcomeOf(intent.outcome, this.#t("adjustments.row.unknown")));
          return "done";
        }
        return "open";
      }
      await unmarkSending(this.db, batchId, row.line);
    }
    const key = rowIdempotencyKey(batchId, row.line);
    const marked = await markSending(this.db, batchId, this.owner, this.leaseSeconds, row.line, key);
    if (marked === "cancel" || marked === "lost") return marked;
    if (marked === "skip") return "done";
    let result: LedgerResult;
    try {
      result = await this.#send(context, batchId, row, key);
    } catch (error) {
      if (error instanceof NotPerformed) {
        await unmarkSending(this.db, batchId, row.line);
        return "retry";
      }
      if (error instanceof DashboardError && error.code === "ledger.key_reused") {
        // The key was claimed by another request (not this row's): nothing was sent, and its outcome is not the row's.
        await recordRowOutcome(this.db, batchId, row.line, keyMismatchOutcome(this.#t("adjustments.row.key_mismatch")));
        return "done";
      }
      throw error;
    }
    if (result.status === "in_progress") return "open";
    if (result.replayed) await recordRowOutcome(this.db, batchId, row.line, rowOutcomeOf(result, this.#t("adjustments.row.unknown")));
    return "done";
  }

  #send(context: LedgerContext, batchId: string, row: RunRow, key: string): Promise<LedgerResult> {
    const t = this.#t;
    const operation = row.kind;
    const intent = rowIntent(batchId, row, context.actor.id, key);
    const facts = {
      contactId: row.contactId,
      accountId: row.accountId,
      currency: row.currency,
      kind: operation,
      amount: row.amountMinor,
      description: row.description,
      batchId,
      batchLine: row.line,
    };
    return runOnce(
      context,
      intent,
      facts,
      async (requestId): Promise<Performed> => {
        if (row.accountId === null) {
          // The dry run found no account (or no contact): nothing to send.
          const code = row.dryCode ?? "account_not_found";
          const message = t(`adjustments.row.${code}`, { currency: row.currency });
          return { outcome: { status: "failed", operation, error: { code, status: 0, message, fieldErrors: {} }, requestId } };
        }
        const api = context.api.with({ requestId });
        const movement = { account_id: row.accountId, amount: row.amountMinor, description: row.description };
        let performed: Performed;
        try {
          const call = operation === "top_up" ? addFundsToContactAccount(api, movement) : withdrawFundsFromContactAccount(api, movement);
          const changed = await this.#renewingLease(batchId, call);
          performed = {
            outcome: { status: "succeeded", operation, account: null, balanceAfter: changed.amount.toString(), requestId },
            balanceAfter: changed.amount,
          };
        } catch (error) {
          if (isRateLimited(error)) throw new NotPerformed(error);
          if (isUnknownOutcome(error)) {
            const reason = error instanceof PlatformApiError ? error.code : "internal_error";
            performed = { outcome: { status: "unknown", operation, reason, requestId } };
          } else {
            const failure = toFailure(error, t);
            if (failure.code === "account_blocked" || failure.code === "insufficient_funds") failure.currency = row.currency;
            performed = { outcome: { status: "failed", operation, error: failure, requestId } };
          }
        }
        await this.#afterCall?.({ batchId, line: row.line });
        return performed;
      },
      {
        alsoInTransaction: async (tx, outcome) => {
          await recordRowOutcome(tx, batchId, row.line, rowOutcomeOf(outcome, t("adjustments.row.unknown")));
        },
      },
    );
  }

  /** Renews the batch's lease while a call is on its way (a slow platform must not hand the batch to another worker). */
  async #renewingLease<T>(batchId: string, call: Promise<T>): Promise<T> {
    let settled = false;
    const tracked = call.finally(() => {
      settled = true;
    });
    while (!settled) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([tracked.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, HEARTBEAT_MS)))]);
      clearTimeout(timer);
      if (!settled) await this.heartbeat(batchId);
    }
    return tracked;
  }

  /**
   * Rows whose outcome is open at the end of the pass: each is settled by
   * reading once its call can no longer be in flight (waiting, with the wait on
   * the batch), or by its worker's late record; when all are done, why the run
   * must stop, if a row that was never sent found it so (#whyStop).
   */
  async #settleOpenRows(context: LedgerContext, batch: ClaimedBatch): Promise<BatchOutcome | { stop: StopReason | null }> {
    const batchId = batch.id;
    const tried = new Set<number>();
    const usedJournalIds = new Set<number>();
    let stop: StopReason | null = null;
    for (;;) {
      if (this.stopping) return "stopped";
      const open = (await openRows(this.db, batchId, this.#inFlightSeconds)).filter((row) => !tried.has(row.line));
      if (open.length === 0) return { stop };
      const ready = open.filter((row) => row.settled);
      if (ready.length === 0) {
        const stopped = (await this.waitOut(batchId, "in_flight", 1)) as BatchOutcome | null;
        if (stopped) return stopped;
        continue;
      }
      for (const row of ready) {
        if (this.stopping) return "stopped";
        let settlement;
        try {
          settlement = await reconcileRow(context, batchId, row, usedJournalIds);
        } catch (error) {
          if (isRateLimited(error)) {
            const stopped = await this.#waitForBudget(batchId, context.api, error);
            if (stopped) return stopped;
            continue;
          }
          if (!isTransient(error)) throw error;
          settlement = "open" as const;
        }
        if (settlement === "not_sent") {
          // Marked but its key never claimed: nothing reached the platform, it goes out now — unless the run must stop,
          // when it is pending again and stays unsent.
          stop ??= await this.#whyStop(batch);
          if (stop) {
            await unmarkSending(this.db, batchId, row.line);
            tried.add(row.line);
            continue;
          }
          const step = await this.#runRow(context, batchId, row);
          if (step === "retry") {
            const stopped = await this.#waitForBudget(batchId, context.api, null);
            if (stopped) return stopped;
          }
          if (step === "lost") return this.whyLost(batchId);
          if (step === "cancel") await cancelPendingRows(this.db, batchId, this.owner);
          continue;
        }
        tried.add(row.line);
        if (!(await this.heartbeat(batchId))) return this.whyLost(batchId);
      }
    }
  }
}

function groupByContact(rows: TypedRow[]): Map<number, TypedRow[]> {
  const groups = new Map<number, TypedRow[]>();
  for (const row of rows) groups.set(row.contactId, [...(groups.get(row.contactId) ?? []), row]);
  return groups;
}
