import "server-only";
import { stepUpReservationPruning } from "@/lib/auth/step-up";
import type { JobDefinition } from "@/lib/core/jobs/define";
import { adjustmentJob } from "./adjustments/job";
import { exportJob } from "./contacts/export/job";
import { idempotencyKeyPruning } from "./ledger/idempotency";

/**
 * Every background job of the dashboard, in one list: instrumentation.ts starts those this process's settings turn
 * on (lib/core/jobs/start.ts), scripts/start.mjs stops them on shutdown. A new job is a defineJob() beside the code it
 * runs, and one line here (docs/architecture.md, "A background job").
 */
export const JOBS: readonly JobDefinition[] = [exportJob, adjustmentJob, idempotencyKeyPruning, stepUpReservationPruning];
