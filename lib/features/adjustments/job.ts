import "server-only";
import { defineJob } from "@/lib/core/jobs/define";
import { ADJUSTMENT_BATCHES } from "./run-store";
import { AdjustmentWorker } from "./worker";

/** Checks (dry runs) and runs bulk adjustment batches (adjustment_batches); DASHBOARD_ADJUSTMENT_WORKER=0 leaves it off. */
export const adjustmentJob = defineJob({
  kind: "leased",
  name: "adjustments",
  table: ADJUSTMENT_BATCHES,
  leaseSeconds: (settings) => settings.dashboard.adjustmentLeaseSeconds,
  enabled: (settings) => settings.dashboard.adjustmentWorker,
  create: ({ db, leaseSeconds }) => new AdjustmentWorker({ db, leaseSeconds }),
});
