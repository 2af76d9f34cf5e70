/** Whether the platform answers, as this dashboard instance's breaker saw it (lib/api/breaker.ts). */
export interface PlatformStatus {
  /** False from the first call in a row that got no answer (or a 502/503/504) until one is answered again. */
  answering: boolean;
  state: "closed" | "open" | "half_open";
  /** ISO time: since when it has not answered. */
  since: string | null;
  /** ISO time of the last answer this instance got, if any since it started. */
  lastAnsweredAt: string | null;
  /** ISO time of the next try while the breaker is open. */
  nextTryAt: string | null;
}

/** What the dashboard's pages may know of the shared request budget (never the key): GET /api/dashboard/budget. */
export interface BudgetView {
  limit: number | null;
  remaining: number | null;
  /** Seconds a page's request waits now (after a 429, or with the window spent); 0: it goes. */
  pausedForSeconds: number;
  /** Seconds background work waits for the window to refill (0: it may go). */
  backgroundWaitSeconds: number;
  /** Null when no platform is configured. */
  platform?: PlatformStatus | null;
}
