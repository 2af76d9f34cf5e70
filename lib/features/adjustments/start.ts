import "server-only";
import { config } from "@/lib/core/config.mjs";
import { startBackgroundWorker } from "@/lib/core/jobs/start";
import { AdjustmentWorker } from "./worker";

/** This process's bulk adjustment worker (dry runs and runs); DASHBOARD_ADJUSTMENT_WORKER=0 leaves it off. */
export function startAdjustmentWorkerFromEnv(): Promise<void> {
  return startBackgroundWorker("adjustments", config().dashboard.adjustmentWorker, (db) => new AdjustmentWorker({ db }));
}
