"use client";

import { useCallback, useRef, useState } from "react";
import { useRequestBudget } from "@/lib/dashboard/queries/use-request-budget";
import type { ActionError, ActionResult } from "@/lib/core/actions/result";
import type { LedgerOutcome, LedgerResult } from "@/lib/features/ledger/types";

export type Settled =
  | { kind: "outcome"; outcome: LedgerOutcome & { replayed: boolean } }
  /** Refused before any operation: permission, validation, a reused key, no platform connection. */
  | { kind: "refused"; error: ActionError }
  /** The server action's own request got no answer: sending again with the same key is safe. */
  | { kind: "connection_lost" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A repeat that finds the first submission still running asks again (each ask waits up to 20 s on the server): about two minutes. */
const IN_PROGRESS_ATTEMPTS = 6;

/**
 * Sends a ledger action with its idempotency key, once at a time: a second call
 * while one runs (a double click) is ignored here, and the server would answer
 * it with the first outcome anyway. "In progress" answers are asked again with
 * the same key; a lost connection is reported so the person can send again,
 * also with the same key.
 */
export function useLedgerSubmission<I>(action: (input: I) => Promise<ActionResult<LedgerResult>>) {
  const running = useRef(false);
  const [pending, setPending] = useState(false);

  const submit = useCallback(
    async (input: I): Promise<Settled | null> => {
      if (running.current) return null;
      running.current = true;
      setPending(true);
      try {
        for (let attempt = 0; ; attempt++) {
          let result: ActionResult<LedgerResult>;
          try {
            result = await action(input);
          } catch {
            return { kind: "connection_lost" };
          }
          if (!result.ok) return { kind: "refused", error: result.error };
          if (result.data.status !== "in_progress") return { kind: "outcome", outcome: result.data };
          if (attempt >= IN_PROGRESS_ATTEMPTS) return { kind: "connection_lost" };
          await sleep(2000);
        }
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action],
  );

  return { submit, pending };
}

/**
 * While an operation is on its way, the shared request budget says whether it
 * is waiting for the platform's rate limit, and for how long.
 */
export function useRateLimitWait(active: boolean): number {
  const { data } = useRequestBudget({ enabled: active, fast: active });
  return active ? (data?.pausedForSeconds ?? 0) : 0;
}
