import "server-only";
import type { Db } from "@/lib/db/client";
import { log } from "@/lib/core/log.mjs";
import { classifyEngineFailure } from "@/lib/db/failure";
import { breakerFor, readBudget, type PlatformClient, type WaitNotice } from "@/lib/api";
import { releaseLeases, renewLease, workerOwnerId, type JobWaitReason, type LeasedTable } from "./lease";

/**
 * The loop of a background worker over a leased table (lib/core/jobs/lease.ts),
 * shared by the contact export and the bulk adjustments: polls for a job,
 * waits longer each time while the database cannot serve, stops on request
 * (after the current step) and hands its leases back, and waits out the
 * request budget (a 429, or the reserve kept for interactive work) with the
 * wait recorded on the job and the lease renewed meanwhile.
 */
/** What the creator of a worker that reads the platform may set (tests and benchmarks set more than the defaults). */
export interface PlatformWorkerOptions {
  db: Db;
  /** Names this worker in leases; unique per process. */
  owner?: string;
  /** The platform for a job; default: the configured connection. */
  connect?: (db: Db) => Promise<PlatformClient>;
  /** The lease a job is held under, renewed while it runs (the job's definition reads it from the settings). */
  leaseSeconds: number;
  /** How often an idle worker looks for a job; default 1 s. */
  pollMs?: number;
  /** Longest wait for the request budget inside one call; longer waits are recorded on the job. */
  inlineWaitMs?: number;
  /** Consecutive transient failures (network, 5xx) before a job gives up; default 8. */
  maxFailures?: number;
}

export interface LeasedWorkerOptions {
  db: Db;
  table: LeasedTable;
  /** For log lines: "contact-export", "adjustments". */
  area: string;
  /** What the jobs are called in log lines ("database unavailable: exports wait"). */
  noun: string;
  owner?: string;
  leaseSeconds: number;
  /** How often an idle worker looks for a job. */
  pollMs: number;
  /** Whether info lines are written. */
  log: boolean;
}

/** Longest pause between tries while the database cannot serve. */
const UNAVAILABLE_MAX_WAIT_MS = 30_000;
const HEARTBEAT_MS = 5_000;

export abstract class LeasedWorker {
  readonly owner: string;
  protected readonly db: Db;
  protected readonly leaseSeconds: number;
  protected readonly pollMs: number;
  readonly #table: LeasedTable;
  readonly #area: string;
  readonly #noun: string;
  readonly #log: boolean;
  #stopping = false;
  #abort = new AbortController();
  #loop: Promise<void> | null = null;
  #stopped: Promise<void> | null = null;

  constructor(options: LeasedWorkerOptions) {
    this.db = options.db;
    this.owner = options.owner ?? workerOwnerId();
    this.leaseSeconds = options.leaseSeconds;
    this.pollMs = options.pollMs;
    this.#table = options.table;
    this.#area = options.area;
    this.#noun = options.noun;
    this.#log = options.log;
  }

  /** Claims one job and runs it until it ends, is taken away, or the worker stops; null when there was none. */
  abstract runOnce(): Promise<unknown>;

  /** Called when there was no job to run (housekeeping such as deleting expired files). */
  protected async idle(): Promise<void> {}

  /** Why the job is no longer this worker's (cancelled, or taken over): the outcome to report. */
  protected abstract whyLost(jobId: string | number): Promise<string>;

  get stopping(): boolean {
    return this.#stopping;
  }

  /** Polls for jobs until stop(). */
  start(): void {
    if (this.#loop) return;
    this.#loop = this.#run();
  }

  /** Stops after the current step, and hands running jobs back; every call waits for the same stop. */
  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#stopping = true;
      this.#abort.abort();
      await this.#loop?.catch(() => undefined);
      await releaseLeases(this.db, this.#table, this.owner).catch(() => undefined);
    })();
    return this.#stopped;
  }

  /** An info line under this worker's area, unless its switch turned them off (errors are always written). */
  protected log(msg: string, fields: Record<string, unknown> = {}): void {
    if (!this.#log) return;
    log.info(msg, { area: this.#area, ...fields });
  }

  async #run(): Promise<void> {
    let unavailable = 0;
    while (!this.#stopping) {
      try {
        const ran = await this.runOnce();
        if (unavailable > 0) this.log(`database serves again: ${this.#noun} resume`, { waits: unavailable });
        unavailable = 0;
        if (ran !== null) continue;
        await this.idle();
      } catch (error) {
        const failure = classifyEngineFailure(error);
        if (failure) {
          // A full disk or a reopening engine: every try would fail the same way, so wait longer each time
          // and say so once (a job claimed meanwhile is taken up again when its lease runs out).
          unavailable += 1;
          if (unavailable === 1) log.error(`database unavailable: ${this.#noun} wait`, { area: this.#area, reason: failure.reason });
          await this.sleep(Math.min(UNAVAILABLE_MAX_WAIT_MS, this.pollMs * 2 ** Math.min(unavailable, 5)));
          continue;
        }
        log.error("worker loop failed", { area: this.#area, error });
      }
      await this.sleep(this.pollMs);
    }
  }

  /** Renews the job's lease (recording a wait, if any); false when the job is no longer ours. */
  protected heartbeat(jobId: string | number, wait?: { reason: JobWaitReason; seconds: number; count?: boolean }): Promise<boolean> {
    return renewLease(this.db, this.#table, jobId, this.owner, this.leaseSeconds, wait);
  }

  /**
   * Why a call was not sent: the platform is not answering (its breaker is open: the work pauses until the next
   * probe, and resumes by itself), a platform 429 pause, or the reserve kept for interactive requests.
   */
  protected async budgetWait(api: PlatformClient | null, retryAfter: number | null): Promise<{ reason: JobWaitReason; seconds: number }> {
    if (api) {
      const breaker = breakerFor(api.baseUrl, api.keyHash).view();
      if (breaker.state !== "closed") {
        const untilProbe = breaker.probeAt ? Date.parse(breaker.probeAt) - Date.now() : 1000;
        return { reason: "platform_unavailable", seconds: Math.max(1, Math.ceil(untilProbe / 1000)) };
      }
      const budget = await readBudget(this.db, api.keyHash);
      if (budget.pausedForSeconds > 0) return { reason: "rate_limit", seconds: budget.pausedForSeconds };
      if (budget.backgroundWaitSeconds > 0) return { reason: "budget_reserve", seconds: budget.backgroundWaitSeconds };
    }
    return { reason: "rate_limit", seconds: Math.max(1, retryAfter ?? 1) };
  }

  /** Records the wait on the job and sleeps through it, renewing the lease; null to carry on, else the outcome to report. */
  protected async waitOut(jobId: string | number, reason: JobWaitReason, seconds: number): Promise<string | null> {
    if (!(await this.heartbeat(jobId, { reason, seconds, count: true }))) return this.whyLost(jobId);
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      if (this.#stopping) return "stopped";
      await this.sleep(Math.min(HEARTBEAT_MS, until - Date.now()));
      if (this.#stopping) return "stopped";
      const remaining = Math.ceil((until - Date.now()) / 1000);
      if (!(await this.heartbeat(jobId, remaining > 0 ? { reason, seconds: remaining } : undefined))) return this.whyLost(jobId);
    }
    return null;
  }

  /** For a client's onWait: a wait inside one call (within its inline limit) shows on the job. */
  protected async noteInlineWait(jobId: string | number, notice: WaitNotice): Promise<void> {
    await this.heartbeat(jobId, { reason: notice.reason === "reserve" ? "budget_reserve" : "rate_limit", seconds: Math.max(1, notice.seconds), count: true });
  }

  /** Sleeps, waking at once when the worker stops. */
  protected sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.#stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const signal = this.#abort.signal;
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
      signal.addEventListener("abort", done, { once: true });
    });
  }
}
