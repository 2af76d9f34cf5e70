import "server-only";
import { getDatabase, type Db } from "@/lib/db/client";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import type { LeasedWorker } from "./worker";

/**
 * Starts one of this process's background workers (called once per worker from instrumentation.ts):
 * at most one per name in the process, none when its setting turns it off. On SIGTERM it stops after
 * its current step and hands its jobs back, so that another instance (or this one after a restart)
 * continues at once; scripts/start.mjs also stops every one of them before it closes the database.
 */
export async function startBackgroundWorker(name: string, enabled: boolean, create: (db: Db) => LeasedWorker): Promise<void> {
  const workers = (processBridge().backgroundWorkers ??= new Map());
  if (!enabled || workers.has(name)) return;
  const { db } = await getDatabase();
  // Another start of the same worker may have finished while this one waited for the database.
  if (workers.has(name)) return;
  const worker = create(db);
  workers.set(name, worker);
  worker.start();
  const stop = () => void worker.stop();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
