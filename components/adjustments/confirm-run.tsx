"use client";

import { useId, useState, type ReactNode } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/core/actions/result";
import type { BatchSummaryView, ConfirmView } from "@/lib/features/adjustments/views";
import { formatCount } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import { parseAmountText, type AmountBounds } from "@/lib/core/money/parse-amount";
import { netMinor } from "./format";
import { useSingleFlight } from "./use-single-flight";
import { StepUpPrompt } from "@/components/shell/step-up-prompt";

/** A typed net total may be negative (more debits than top-ups) and as large as any sum of a file. */
const TYPED_TOTAL_BOUNDS: AmountBounds = { min: -(BigInt(10) ** BigInt(40)), max: BigInt(10) ** BigInt(40) };

/** The total as shown may be typed or pasted with its currency ("$1,234.50", "1 234,50 ₽", "USD 5"): only the number counts. */
const withoutCurrency = (text: string, currency: string) =>
  text
    .split(currency)
    .join("")
    .replace(/[^\d\s.,+\-−]/g, "");

/**
 * The last step before a run: the totals again, and Run. Above the threshold (`confirm.threshold` "type_total")
 * the person types each currency's net total as the table shows it, read in their language ("1 000,50" in
 * Russian, "1,000.50" in English); Run stays disabled, with the reason beside it, until every typed total is
 * the table's. Once sent, Run stays disabled: a batch is run once (the action is not called a second time).
 */
export function ConfirmRun({
  summary,
  confirm,
  action,
  onStarted,
  blockedReason = null,
  stepUpAction,
  totalsTable,
}: {
  summary: Pick<BatchSummaryView, "totals" | "valid" | "invalid">;
  /** The totals again (TotalsTable, drawn on the server), above the rows to run. */
  totalsTable: ReactNode;
  confirm: ConfirmView;
  action: () => Promise<ActionResult<unknown>>;
  onStarted?: () => void;
  /** Why the run cannot start now (e.g. the same file was uploaded before and that is not confirmed), or null. */
  blockedReason?: string | null;
  /** Takes the code when the run is above the team's threshold (the step-up server action unless given). */
  stepUpAction?: (input: { code: string }) => Promise<ActionResult<unknown>>;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const { send, pending, done, problem, problemCode, clearProblem } = useSingleFlight(action);
  const stepUp = problemCode === "step_up_required";
  const typing = confirm.threshold === "type_total";

  const mismatched = typing
    ? summary.totals
        .filter((row) => {
          const parsed = parseAmountText(withoutCurrency(typed[row.currency] ?? "", row.currency), row.currency, locale, TYPED_TOTAL_BOUNDS);
          return !parsed.ok || parsed.minor !== netMinor(row).toString();
        })
        .map((row) => row.currency)
    : [];
  const reason =
    summary.valid === 0
      ? t("adjustments.page.confirm.nothing")
      : blockedReason
        ? blockedReason
        : mismatched.length > 0
          ? t("adjustments.page.confirm.type_first", { currencies: new Intl.ListFormat(locale, { type: "conjunction" }).format(mismatched) })
          : null;

  const run = async () => {
    if (reason || done) return;
    if (await send()) onStarted?.();
  };

  const reasonText = confirm.reason
    ? confirm.reason.kind === "rows"
      ? t("adjustments.page.confirm.reason_rows", { limit: formatCount(confirm.reason.limit, locale) })
      : t("adjustments.page.confirm.reason_amount", {
          limit: formatMoney(confirm.reason.limitMinor, confirm.reason.currency, locale),
          currency: confirm.reason.currency,
        })
    : null;

  return (
    <form
      className="space-y-4"
      noValidate
      aria-label={t("adjustments.page.confirm.title")}
      data-testid="adjustment-confirm"
      data-ready={hydrated || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      {totalsTable}
      <p className="text-sm">
        {t("adjustments.page.confirm.rows", { count: formatCount(summary.valid, locale) })}
        {summary.invalid > 0 ? ` ${t("adjustments.page.confirm.skipped", { count: formatCount(summary.invalid, locale) })}` : ""}
      </p>
      {typing ? (
        <fieldset className="space-y-3" disabled={pending || done}>
          <legend className="text-sm font-medium">{reasonText ?? t("adjustments.page.confirm.type_legend")}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {summary.totals.map((row) => (
              <Field
                key={row.currency}
                label={t("adjustments.page.confirm.type_label", { currency: row.currency })}
                description={t("adjustments.page.confirm.type_hint", { amount: formatMoney(netMinor(row), row.currency, locale) })}
                required
              >
                <AmountInput
                  currency={row.currency}
                  value={typed[row.currency] ?? ""}
                  onChange={(event) => setTyped((current) => ({ ...current, [row.currency]: event.target.value }))}
                  data-testid={`confirm-total-${row.currency}`}
                />
              </Field>
            ))}
          </div>
        </fieldset>
      ) : null}
      {stepUp && !pending ? (
        <StepUpPrompt
          confirmCode={stepUpAction}
          onConfirmed={() => {
            clearProblem();
            void run();
          }}
        />
      ) : problem ? (
        <Alert tone="danger" live>
          {t(problem)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          disabled={reason !== null || pending || done}
          aria-busy={pending || undefined}
          aria-describedby={reason ? `${id}-reason` : undefined}
          data-testid="confirm-run"
        >
          {pending
            ? t("adjustments.page.confirm.starting")
            : done
              ? t("adjustments.page.confirm.started")
              : t("adjustments.page.confirm.submit", { count: formatCount(summary.valid, locale) })}
        </Button>
        {reason && !pending && !done ? (
          <p id={`${id}-reason`} className="text-sm text-muted" data-testid="confirm-reason">
            {reason}
          </p>
        ) : null}
      </div>
    </form>
  );
}
