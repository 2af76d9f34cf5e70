import type { BatchStatus } from "./types";

/**
 * The state machine of a batch (its statuses: types.ts). A person moves it with four actions, which the store
 * (batch-store.ts) applies under the batch's row lock:
 *
 *   validate  uploaded | validated | checked → validated   (a new mapping replaces the rows and the dry run)
 *   dry_run   validated | checked → checking               (checking already: nothing to do)
 *   confirm   checked → running                           (once: a second confirmation is refused)
 *   cancel    uploaded | validated | checking | checked → cancelled; running → running with the cancel flag set
 *
 * The worker makes the others: checking → checked (the dry run finished), running → finished | failed | stopped.
 */
export type BatchAction = "validate" | "dry_run" | "confirm" | "cancel";

/** What an action does in a status: moves the batch `to` a status, leaves it as it is (`stay`), raises the cancel `flag` of a run, or is `refused` with an i18n code. */
export type Step = { to: BatchStatus } | { stay: true } | { flag: "cancel" } | { refused: string };

/** The statuses of a row in a run: pending until sent, then its outcome, or cancelled when the batch was. */
export const ROW_RUN_STATUSES = ["pending", "sending", "succeeded", "failed", "unknown", "cancelled"] as const;
export type RowRunStatus = (typeof ROW_RUN_STATUSES)[number];

const EDITABLE: readonly BatchStatus[] = ["uploaded", "validated", "checked"];
const CANCELLABLE: readonly BatchStatus[] = ["uploaded", "validated", "checking", "checked"];

/** Why a dry run or a confirmation is refused in a status that is not theirs. */
function refusalOf(status: BatchStatus): string {
  if (status === "running" || status === "finished") return "adjustments.batch.already_run";
  if (status === "cancelled" || status === "failed" || status === "stopped") return "adjustments.batch.ended";
  if (status === "checking") return "adjustments.batch.checking";
  return "adjustments.batch.dry_run_needed";
}

/** The step an action takes from a status. */
export function stepOf(status: BatchStatus, action: BatchAction): Step {
  switch (action) {
    case "validate":
      return EDITABLE.includes(status) ? { to: "validated" } : { refused: "adjustments.batch.not_editable" };
    case "dry_run":
      if (status === "checking") return { stay: true };
      return status === "validated" || status === "checked" ? { to: "checking" } : { refused: refusalOf(status) };
    case "confirm":
      return status === "checked" ? { to: "running" } : { refused: refusalOf(status) };
    case "cancel":
      if (status === "running") return { flag: "cancel" };
      return CANCELLABLE.includes(status) ? { to: "cancelled" } : { refused: "adjustments.batch.not_cancellable" };
  }
}
