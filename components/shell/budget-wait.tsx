"use client";

import { useT } from "@/components/shell/i18n-provider";
import { useRequestBudget } from "@/lib/dashboard/queries/use-request-budget";

/** The wait the platform's rate limit imposes on requests, read from the shared budget; nothing when there is none. */
export function BudgetWait() {
  const t = useT();
  const { data } = useRequestBudget();
  const seconds = data?.pausedForSeconds ?? 0;
  return seconds > 0 ? t("budget.paused", { seconds }) : null;
}
