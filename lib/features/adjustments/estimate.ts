import { reserveFor } from "@/lib/api/budget";

/**
 * How long a run (or a dry run) has left: remaining rows × the observed time per row; before any row (or while
 * waiting for the budget), remaining rows at the background lane's share of the rate limit (limit − the interactive
 * reserve, a minute), plus the wait.
 */
export function estimateSecondsLeft(input: {
  remaining: number;
  done: number;
  elapsedSeconds: number;
  waitSeconds: number;
  limitPerMinute: number | null;
}): number | null {
  if (input.remaining <= 0) return 0;
  const limit = input.limitPerMinute ?? 120;
  const budgetSecondsPerRow = 60 / Math.max(1, limit - reserveFor(limit));
  const observed = input.done > 0 && input.elapsedSeconds > 0 ? input.elapsedSeconds / input.done : null;
  const perRow = input.waitSeconds > 0 || observed === null ? Math.max(observed ?? 0, budgetSecondsPerRow) : observed;
  return Math.ceil(input.waitSeconds + input.remaining * perRow);
}
