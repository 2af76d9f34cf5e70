import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { processBridge } from "@/lib/core/process-bridge.mjs";

/**
 * bcrypt comparisons in worker threads, for the hashes stored before argon2id
 * (lib/auth/password.ts; each is replaced at its user's next sign-in).
 * bcryptjs is plain JavaScript: on the
 * event loop, each comparison blocks it in slices of up to 100 ms, and every
 * other request (the API, the rest of a sign-in) waits behind them. In a
 * worker the comparison runs beside the event loop. The workers are started
 * on first use, one per slot of the password-check gate, and do not keep the
 * process alive. Where no worker can be started, null: the caller compares
 * on the event loop as before.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require(workerData.bcryptPath);
parentPort.on("message", ({ id, password, hash }) => {
  let ok = false;
  try { ok = bcrypt.compareSync(password, hash); } catch { ok = false; }
  parentPort.postMessage({ id, ok });
});`;

interface Job {
  id: number;
  password: string;
  hash: string;
  resolve: (ok: boolean) => void;
  reject: (error: Error) => void;
}

class ComparisonPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private started = 0;

  constructor(
    private readonly size: number,
    private readonly bcryptPath: string,
  ) {}

  compare(password: string, hash: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, password, hash, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.started < this.size ? this.spawn() : null);
      if (!worker) return;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.postMessage({ id: job.id, password: job.password, hash: job.hash });
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath: this.bcryptPath } });
    this.started++;
    worker.unref();
    worker.on("message", (message: { id: number; ok: boolean }) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      this.idle.push(worker);
      if (job?.id === message.id) job.resolve(message.ok === true);
      this.pump();
    });
    let gone = false;
    const lost = (error: Error) => {
      if (gone) return;
      gone = true;
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      this.started--;
      job?.reject(error);
      this.pump();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`password worker exited with code ${code}`)));
    return worker;
  }
}

/** The instance's pool of `size` workers, or null when bcryptjs cannot be found for them (the app's folder is the working directory). */
export function comparisonPool(size: number): { compare(password: string, hash: string): Promise<boolean> } | null {
  const bridge = processBridge();
  if (bridge.passwordComparisonPool === undefined) {
    try {
      const bcryptPath = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json")).resolve("bcryptjs");
      bridge.passwordComparisonPool = new ComparisonPool(size, bcryptPath);
    } catch {
      bridge.passwordComparisonPool = null;
    }
  }
  return bridge.passwordComparisonPool;
}
