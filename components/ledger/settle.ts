import type { ActionError, FieldErrors } from "@/lib/core/actions/result";
import type { LedgerFailure, LedgerOutcome } from "@/lib/features/ledger/types";
import type { Placement } from "./describe";
import type { Settled } from "./use-ledger-submission";

type Succeeded = Extract<LedgerOutcome, { status: "succeeded" }>;

/** What a ledger form does with each way a submission can end; settle() walks them in one order for every form. */
export interface SettleSteps {
  /** The action's request got no answer: sending again with the same key is safe. */
  connectionLost: () => void;
  /** Any definite answer (a refusal or an outcome), before it is shown: renew or forget the key. */
  answered?: () => void;
  /** A refusal before any operation; true when the form has dealt with it itself (a step-up prompt). */
  refused?: (error: ActionError) => boolean | void;
  succeeded: (outcome: Succeeded) => void;
  /** The platform's answer was lost: settled by reading (UnknownOutcome), never by sending again. */
  unknown: (reason: string) => void;
  /** A definite failure of the operation, before it is placed: close the review, read the account again. */
  failed?: () => void;
  /** Where the platform's failure belongs (placeFailure, with the form's account and currency). */
  place: (error: LedgerFailure) => Placement;
  /** The contact or account is not reachable: the whole panel says so. */
  pageError: (message: string) => void;
  notice: (message: string) => void;
  /** Puts field errors on the form's inputs and says how many found one; without it, or when none did, they become the notice. */
  fields?: (fieldErrors: FieldErrors, options: { shouldFocus: boolean }) => number;
}

/** Shows how a ledger submission ended (useLedgerSubmission's answer; null: a second click that sent nothing). */
export function settle(settled: Settled | null, steps: SettleSteps): void {
  if (!settled) return;
  if (settled.kind === "connection_lost") return steps.connectionLost();
  steps.answered?.();
  if (settled.kind === "refused") {
    const { error } = settled;
    if (steps.refused?.(error)) return;
    if (error.kind === "not_found") return steps.pageError(error.message);
    if ((steps.fields?.(error.fieldErrors, { shouldFocus: false }) ?? 0) === 0) steps.notice(error.message);
    return;
  }
  const { outcome } = settled;
  if (outcome.status === "succeeded") return steps.succeeded(outcome);
  if (outcome.status === "unknown") return steps.unknown(outcome.reason);
  steps.failed?.();
  const placement = steps.place(outcome.error);
  if (placement.on === "page") return steps.pageError(placement.text);
  if (placement.on === "form") return steps.notice(placement.text);
  if ((steps.fields?.(placement.fieldErrors, { shouldFocus: true }) ?? 0) === 0) steps.notice(outcome.error.message);
}
