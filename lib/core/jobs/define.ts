import "server-only";
import { log } from "@/lib/core/log.mjs";
import type { config } from "@/lib/core/config.mjs";
import type { Db } from "@/lib/db/client";
import type { LeasedTable } from "./lease";

type Settings = ReturnType<typeof config>;

/** What runs a job in this process: started once, stopped on shutdown (after its current step, handing its work back). */
export interface JobRunner {
  start(): void;
  stop(): Promise<void>;
}

/**
 * A background job as the registry (lib/features/jobs.ts) lists it. Two kinds:
 *
 * - a leased worker over a table of jobs (lib/core/jobs/lease.ts, a LeasedWorker subclass): `table` and
 *   `leaseSeconds` say which rows it claims and for how long, and `create` gets the lease;
 * - a periodic task (`every`): housekeeping that runs now and then on every instance, such as pruning rows that
 *   count for nothing any more; it needs no lease, since running it twice at once does no harm.
 */
export type JobDefinition = LeasedJob | PeriodicJob;

interface JobBase {
  /** Names it in log lines, leases and the registry; unique. */
  name: string;
  /** Whether this process runs it (its setting in lib/core/config.mjs). */
  enabled: (settings: Settings) => boolean;
}

export interface LeasedJob extends JobBase {
  kind: "leased";
  table: LeasedTable;
  leaseSeconds: (settings: Settings) => number;
  create: (context: { db: Db; leaseSeconds: number }) => JobRunner;
}

export interface PeriodicJob extends JobBase {
  kind: "periodic";
  /** Milliseconds between the end of one run and the start of the next. */
  everyMs: number;
  run: (db: Db) => Promise<unknown>;
}

/** Declares a job; the registry lists what this returns. */
export function defineJob<const T extends JobDefinition>(definition: T): T {
  if (!/^[a-z][a-z0-9-]*$/.test(definition.name)) throw new Error(`a job's name is lowercase words with dashes: ${definition.name}`);
  return Object.freeze(definition);
}

/** Creates the runner of a job for this process's database and settings. */
export function runnerOf(job: JobDefinition, db: Db, settings: Settings): JobRunner {
  if (job.kind === "leased") return job.create({ db, leaseSeconds: job.leaseSeconds(settings) });
  return new PeriodicRunner(job, db);
}

/**
 * Runs a periodic task: the first run a random part of the interval after the start (instances started together
 * spread out), then one interval after each run ends. A failure is logged and the next run comes as usual. The
 * timer does not hold the process open; stop() waits for a run in progress.
 */
class PeriodicRunner implements JobRunner {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(
    private readonly job: PeriodicJob,
    private readonly db: Db,
  ) {}

  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#schedule(Math.floor(Math.random() * this.job.everyMs));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  #schedule(ms: number): void {
    this.#timer = setTimeout(() => {
      this.#running = this.job
        .run(this.db)
        .then(
          () => undefined,
          (error: unknown) => log.error("periodic job failed", { area: this.job.name, error }),
        )
        .finally(() => {
          this.#running = null;
          if (!this.#stopped) this.#schedule(this.job.everyMs);
        });
    }, ms);
    this.#timer.unref();
  }
}
