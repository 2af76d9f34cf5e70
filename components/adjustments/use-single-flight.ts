"use client";

import { useCallback, useRef, useState } from "react";
import { useT } from "@/components/shell/i18n-provider";
import type { ActionResult } from "@/lib/core/actions/result";

/**
 * One call of a server action at a time: a second `send` while the first runs (a double click) does nothing.
 * `done` stays true after a success, so what may happen once (a run, a cancel) is not asked again; a refusal or
 * a lost connection leaves `problem` (the refusal's text) and allows another try.
 */
export function useSingleFlight(action: () => Promise<ActionResult<unknown>>) {
  const t = useT();
  const flying = useRef(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The refusal's code (step_up_required: the caller asks for a code and sends again). */
  const [problemCode, setProblemCode] = useState<string | null>(null);

  const send = useCallback(async (): Promise<boolean> => {
    if (flying.current) return false;
    flying.current = true;
    setPending(true);
    setProblem(null);
    setProblemCode(null);
    try {
      const result = await action();
      if (result.ok) {
        setDone(true);
        return true;
      }
      setProblem(result.error.message);
      setProblemCode(result.error.code ?? null);
    } catch {
      setProblem(t("adjustments.page.connection_lost"));
    } finally {
      flying.current = false;
      setPending(false);
    }
    return false;
  }, [action, t]);

  return { send, pending, done, problem, problemCode, clearProblem: () => setProblem(null) };
}
