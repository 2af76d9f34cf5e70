"use client";

import { useQuery } from "@tanstack/react-query";
import type { BudgetView } from "@/lib/api/budget-view";

/**
 * The shared request budget of the dashboard's key (GET /api/dashboard/budget),
 * one query for every reader: the shell's indicator and a form that waits read
 * the same answer, so when a form polls it every second the shell shows the wait
 * at once too.
 */
export function useRequestBudget({ enabled = true, fast = false }: { enabled?: boolean; fast?: boolean } = {}) {
  return useQuery({
    queryKey: ["dashboard", "budget"],
    queryFn: async (): Promise<BudgetView | null> => {
      const response = await fetch("/api/dashboard/budget", { cache: "no-store" });
      return response.ok ? ((await response.json()) as BudgetView) : null;
    },
    enabled,
    staleTime: 0,
    // While something waits, every second; otherwise now and then.
    refetchInterval: (query) => (fast || (query.state.data?.pausedForSeconds ?? 0) > 0 ? 1000 : 15_000),
  });
}
