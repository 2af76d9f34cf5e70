/** What the dashboard's pages may know of the shared request budget (never the key): GET /api/dashboard/budget. */
export interface BudgetView {
  limit: number | null;
  remaining: number | null;
  /** Seconds a page's request waits now (after a 429, or with the window spent); 0: it goes. */
  pausedForSeconds: number;
  /** Seconds background work waits for the window to refill (0: it may go). */
  backgroundWaitSeconds: number;
}
