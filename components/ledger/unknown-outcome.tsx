"use client";

import { useState, useTransition } from "react";
import { useI18n } from "@/components/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatTimestamp } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/money/money";
import type { Reconciliation } from "@/lib/ledger/types";
import { reconcileOperationAction } from "@/lib/ledger/actions";
import { describeCode } from "@/lib/ledger/outcome-codes";
import { callAction } from "@/lib/actions/call-action";

/**
 * An operation the platform did not answer: it may or may not have happened.
 * Nothing is sent again; "Check the balance" reads the account and its journal
 * and, when the journal shows the operation, records it as done.
 */
export function UnknownOutcome({ idempotencyKey, reason, onSettled }: { idempotencyKey: string; reason: string; onSettled: () => void }) {
  const { t, locale, timeZone } = useI18n();
  const [checking, startChecking] = useTransition();
  const [check, setCheck] = useState<Reconciliation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = () =>
    startChecking(async () => {
      setProblem(null);
      try {
        const result = await callAction(reconcileOperationAction, { idempotencyKey }, t);
        if (!result.ok) return setProblem(result.error.message);
        setCheck(result.data);
        onSettled();
      } catch {
        setProblem(t("ledger.connection_lost"));
      }
    });

  const balance = check?.account ? formatMoney(check.account.amount, check.account.currency, locale) : null;
  return (
    <Alert tone="warning" title={t("ledger.unknown.title")} live>
      <div className="space-y-2" data-testid="unknown-outcome">
        <p>{t("ledger.unknown.body", { reason: describeCode(reason, t) })}</p>
        {check ? (
          <p data-testid="reconciliation">
            {check.found
              ? check.outcome.status === "succeeded" && check.outcome.balanceAfter !== null && check.account
                ? t("ledger.unknown.found", { balance: formatMoney(check.outcome.balanceAfter, check.account.currency, locale) })
                : t("ledger.unknown.found_plain")
              : check.journalAvailable
                ? t("ledger.unknown.not_found", { time: formatTimestamp(check.checkedAt, locale, timeZone), balance: balance ?? t("common.none") })
                : t("ledger.unknown.no_journal", { balance: balance ?? t("common.none") })}
          </p>
        ) : null}
        {problem ? <p className="text-danger">{problem}</p> : null}
        <Button variant="secondary" onClick={run} disabled={checking}>
          {checking ? t("ledger.unknown.checking") : t("ledger.unknown.check")}
        </Button>
      </div>
    </Alert>
  );
}
