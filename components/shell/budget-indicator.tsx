"use client";

import { useT } from "@/components/i18n-provider";
import { useRequestBudget } from "@/lib/queries/use-request-budget";

/** Says so when the platform's rate limit makes requests wait; silent otherwise. */
export function BudgetIndicator() {
  const t = useT();
  const { data } = useRequestBudget();
  const seconds = data?.pausedForSeconds ?? 0;
  return (
    <p role="status" aria-label={t("budget.label")} className="truncate text-sm text-warning">
      {seconds > 0 ? t("budget.paused", { seconds }) : null}
    </p>
  );
}
