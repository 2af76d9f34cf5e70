import "server-only";
import { counter, gauge, histogram } from "@/lib/core/metrics.mjs";
import { breakerViews, type BreakerState } from "./breaker";

/**
 * The dashboard's calls to a platform (lib/core/metrics.mjs). `method` is the API method the client calls (a fixed set
 * in this code); `outcome` the HTTP status of the answer, or why there was none (timeout, network_error,
 * platform_unavailable: refused before it was sent, rate_limited: the wait was longer than the caller allows).
 */
export const platformCalls = counter("chatbot_dashboard_platform_calls_total", "The dashboard's calls to the platform, by API method and outcome.", [
  "method",
  "outcome",
]);
export const platformCallDuration = histogram(
  "chatbot_dashboard_platform_call_duration_seconds",
  "Time a platform call took the dashboard, budget waits included, by API method.",
  ["method"],
);
export const budgetWaits = counter(
  "chatbot_dashboard_budget_waits_total",
  "Platform calls the shared request budget held back before sending, by lane and reason.",
  ["lane", "reason"],
);
export const budgetWaitDuration = histogram(
  "chatbot_dashboard_budget_wait_seconds",
  "How long the shared request budget held a platform call back, by lane.",
  ["lane"],
  [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
);

const STATES: readonly BreakerState[] = ["closed", "open", "half_open"];
/** Per state, how many platforms' breakers (one per platform and key this process called) are in it. */
gauge("chatbot_dashboard_platform_breakers", "The platform breakers of this process, by state (closed, open, half_open).", ["state"], (metric) => {
  const views = breakerViews();
  for (const state of STATES) metric.set({ state }, views.filter((view) => view.state === state).length);
});
