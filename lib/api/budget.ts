import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";

/**
 * The shared request budget of one API key, kept in the database so that every
 * dashboard instance spends the key's allowance (120 requests a minute on the
 * hosted platform) together.
 *
 * - Pacing comes from the platform: X-RateLimit-Remaining after each response,
 *   and Retry-After on a 429, which pauses everybody until then.
 * - Two lanes. Interactive requests (pages, actions) go first: they never wait
 *   for the reserve, only for a 429 pause. Background work (exports) spends only
 *   while more than a small reserve remains, then waits for the window to refill.
 */
export type Lane = "interactive" | "background";

export interface BudgetState {
  limit: number | null;
  remaining: number | null;
  windowResetAt: Date | null;
  pausedUntil: Date | null;
}

export interface BudgetDecision {
  granted: boolean;
  /** How long to wait before asking again (0 when granted). */
  waitMs: number;
  reason: "rate_limit" | "reserve" | null;
}

export interface Observation {
  status: number;
  limit?: number | null;
  remaining?: number | null;
  /** Seconds, from Retry-After. */
  retryAfter?: number | null;
}

/** The platform counts per minute. */
export const WINDOW_MS = 60_000;
/** A count this much above what we expected means the platform's window has refilled. */
const REFILL_SLACK = 5;
const DEFAULT_LIMIT = 120;

/** Requests background work leaves to interactive ones: 5% of the limit, at least 1 (6 of 120, 2 of 30). */
export function reserveFor(limit: number | null): number {
  return Math.max(1, Math.ceil((limit ?? DEFAULT_LIMIT) * 0.05));
}

export function keyHashOf(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}

export const emptyBudget = (): BudgetState => ({ limit: null, remaining: null, windowResetAt: null, pausedUntil: null });

/** Whether a request of this lane may go now, and the state after spending it. */
export function decide(state: BudgetState, lane: Lane, now: Date): { decision: BudgetDecision; next: BudgetState } {
  if (state.pausedUntil && state.pausedUntil > now) {
    return { decision: { granted: false, waitMs: state.pausedUntil.getTime() - now.getTime(), reason: "rate_limit" }, next: state };
  }
  let { remaining, windowResetAt } = state;
  if (windowResetAt && windowResetAt <= now) {
    // The window has refilled; the next response tells how much is left.
    remaining = null;
    windowResetAt = null;
  }
  if (lane === "background" && remaining !== null && remaining <= reserveFor(state.limit)) {
    const waitMs = windowResetAt ? windowResetAt.getTime() - now.getTime() : 1000;
    return { decision: { granted: false, waitMs, reason: "reserve" }, next: { ...state, remaining, windowResetAt } };
  }
  // An interactive request goes even at 0: if the platform refuses it, its Retry-After says exactly how long to wait.
  return {
    decision: { granted: true, waitMs: 0, reason: null },
    next: { ...state, pausedUntil: null, remaining: remaining === null ? null : Math.max(0, remaining - 1), windowResetAt },
  };
}

/** The state after a response: its headers are the platform's own account of the window. */
export function observe(state: BudgetState, observation: Observation, now: Date): BudgetState {
  const limit = observation.limit ?? state.limit;
  if (observation.status === 429) {
    const until = new Date(now.getTime() + Math.max(1, observation.retryAfter ?? 1) * 1000);
    const pausedUntil = state.pausedUntil && state.pausedUntil > until ? state.pausedUntil : until;
    return { limit, remaining: 0, windowResetAt: pausedUntil, pausedUntil };
  }
  if (observation.remaining === undefined || observation.remaining === null) return { ...state, limit };
  const refilled =
    state.remaining === null ||
    state.windowResetAt === null ||
    state.windowResetAt <= now ||
    observation.remaining > state.remaining + REFILL_SLACK;
  if (refilled) {
    // A fixed one-minute window ends at most a minute after the count we just saw.
    return { ...state, limit, remaining: observation.remaining, windowResetAt: new Date(now.getTime() + WINDOW_MS) };
  }
  // Within a window the count only goes down; responses may arrive out of order.
  return { ...state, limit, remaining: Math.min(observation.remaining, state.remaining!) };
}

type Row = { limit_per_window: number | null; remaining: number | null; window_reset_at: Date | string | null; paused_until: Date | string | null };

const toState = (row: Row | undefined): BudgetState =>
  row
    ? {
        limit: row.limit_per_window === null ? null : Number(row.limit_per_window),
        remaining: row.remaining === null ? null : Number(row.remaining),
        windowResetAt: row.window_reset_at === null ? null : new Date(row.window_reset_at),
        pausedUntil: row.paused_until === null ? null : new Date(row.paused_until),
      }
    : emptyBudget();

/** Reads, decides and writes under a row lock, so instances never both spend the last request. */
async function update<T>(db: Db, keyHash: string, fn: (state: BudgetState) => { next: BudgetState; result: T }): Promise<T> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`INSERT INTO dashboard.request_budgets (key_hash) VALUES (${keyHash}) ON CONFLICT (key_hash) DO NOTHING`);
    const [row] = await queryRows<Row>(
      txDb,
      sql`SELECT limit_per_window, remaining, window_reset_at, paused_until FROM dashboard.request_budgets WHERE key_hash = ${keyHash} FOR UPDATE`,
    );
    const { next, result } = fn(toState(row));
    await txDb.execute(sql`
      UPDATE dashboard.request_budgets SET
        limit_per_window = ${next.limit}, remaining = ${next.remaining},
        window_reset_at = ${next.windowResetAt?.toISOString() ?? null}::timestamptz,
        paused_until = ${next.pausedUntil?.toISOString() ?? null}::timestamptz,
        updated_at = now()
      WHERE key_hash = ${keyHash}`);
    return result;
  });
}

export function reserveRequest(db: Db, keyHash: string, lane: Lane, now = new Date()): Promise<BudgetDecision> {
  return update(db, keyHash, (state) => {
    const { decision, next } = decide(state, lane, now);
    return { next, result: decision };
  });
}

export function recordResponse(db: Db, keyHash: string, observation: Observation, now = new Date()): Promise<void> {
  return update(db, keyHash, (state) => ({ next: observe(state, observation, now), result: undefined }));
}

export interface BudgetView {
  limit: number | null;
  remaining: number | null;
  /** Seconds everybody waits after a 429 (0: not paused). */
  pausedForSeconds: number;
  /** Seconds background work waits for the window to refill (0: it may go). */
  backgroundWaitSeconds: number;
}

/** What the UI shows: "export paused for 20 s: rate limit". */
export async function readBudget(db: Db, keyHash: string, now = new Date()): Promise<BudgetView> {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT limit_per_window, remaining, window_reset_at, paused_until FROM dashboard.request_budgets WHERE key_hash = ${keyHash}`,
  );
  const state = toState(row);
  const { decision } = decide(state, "background", now);
  const paused = state.pausedUntil && state.pausedUntil > now ? state.pausedUntil.getTime() - now.getTime() : 0;
  return {
    limit: state.limit,
    remaining: state.remaining,
    pausedForSeconds: Math.ceil(paused / 1000),
    backgroundWaitSeconds: decision.granted ? 0 : Math.ceil(decision.waitMs / 1000),
  };
}
