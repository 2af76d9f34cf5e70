import "server-only";
import { getDatabase } from "@/lib/db/client";
import { config } from "@/lib/config.mjs";
import { processBridge } from "@/lib/process-bridge.mjs";
import { AdjustmentWorker } from "./worker";

/**
 * Starts this process's bulk adjustment worker (called once from
 * instrumentation.ts, next to the export worker). DASHBOARD_ADJUSTMENT_WORKER=0
 * leaves it off. On SIGTERM it stops after the current row and hands its batch
 * back, so that another instance (or this one after a restart) continues at once.
 */
export async function startAdjustmentWorkerFromEnv(): Promise<void> {
  const bridge = processBridge();
  if (!config().dashboard.adjustmentWorker || bridge.adjustmentWorker) return;
  const { db } = await getDatabase();
  const worker = new AdjustmentWorker({ db });
  bridge.adjustmentWorker = worker;
  worker.start();
  const stop = () => void worker.stop();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
