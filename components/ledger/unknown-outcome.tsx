"use client";

import { useEffect, useState, useTransition } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatTimestamp } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import type { Reconciliation } from "@/lib/features/ledger/types";
import { reconcileOperationAction } from "@/lib/features/ledger/actions";
import { describeCode } from "@/lib/features/ledger/outcome-codes";
import { callAction } from "@/lib/core/actions/call-action";
import { isOutage } from "@/lib/api/outage";

/** While the platform does not answer, the journal is read again this often. */
const RECHECK_SECONDS = 5;

/**
 * An operation the platform did not answer: it may or may not have happened.
 * Nothing is sent again. The account and its journal are read at once, and again
 * every few seconds while the platform does not answer; when the journal shows
 * the operation, it is recorded as done. "Check the balance" reads them again.
 */
export function UnknownOutcome({ idempotencyKey, reason, onSettled }: { idempotencyKey: string; reason: string; onSettled: () => void }) {
  const { t, locale, timeZone } = useI18n();
  const [checking, startChecking] = useTransition();
  const [check, setCheck] = useState<Reconciliation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The platform is still not answering: the check runs again by itself until it does.
  const [waiting, setWaiting] = useState(false);
  // Each change reads the journal once: at once, after a wait while the platform does not answer, or on the button.
  const [attempt, setAttempt] = useState(0);

  // Settled by reading, never by sending again.
  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | null = null;
    startChecking(async () => {
      setProblem(null);
      try {
        const result = await callAction(reconcileOperationAction, { idempotencyKey }, t);
        if (!live) return;
        if (!result.ok) {
          const outage = isOutage(result.error);
          setWaiting(outage);
          if (outage) retry = setTimeout(() => setAttempt((n) => n + 1), RECHECK_SECONDS * 1000);
          else setProblem(result.error.message);
          return;
        }
        setWaiting(false);
        setCheck(result.data);
        onSettled();
      } catch {
        if (live) setProblem(t("ledger.connection_lost"));
      }
    });
    return () => {
      live = false;
      if (retry) clearTimeout(retry);
    };
    // One read per attempt (the key of the operation shown does not change while it is shown).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, idempotencyKey]);
  const run = () => setAttempt((n) => n + 1);

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
        {waiting && !check ? (
          <p data-testid="unknown-waiting" role="status">
            {t("ledger.unknown.waiting", { seconds: RECHECK_SECONDS })}
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
