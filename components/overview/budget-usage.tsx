"use client";

import { useI18n } from "@/components/shell/i18n-provider";
import { formatCount } from "@/lib/dashboard/format";
import { useRequestBudget } from "@/lib/dashboard/queries/use-request-budget";

/** How much of this minute's platform requests the dashboard has used (the shared budget of its key), and any wait. */
export function BudgetUsage() {
  const { t, locale } = useI18n();
  const { data } = useRequestBudget();
  if (!data || data.limit === null || data.remaining === null) {
    return <p className="text-sm text-muted">{data === undefined ? t("common.loading") : t("overview.budget_unknown")}</p>;
  }
  const used = Math.max(0, data.limit - data.remaining);
  return (
    <div className="space-y-2" data-testid="overview-budget">
      <p className="text-sm">{t("overview.budget_used", { used: formatCount(used, locale), limit: formatCount(data.limit, locale) })}</p>
      <meter className="h-3 w-full" min={0} max={data.limit} value={used} high={data.limit * 0.8} optimum={0} aria-label={t("overview.budget")} />
      {data.pausedForSeconds > 0 ? <p className="text-sm text-warning">{t("overview.budget_paused", { seconds: data.pausedForSeconds })}</p> : null}
      {data.backgroundWaitSeconds > 0 ? <p className="text-sm text-muted">{t("overview.budget_background", { seconds: data.backgroundWaitSeconds })}</p> : null}
    </div>
  );
}
