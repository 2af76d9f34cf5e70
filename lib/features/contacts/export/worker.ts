import "server-only";
import type { Db } from "@/lib/db/client";
import { connectPlatform, getContacts, isPlatformApiError, type ContactBatch, type PlatformClient, type WaitNotice } from "@/lib/api";
import { config } from "@/lib/core/config.mjs";
import { LeasedWorker, type PlatformWorkerOptions } from "@/lib/core/jobs/worker";
import { serialiseBatch, type ExportFormat } from "./format";
import { type ExportJobRow, type StoredFilters } from "./jobs";
import { claimExportJob, cleanupExpiredExports, commitBatch, EXPORT_JOBS, exportJobStatus, failJob, recordFailures } from "./job-store";

/**
 * The export worker, the runner: in every server process, it takes one job at a
 * time from the job store (job-store.ts: leases, batches, waits, all the SQL),
 * reads each batch from the platform in the background lane of the request
 * budget (getContacts, offset, limit 1000) and commits it as one chunk with the
 * job's new offset. Any instance continues a job whose lease ran out (a crash,
 * a restart) from its next_offset: no batch is lost or written twice. A 429 or
 * the budget's reserve is waited out with the wait recorded on the job. The
 * loop, the leases and the waits are lib/core/jobs/ (shared with the bulk adjustments).
 */
export interface ExportWorkerOptions extends PlatformWorkerOptions {
  /** Called after each written batch (tests, benchmarks). */
  onBatch?: (event: { jobId: number; offset: number; rows: number; done: boolean }) => void | Promise<void>;
}

export type JobOutcome = "finished" | "failed" | "cancelled" | "lost" | "stopped";

/** A batch request's result; never a rejected promise, so a batch requested ahead can be dropped safely. */
type Fetched = { ok: true; batch: ContactBatch } | { ok: false; error: unknown };

const CLEANUP_EVERY_MS = 60_000;

const TRANSIENT_CODES = new Set(["network_error", "timeout", "server_error", "bad_response"]);

function isTransient(error: unknown): boolean {
  if (!isPlatformApiError(error)) return true; // a database hiccup or a bug: retried, then the job fails
  return TRANSIENT_CODES.has(error.code) || error.status >= 500;
}

export class ExportWorker extends LeasedWorker {
  readonly #connect: (db: Db) => Promise<PlatformClient>;
  readonly #inlineWaitMs: number;
  readonly #maxFailures: number;
  readonly #onBatch: ExportWorkerOptions["onBatch"];
  #lastCleanup = 0;

  constructor(options: ExportWorkerOptions) {
    super({
      db: options.db,
      table: EXPORT_JOBS,
      area: "contact-export",
      noun: "exports",
      owner: options.owner,
      leaseSeconds: options.leaseSeconds,
      pollMs: options.pollMs ?? 1000,
      log: config().dashboard.exportLog,
    });
    this.#connect = options.connect ?? ((db) => connectPlatform(db));
    this.#inlineWaitMs = options.inlineWaitMs ?? 2000;
    this.#maxFailures = options.maxFailures ?? 8;
    this.#onBatch = options.onBatch;
  }

  protected override async idle(): Promise<void> {
    if (Date.now() - this.#lastCleanup <= CLEANUP_EVERY_MS) return;
    this.#lastCleanup = Date.now();
    const removed = await cleanupExpiredExports(this.db);
    if (removed) this.log("expired exports removed", { count: removed });
  }

  /** Claims one job and runs it until it ends, is taken away, or the worker stops; null when there was none. */
  async runOnce(): Promise<{ jobId: number; outcome: JobOutcome } | null> {
    if (this.stopping) return null;
    const job = await claimExportJob(this.db, this.owner, this.leaseSeconds);
    if (!job) return null;
    this.log("export claimed", { job_id: job.id, next_offset: Number(job.nextOffset), owner: this.owner });
    const outcome = await this.runJob(job);
    this.log("export stopped", { job_id: job.id, outcome });
    return { jobId: job.id, outcome };
  }

  /**
   * Runs a claimed job from its next_offset. The next batch is requested as soon
   * as the previous one has arrived, so that the platform prepares it while this
   * one is serialised and written (the platform's export cursor for it exists by
   * then); it is written only after the previous commit succeeded, at its offset.
   */
  async runJob(job: ExportJobRow): Promise<JobOutcome> {
    const db = this.db;
    const filters = (job.filters as StoredFilters).platform ?? {};
    const limit = job.batchSize;
    let offset = Number(job.nextOffset);
    let failures = job.failures;
    let api: PlatformClient | null = null;
    const fetchBatch = (at: number): Promise<Fetched> =>
      (async () => {
        api ??= (await this.#connect(db)).with({
          lane: "background",
          maxWaitMs: this.#inlineWaitMs,
          onWait: (notice: WaitNotice) => this.noteInlineWait(job.id, notice),
        });
        return { ok: true as const, batch: await getContacts(api, { ...filters, offset: at, limit }) };
      })().catch((error: unknown) => ({ ok: false as const, error }));
    let pending: Promise<Fetched> | null = null;
    const timing = { batches: 0, awaitingPlatformMs: 0, serialiseMs: 0, commitMs: 0 };
    const finish = (outcome: JobOutcome): JobOutcome => {
      this.log("export timing", {
        job_id: job.id,
        outcome,
        batches: timing.batches,
        awaiting_platform_ms: Math.round(timing.awaitingPlatformMs),
        serialise_ms: Math.round(timing.serialiseMs),
        commit_ms: Math.round(timing.commitMs),
      });
      return outcome;
    };
    while (true) {
      if (this.stopping) return finish("stopped");
      let started = performance.now();
      const fetched: Fetched = await (pending ?? fetchBatch(offset));
      timing.awaitingPlatformMs += performance.now() - started;
      pending = null;
      if (!fetched.ok) {
        const outcome = await this.#handleFailure(job, api, fetched.error, ++failures);
        if (outcome) return finish(outcome);
        continue;
      }
      const { batch } = fetched;
      const rows = batch.data.length;
      const done = rows < limit || offset + limit >= batch.meta.total;
      if (!done) pending = fetchBatch(offset + rows);
      started = performance.now();
      const content = serialiseBatch(job.format as ExportFormat, batch.data);
      timing.serialiseMs += performance.now() - started;
      started = performance.now();
      const committed = await commitBatch(db, {
        jobId: job.id,
        owner: this.owner,
        offset,
        rows,
        content,
        total: batch.meta.total,
        done,
        leaseSeconds: this.leaseSeconds,
      });
      timing.commitMs += performance.now() - started;
      if (!committed) return finish(await this.whyLost(job.id));
      timing.batches += 1;
      failures = 0;
      await this.#onBatch?.({ jobId: job.id, offset, rows, done });
      offset += rows;
      if (done) return finish("finished");
    }
  }

  /** A failed batch: waits out a rate limit (never failing on it), retries transient trouble, fails on the rest. */
  async #handleFailure(job: ExportJobRow, api: PlatformClient | null, error: unknown, failures: number): Promise<JobOutcome | null> {
    // Not sent: a 429 the budget could not wait out, or the platform's breaker open. Waited out, never a failure.
    if (isPlatformApiError(error) && (error.status === 429 || error.code === "platform_unavailable")) {
      const { reason, seconds } = await this.budgetWait(api, error.retryAfter);
      return (await this.waitOut(job.id, reason, seconds)) as JobOutcome | null;
    }
    if (isTransient(error) && failures <= this.#maxFailures) {
      await recordFailures(this.db, job.id, this.owner, failures);
      const seconds = Math.min(60, 2 ** Math.min(failures, 6));
      this.log("export batch failed, retrying", { job_id: job.id, failures, seconds, error });
      return (await this.waitOut(job.id, "platform_unavailable", seconds)) as JobOutcome | null;
    }
    const code = isPlatformApiError(error) ? error.code : "internal";
    const message = error instanceof Error ? error.message : String(error);
    await failJob(this.db, job.id, this.owner, code, message);
    this.log("export failed", { job_id: job.id, code, error });
    return "failed";
  }

  protected override async whyLost(jobId: string | number): Promise<JobOutcome> {
    return (await exportJobStatus(this.db, Number(jobId))) === "cancelled" ? "cancelled" : "lost";
  }
}
