"use client";

import type { BudgetView } from "@/lib/api/budget-view";
import { fetchJson } from "@/lib/core/actions/fetch-json";
import { queryKeys } from "./keys";
import { useDashboardQuery } from "./query-client";

const BUDGET_URL = "/api/dashboard/budget";

/**
 * The shared request budget of the dashboard's key (GET /api/dashboard/budget),
 * one query for every reader: the shell's indicator and a form that waits read
 * the same answer, so when a form polls it every second the shell shows the wait
 * at once too.
 */
export function useRequestBudget({ enabled = true, fast = false }: { enabled?: boolean; fast?: boolean } = {}) {
  return useDashboardQuery({
    queryKey: queryKeys.budget(),
    // The indicator is a hint: when the budget cannot be read, it shows nothing.
    queryFn: ({ signal }): Promise<BudgetView | null> => fetchJson<BudgetView>(BUDGET_URL, { signal }).catch(() => null),
    enabled,
    staleTime: 0,
    // While something waits, every second; while the platform does not answer, every 5 s; otherwise now and then.
    refetchInterval: (query) =>
      fast || (query.state.data?.pausedForSeconds ?? 0) > 0 ? 1000 : query.state.data?.platform?.answering === false ? 5_000 : 15_000,
  });
}
