"use client";

import { useId, useState, type FormEvent } from "react";
import { useT } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { stepUpAction } from "@/lib/features/account/two-factor-actions";
import type { ActionResult } from "@/lib/core/actions/result";
import { callAction } from "@/lib/core/actions/call-action";

/**
 * A money action above the team's threshold answered `step_up_required`: a code is asked here, inline, and once it is
 * accepted `onConfirmed` sends the very same request again (same idempotency key: nothing lost, nothing done twice).
 * Not a nested <form>: it sits inside the money action's own form.
 */
export function StepUpPrompt({
  onConfirmed,
  onCancel,
  confirmCode = stepUpAction,
}: {
  onConfirmed: () => void;
  onCancel?: () => void;
  /** The server action that takes the code (the step-up action; a test passes its own). */
  confirmCode?: (input: { code: string }) => Promise<ActionResult<unknown>>;
}) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: boolean; text: string } | null>(null);

  async function confirm(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await callAction(confirmCode, { code }, t);
      if (result.ok) {
        setCode("");
        onConfirmed();
        return;
      }
      const onField = result.error.fieldErrors.code?.join(" ");
      setError(onField ? { field: true, text: onField } : { field: false, text: result.error.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="space-y-3 rounded-md border border-warning p-3" data-testid="step-up">
      <p id={`${id}-title`} className="text-sm font-semibold">
        {t("step_up.title")}
      </p>
      <p className="text-sm text-muted">{t("step_up.hint")}</p>
      {error && !error.field ? (
        <Alert tone="danger" live>
          {error.text}
        </Alert>
      ) : null}
      <Field id={`${id}-code`} label={t("two_factor.code_or_recovery")} error={error?.field ? { message: error.text } : undefined} required>
        <Input
          value={code}
          autoComplete="one-time-code"
          maxLength={64}
          autoFocus
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") void confirm(event);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void confirm()} disabled={busy || code.trim() === ""}>
          {t("step_up.submit")}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t("two_factor.cancel")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
