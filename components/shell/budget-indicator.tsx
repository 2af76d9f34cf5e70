"use client";

import { useQuery } from "@tanstack/react-query";
import { useT } from "@/components/i18n-provider";

interface BudgetView {
  limit: number | null;
  remaining: number | null;
  pausedForSeconds: number;
  backgroundWaitSeconds: number;
}

/** Says so when the platform's rate limit makes requests wait; silent otherwise. */
export function BudgetIndicator() {
  const t = useT();
  const { data } = useQuery({
    queryKey: ["dashboard", "budget"],
    queryFn: async (): Promise<BudgetView | null> => {
      const response = await fetch("/api/dashboard/budget", { cache: "no-store" });
      return response.ok ? ((await response.json()) as BudgetView) : null;
    },
    refetchInterval: (query) => ((query.state.data?.pausedForSeconds ?? 0) > 0 ? 1000 : 15_000),
  });
  const seconds = data?.pausedForSeconds ?? 0;
  return (
    <p role="status" aria-label={t("budget.label")} className="truncate text-sm text-warning">
      {seconds > 0 ? t("budget.paused", { seconds }) : null}
    </p>
  );
}
