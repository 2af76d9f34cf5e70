"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox, Field, Input } from "@/components/ui/field";
import { StepUpPrompt } from "@/components/shell/step-up-prompt";
import { saveSecurityRulesAction } from "@/lib/features/account/two-factor-actions";
import { callAction } from "@/lib/core/actions/call-action";

export interface SecurityRulesValues {
  requireTwoFactor: boolean;
  /** Amounts in major units, as an owner types them. */
  thresholds: { currency: string; amount: string }[];
}

/** The owners' security rules: two-factor for every member, and per currency the amount above which a fresh code is asked. */
export function SecurityRulesForm({ initial }: { initial: SecurityRulesValues }) {
  const t = useT();
  const router = useRouter();
  const [requireTwoFactor, setRequireTwoFactor] = useState(initial.requireTwoFactor);
  const [rows, setRows] = useState(initial.thresholds.map((row, index) => ({ ...row, key: index })));
  const [nextKey, setNextKey] = useState(initial.thresholds.length);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The server asked for a fresh code (these rules guard the money): the prompt sends the same rules again once it is given.
  const [stepUp, setStepUp] = useState(false);

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    setBusy(true);
    setStepUp(false);
    setMessage(null);
    setErrors({});
    const result = await callAction(
      saveSecurityRulesAction,
      {
        requireTwoFactor,
        thresholds: rows.filter((row) => row.currency.trim() || row.amount.trim()).map(({ currency, amount }) => ({ currency, amount })),
      },
      t,
    );
    setBusy(false);
    if (result.ok) {
      setMessage({ tone: "success", text: t("security_rules.saved") });
      router.refresh();
      return;
    }
    if (result.error.code === "step_up_required") return setStepUp(true);
    setErrors(result.error.fieldErrors);
    setMessage({ tone: "danger", text: result.error.message });
  }

  const errorOf = (path: string) => (errors[path]?.length ? { message: errors[path].join(" ") } : undefined);
  const update = (key: number, change: Partial<{ currency: string; amount: string }>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("security_rules.title")} data-testid="security-rules">
      {message ? (
        <Alert tone={message.tone} live>
          {message.text}
        </Alert>
      ) : null}
      <div className="space-y-4">
        <Field id="require-two-factor" label={t("security_rules.require_two_factor")} description={t("security_rules.require_hint")} inline>
          <Checkbox checked={requireTwoFactor} onChange={(event) => setRequireTwoFactor(event.target.checked)} />
        </Field>
        <div className="space-y-2">
          <p className="text-sm font-medium">{t("security_rules.thresholds")}</p>
          <p className="text-sm text-muted">{t("security_rules.thresholds_hint")}</p>
          {rows.map((row, index) => (
            <div key={row.key} className="flex flex-wrap items-end gap-2" data-testid="threshold-row">
              <Field id={`threshold-${row.key}-currency`} label={t("security_rules.currency")} error={errorOf(`thresholds.${index}.currency`)} className="w-28">
                <Input value={row.currency} maxLength={3} onChange={(event) => update(row.key, { currency: event.target.value.toUpperCase() })} />
              </Field>
              <Field id={`threshold-${row.key}-amount`} label={t("security_rules.amount")} error={errorOf(`thresholds.${index}.amount`)} className="w-48">
                <Input value={row.amount} inputMode="decimal" onChange={(event) => update(row.key, { amount: event.target.value })} />
              </Field>
              <Button variant="ghost" onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
                {t("security_rules.remove")}
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            onClick={() => {
              setRows((current) => [...current, { currency: "", amount: "", key: nextKey }]);
              setNextKey(nextKey + 1);
            }}
          >
            {t("security_rules.add")}
          </Button>
        </div>
        {stepUp ? <StepUpPrompt onConfirmed={() => void submit()} onCancel={() => setStepUp(false)} /> : null}
        <Button type="submit" disabled={busy || stepUp}>
          {t("security_rules.save")}
        </Button>
      </div>
    </form>
  );
}
