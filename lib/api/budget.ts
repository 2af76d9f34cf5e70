import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import type { BudgetView } from "./budget-view";
import { COMMIT_WITHOUT_DISK_WAIT } from "@/lib/db/commit-mode";

export type { BudgetView };

/**
 * The shared request budget of one API key, kept in the database so that every
 * dashboard instance spends the key's allowance (120 requests a minute on the
 * hosted platform) together, and never causes a 429.
 *
 * The platform's own account of the window is the truth: X-RateLimit-Limit and
 * X-RateLimit-Remaining on every answer, X-RateLimit-Reset (the window's end, as
 * Unix seconds, read against the answer's Date header) where the platform sends
 * it, Retry-After on a 429. Between answers the budget counts its own grants,
 * so it is never more generous than the platform:
 *
 * - every grant is spent at once (`remaining - 1`) and stays "in flight" until
 *   its answer comes back, so a window that refills while requests are on their
 *   way starts at `limit - in flight`, not at `limit`;
 * - an answer lowers `remaining` to what the platform says minus what is still
 *   in flight, never raises it within a window (answers arrive out of order);
 *   an answer from a window that has already ended is ignored;
 * - a window ends at X-RateLimit-Reset when the platform sends it; otherwise at
 *   most a minute after the first answer counted in it (an upper bound), and
 *   then one probe request at a time finds the new count before others go;
 * - all times are the database's clock, shared by every instance.
 *
 * Two lanes. Interactive requests (pages, actions) may spend the whole window.
 * Background work (exports) leaves a small reserve to them.
 */
export type Lane = "interactive" | "background";

export interface InFlight {
  seq: number;
  /** Epoch milliseconds of the grant. */
  at: number;
}

export interface BudgetState {
  limit: number | null;
  /** Requests this key may still send in the platform's current window; null: unknown (a probe finds out). */
  remaining: number | null;
  /** By when the platform's current window has certainly ended. */
  windowResetAt: Date | null;
  /** X-RateLimit-Reset of the window `remaining` counts in; null: not known yet, or the platform sends none. */
  windowId: number | null;
  /** The latest X-RateLimit-Reset seen. */
  latestWindowId: number | null;
  /** After a 429: nobody sends before this time. */
  pausedUntil: Date | null;
  inFlight: InFlight[];
  probeSeq: number | null;
  seq: number;
}

/**
 * rate_limit: the platform's window is spent (or a 429 paused it); reserve: background work leaves the rest to people;
 * probe: the count is unknown and the one request that finds it has not answered yet. Only the first two are the
 * platform's limit: a probe that hangs is an outage (lib/api/breaker.ts), never reported as a rate-limit wait.
 */
export type WaitReason = "rate_limit" | "reserve" | "probe";

export interface BudgetDecision {
  granted: boolean;
  /** How long to wait before asking again (0 when granted). */
  waitMs: number;
  reason: WaitReason | null;
  /** The grant's number, handed back with its answer (0 when not granted). */
  seq: number;
}

export interface Observation {
  /** The grant this answers. */
  seq: number;
  /** HTTP status; 0 when no answer came (network error, timeout). */
  status: number;
  limit?: number | null;
  remaining?: number | null;
  /** Seconds, from Retry-After. */
  retryAfter?: number | null;
  /** X-RateLimit-Reset: Unix seconds at which the platform's window ends. */
  reset?: number | null;
  /** Milliseconds from the answer until that reset, by the platform's own clock (reset − Date header). */
  resetInMs?: number | null;
}

/** The platform counts per minute. */
export const WINDOW_MS = 60_000;
const DEFAULT_LIMIT = 120;
/** A grant with no answer after this long belonged to a process that died (a call times out after 30 s). */
export const IN_FLIGHT_EXPIRY_MS = 90_000;
/** How often a request that waits for an answer (a probe, or counts that are all in flight) asks again. */
export const POLL_MS = 100;
/**
 * How long the others wait for a probe's answer before one more request may go as the probe. A probe that hangs
 * (a stuck platform, a background call with a long timeout) must not hold every page until it times out; the cost is
 * at most one more request per second of a slow probe, while the platform's count is unknown anyway.
 */
export const PROBE_PATIENCE_MS = 1_000;

/** Requests background work leaves to interactive ones: 5% of the limit, at least 1 (6 of 120, 2 of 30). */
export function reserveFor(limit: number | null): number {
  return Math.max(1, Math.ceil((limit ?? DEFAULT_LIMIT) * 0.05));
}

export function keyHashOf(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}

export const emptyBudget = (): BudgetState => ({
  limit: null,
  remaining: null,
  windowResetAt: null,
  windowId: null,
  latestWindowId: null,
  pausedUntil: null,
  inFlight: [],
  probeSeq: null,
  seq: 0,
});

/** The state as time has moved it: lost grants expire, a pause ends, an ended window starts over. */
function advance(state: BudgetState, now: Date): BudgetState {
  const next = { ...state, inFlight: state.inFlight.filter((grant) => now.getTime() - grant.at < IN_FLIGHT_EXPIRY_MS) };
  if (next.probeSeq !== null && !next.inFlight.some((grant) => grant.seq === next.probeSeq)) next.probeSeq = null;
  if (next.pausedUntil && next.pausedUntil <= now) next.pausedUntil = null;
  if (next.windowResetAt && next.windowResetAt <= now) {
    // A platform that names its windows tells the exact end: the new window holds the whole limit, less
    // the requests still on their way (they may be counted in it). Otherwise a probe finds the new count.
    const exact = next.latestWindowId !== null && next.limit !== null;
    next.remaining = exact ? next.limit! - next.inFlight.length : null;
    next.windowId = null;
    next.windowResetAt = null;
  }
  return next;
}

/** Whether a request of this lane may go now, and the state after granting it. */
export function decide(state: BudgetState, lane: Lane, now: Date): { decision: BudgetDecision; next: BudgetState } {
  const current = advance(state, now);
  const wait = (waitMs: number, reason: WaitReason) => ({
    decision: { granted: false, waitMs: Math.max(1, Math.ceil(waitMs)), reason, seq: 0 },
    next: current,
  });
  if (current.pausedUntil) return wait(current.pausedUntil.getTime() - now.getTime(), "rate_limit");
  const seq = current.seq + 1;
  let { remaining, probeSeq } = current;
  if (remaining === null) {
    // The count is unknown: one request goes, its answer tells the rest.
    const probe = probeSeq === null ? undefined : current.inFlight.find((grant) => grant.seq === probeSeq);
    if (probe && now.getTime() - probe.at < PROBE_PATIENCE_MS) return wait(POLL_MS, "probe");
    probeSeq = seq;
  } else {
    const floor = lane === "background" ? reserveFor(current.limit) : 0;
    if (remaining <= floor) {
      const reason = lane === "background" ? "reserve" : "rate_limit";
      // Until the window ends; or, while every request of a new window is still in flight, until one answers.
      return wait(current.windowResetAt ? current.windowResetAt.getTime() - now.getTime() : POLL_MS, reason);
    }
    remaining -= 1;
  }
  return {
    decision: { granted: true, waitMs: 0, reason: null, seq },
    next: { ...current, remaining, probeSeq, seq, inFlight: [...current.inFlight, { seq, at: now.getTime() }] },
  };
}

/** The state after an answer (or after a call that got none): its headers are the platform's own account of the window. */
export function observe(state: BudgetState, observation: Observation, now: Date): BudgetState {
  const current = advance(state, now);
  const wasProbe = current.probeSeq !== null && current.probeSeq === observation.seq;
  const next: BudgetState = {
    ...current,
    inFlight: current.inFlight.filter((grant) => grant.seq !== observation.seq),
    probeSeq: wasProbe ? null : current.probeSeq,
    limit: observation.limit ?? current.limit,
  };
  const reset = observation.reset ?? null;
  const resetAt = reset !== null && observation.resetInMs != null ? new Date(now.getTime() + Math.max(0, observation.resetInMs)) : null;
  const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

  if (observation.status === 429) {
    const until = new Date(now.getTime() + Math.max(1, observation.retryAfter ?? 1) * 1000);
    const pausedUntil = later(current.pausedUntil, until)!;
    return {
      ...next,
      remaining: 0,
      pausedUntil,
      windowResetAt: later(pausedUntil, resetAt),
      windowId: reset ?? next.windowId,
      latestWindowId: reset !== null ? Math.max(reset, next.latestWindowId ?? reset) : next.latestWindowId,
    };
  }
  if (observation.remaining === undefined || observation.remaining === null) return next;
  // What the platform has left once every request still on its way is counted.
  const left = observation.remaining - next.inFlight.length;

  if (reset !== null) {
    if (next.latestWindowId !== null && reset < next.latestWindowId) return next; // a window that has ended
    if (next.windowId === null && next.latestWindowId !== null && reset === next.latestWindowId && next.remaining !== null) {
      return next; // the window our count started over from: it has ended here
    }
    const sameWindow = next.windowId === reset || (next.windowId === null && next.remaining !== null);
    return {
      ...next,
      remaining: sameWindow && next.remaining !== null ? Math.min(next.remaining, left) : left,
      windowId: reset,
      latestWindowId: reset,
      windowResetAt: sameWindow ? later(next.windowResetAt, resetAt) : (resetAt ?? new Date(now.getTime() + WINDOW_MS)),
    };
  }
  // A platform that does not say when its window ends: the end is estimated, and never moved earlier.
  if (next.remaining === null) {
    // Only the probe's answer is known to be counted in the new window.
    if (!wasProbe) return next;
    // The window the probe was counted in began at the latest when it was counted, so it ends within a minute of now.
    return { ...next, remaining: left, windowId: null, windowResetAt: new Date(now.getTime() + WINDOW_MS) };
  }
  return { ...next, remaining: Math.min(next.remaining, left), windowResetAt: next.windowResetAt ?? new Date(now.getTime() + WINDOW_MS) };
}

type Row = {
  limit_per_window: number | null;
  remaining: number | null;
  window_reset_at: Date | string | null;
  paused_until: Date | string | null;
  window_id: number | string | null;
  latest_window_id: number | string | null;
  in_flight: InFlight[] | string | null;
  probe_seq: number | string | null;
  seq: number | string | null;
  now: Date | string;
};

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function toState(row: Row | undefined): BudgetState {
  if (!row) return emptyBudget();
  const inFlight = typeof row.in_flight === "string" ? (JSON.parse(row.in_flight) as InFlight[]) : (row.in_flight ?? []);
  return {
    limit: numberOrNull(row.limit_per_window),
    remaining: numberOrNull(row.remaining),
    windowResetAt: dateOrNull(row.window_reset_at),
    pausedUntil: dateOrNull(row.paused_until),
    windowId: numberOrNull(row.window_id),
    latestWindowId: numberOrNull(row.latest_window_id),
    inFlight: inFlight.map((grant) => ({ seq: Number(grant.seq), at: Number(grant.at) })),
    probeSeq: numberOrNull(row.probe_seq),
    seq: Number(row.seq ?? 0),
  };
}

const COLUMNS = sql`limit_per_window, remaining, window_reset_at, paused_until, window_id, latest_window_id, in_flight, probe_seq, seq, clock_timestamp() AS now`;

/**
 * The key's row, locked until the transaction ends. The commit of the transaction does not wait for the WAL to reach
 * the disk (synchronous_commit off for this transaction only: nothing stays set on the connection, so a pooler in
 * transaction mode is fine). Every platform call of every page makes two such transactions, and on a busy disk that
 * wait was a good part of a page's time; a crash can lose only the last few updates of a budget, which the next
 * answer of the platform corrects (its X-RateLimit-Remaining; a 429 pauses the budget as usual).
 */
const lockedRow = (db: Db, keyHash: string) =>
  queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS}, ${COMMIT_WITHOUT_DISK_WAIT}
        FROM dashboard.request_budgets WHERE key_hash = ${keyHash} FOR UPDATE`,
  );

/**
 * Reads, decides and writes under a row lock, so instances never both spend the last request. Time is the database's.
 * Three statements in the usual case (lock and read, write, commit); the key's first use inserts its row first.
 */
async function update<T>(db: Db, keyHash: string, at: Date | undefined, fn: (state: BudgetState, now: Date) => { next: BudgetState; result: T }): Promise<T> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    let [row] = await lockedRow(txDb, keyHash);
    if (!row) {
      await txDb.execute(sql`INSERT INTO dashboard.request_budgets (key_hash) VALUES (${keyHash}) ON CONFLICT (key_hash) DO NOTHING`);
      [row] = await lockedRow(txDb, keyHash);
    }
    const now = at ?? new Date(row.now);
    const { next, result } = fn(toState(row), now);
    await txDb.execute(sql`
      UPDATE dashboard.request_budgets SET
        limit_per_window = ${next.limit}, remaining = ${next.remaining},
        window_reset_at = ${next.windowResetAt?.toISOString() ?? null}::timestamptz,
        paused_until = ${next.pausedUntil?.toISOString() ?? null}::timestamptz,
        window_id = ${next.windowId}, latest_window_id = ${next.latestWindowId},
        in_flight = ${JSON.stringify(next.inFlight)}::jsonb, probe_seq = ${next.probeSeq}, seq = ${next.seq},
        updated_at = now()
      WHERE key_hash = ${keyHash}`);
    return result;
  });
}

/** Asks to send one request; `at` overrides the database's clock (tests). */
export function reserveRequest(db: Db, keyHash: string, lane: Lane, at?: Date): Promise<BudgetDecision> {
  return update(db, keyHash, at, (state, now) => {
    const { decision, next } = decide(state, lane, now);
    return { next, result: decision };
  });
}

/** Hands a grant's answer back (status 0 when none came). */
export function recordResponse(db: Db, keyHash: string, observation: Observation, at?: Date): Promise<void> {
  return update(db, keyHash, at, (state, now) => ({ next: observe(state, observation, now), result: undefined }));
}

const wholeSeconds = (decision: BudgetDecision) => (decision.granted || decision.waitMs < 1000 ? 0 : Math.ceil(decision.waitMs / 1000));

/** What the UI shows: "requests wait 20 s", "export paused for 20 s: rate limit". */
export async function readBudget(db: Db, keyHash: string, at?: Date): Promise<BudgetView> {
  const [row] = await queryRows<Row>(db, sql`SELECT ${COLUMNS} FROM dashboard.request_budgets WHERE key_hash = ${keyHash}`);
  const state = toState(row);
  const now = at ?? (row ? new Date(row.now) : new Date());
  const interactive = decide(state, "interactive", now).decision;
  const background = decide(state, "background", now).decision;
  const remaining = advance(state, now).remaining;
  return {
    limit: state.limit,
    remaining: remaining === null ? null : Math.max(0, remaining),
    pausedForSeconds: wholeSeconds(interactive),
    backgroundWaitSeconds: wholeSeconds(background),
  };
}
