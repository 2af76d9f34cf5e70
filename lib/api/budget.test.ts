import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import {
  decide,
  emptyBudget,
  IN_FLIGHT_EXPIRY_MS,
  keyHashOf,
  observe,
  POLL_MS,
  PROBE_PATIENCE_MS,
  readBudget,
  recordResponse,
  reserveFor,
  reserveRequest,
  WINDOW_MS,
  type BudgetState,
  type Lane,
  type Observation,
} from "./budget";

const T0 = new Date(Date.UTC(2030, 0, 1, 12, 0, 0));
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const state = (patch: Partial<BudgetState>): BudgetState => ({ ...emptyBudget(), ...patch });
/** An answer of a platform that names its window: it ends `inSeconds` after the answer. */
const exact = (seq: number, remaining: number, reset: number, inSeconds: number, limit = 120): Observation => ({
  seq,
  status: 200,
  limit,
  remaining,
  reset,
  resetInMs: inSeconds * 1000,
});

describe("budget rules (pure)", () => {
  test("reserve: 5% of the limit, at least 1", () => {
    expect([reserveFor(120), reserveFor(30), reserveFor(5), reserveFor(null)]).toEqual([6, 2, 1, 6]);
  });

  test.each([
    ["plenty left: background goes", state({ limit: 120, remaining: 50, windowResetAt: at(30) }), "background", true, null],
    ["at the reserve: background waits for the refill", state({ limit: 120, remaining: 6, windowResetAt: at(30) }), "background", false, "reserve"],
    ["at the reserve: interactive still goes", state({ limit: 120, remaining: 6, windowResetAt: at(30) }), "interactive", true, null],
    [
      "nothing left: interactive waits too (a 429 is never caused)",
      state({ limit: 120, remaining: 0, windowResetAt: at(30) }),
      "interactive",
      false,
      "rate_limit",
    ],
    ["window ended, count unknown: a probe goes", state({ limit: 120, remaining: 0, windowResetAt: at(-1) }), "background", true, null],
    ["paused by a 429: interactive waits", state({ limit: 120, remaining: 0, pausedUntil: at(20), windowResetAt: at(20) }), "interactive", false, "rate_limit"],
    ["paused by a 429: background waits", state({ limit: 120, remaining: 0, pausedUntil: at(20), windowResetAt: at(20) }), "background", false, "rate_limit"],
  ] as const)("%s (%s lane)", (_title, before, lane, granted, reason) => {
    const { decision } = decide(before, lane, T0);
    expect(decision.granted).toBe(granted);
    expect(decision.reason).toBe(reason);
  });

  test("waits last exactly until the pause or the window's end", () => {
    expect(decide(state({ pausedUntil: at(20) }), "interactive", T0).decision.waitMs).toBe(20_000);
    expect(decide(state({ limit: 30, remaining: 2, windowResetAt: at(12) }), "background", T0).decision.waitMs).toBe(12_000);
    expect(decide(state({ limit: 30, remaining: 0, windowResetAt: at(7) }), "interactive", T0).decision.waitMs).toBe(7_000);
  });

  test("a count that is unknown is found by one probe; the others wait for its answer", () => {
    const first = decide(emptyBudget(), "interactive", T0);
    expect(first.decision).toMatchObject({ granted: true, seq: 1 });
    const second = decide(first.next, "interactive", T0);
    expect(second.decision).toMatchObject({ granted: false, waitMs: POLL_MS, reason: "probe" });
    const known = observe(first.next, exact(1, 119, 1_893_499_260, 30), at(0.2));
    expect(known).toMatchObject({ limit: 120, remaining: 119, windowId: 1_893_499_260, inFlight: [] });
    expect(known.windowResetAt).toEqual(at(30.2));
    expect(decide(known, "interactive", at(0.3)).decision.granted).toBe(true);
  });

  test("a probe that does not answer within PROBE_PATIENCE_MS lets one more request go as the probe, never as a rate-limit wait", () => {
    const first = decide(emptyBudget(), "background", T0);
    const patient = decide(first.next, "interactive", new Date(T0.getTime() + PROBE_PATIENCE_MS - 1));
    expect(patient.decision).toMatchObject({ granted: false, reason: "probe" });
    const second = decide(first.next, "interactive", new Date(T0.getTime() + PROBE_PATIENCE_MS));
    expect(second.decision).toMatchObject({ granted: true, seq: 2 });
    expect(second.next.probeSeq).toBe(2);
    // The new probe is waited for in turn.
    expect(decide(second.next, "interactive", new Date(T0.getTime() + PROBE_PATIENCE_MS + 1)).decision).toMatchObject({ granted: false, reason: "probe" });
  });

  test("a grant is spent at once and stays in flight until its answer", () => {
    const { next } = decide(state({ limit: 120, remaining: 10, windowResetAt: at(5), windowId: 5, latestWindowId: 5 }), "background", T0);
    expect(next.remaining).toBe(9);
    expect(next.inFlight).toEqual([{ seq: 1, at: T0.getTime() }]);
    expect(observe(next, exact(1, 9, 5, 4.9), at(0.1)).inFlight).toEqual([]);
  });

  test("within a window an answer never raises the count: answers arrive out of order", () => {
    let budget = state({ limit: 10, remaining: 10, windowResetAt: at(50), windowId: 99, latestWindowId: 99 });
    for (let i = 0; i < 3; i++) budget = decide(budget, "interactive", T0).next;
    expect(budget.remaining).toBe(7);
    // The third request was counted last but answers first; the first answers last with the highest count.
    budget = observe(budget, exact(3, 7, 99, 50, 10), at(1));
    budget = observe(budget, exact(2, 8, 99, 50, 10), at(1));
    budget = observe(budget, exact(1, 9, 99, 50, 10), at(1));
    // 7 left, less the two requests still in flight when the first answer came: which of them the platform had
    // already counted is unknown, so both are subtracted (careful by at most the requests in flight, until the window ends).
    expect(budget.remaining).toBe(5);
  });

  test("requests of another user of the key lower the count", () => {
    const budget = decide(state({ limit: 10, remaining: 8, windowResetAt: at(50), windowId: 99, latestWindowId: 99 }), "interactive", T0).next;
    expect(observe(budget, exact(1, 2, 99, 50, 10), at(1)).remaining).toBe(2);
  });

  test("a window that ends starts over at the limit less the requests still on their way", () => {
    let budget = state({ limit: 10, remaining: 0, windowResetAt: at(2), windowId: 100, latestWindowId: 100 });
    budget = { ...budget, inFlight: [{ seq: 7, at: T0.getTime() }], seq: 7 };
    const { decision, next } = decide(budget, "interactive", at(2));
    expect(decision.granted).toBe(true);
    expect(next.remaining).toBe(8); // 10 − 1 still in flight − this one
    // The late answer of the old window is ignored; the first answer of the new one sets the count and the end.
    const late = observe(next, exact(7, 0, 100, 0, 10), at(2.1));
    expect(late.remaining).toBe(8);
    const fresh = observe(late, exact(8, 9, 160, 58, 10), at(2.2));
    expect(fresh).toMatchObject({ remaining: 8, windowId: 160, latestWindowId: 160 });
    expect(fresh.windowResetAt).toEqual(at(60.2));
  });

  test("an answer of a newer window than the count replaces it", () => {
    const budget = decide(state({ limit: 10, remaining: 1, windowResetAt: at(3), windowId: 100, latestWindowId: 100 }), "interactive", T0).next;
    expect(observe(budget, exact(1, 9, 160, 57, 10), at(1))).toMatchObject({ remaining: 9, windowId: 160 });
  });

  test("a platform without X-RateLimit-Reset: the end is a minute after the probe's answer, then a probe again", () => {
    const probe = decide(emptyBudget(), "interactive", T0);
    const known = observe(probe.next, { seq: 1, status: 200, limit: 30, remaining: 29 }, at(1));
    expect(known).toMatchObject({ remaining: 29, windowId: null });
    expect(known.windowResetAt).toEqual(at(61));
    // Answers never raise the count, even one that looks like a refill.
    const spent = decide(known, "interactive", at(2)).next;
    expect(observe(spent, { seq: 2, status: 200, limit: 30, remaining: 29 }, at(3)).remaining).toBe(28);
    const after = decide(known, "interactive", at(61));
    expect(after.decision.granted).toBe(true);
    expect(after.next).toMatchObject({ remaining: null, probeSeq: 2 });
    expect(decide(after.next, "interactive", at(61)).decision.granted).toBe(false);
  });

  test("a 429 pauses everybody for Retry-After", () => {
    const budget = decide(state({ limit: 120, remaining: 3, windowResetAt: at(50) }), "interactive", T0).next;
    const paused = observe(budget, { seq: 1, status: 429, retryAfter: 20 }, T0);
    expect(paused).toMatchObject({ remaining: 0, pausedUntil: at(20), inFlight: [] });
    expect(decide(paused, "interactive", at(19)).decision).toMatchObject({ granted: false, waitMs: 1000 });
  });

  test("a grant whose process died is forgotten after the expiry", () => {
    const budget = state({ limit: 10, remaining: 0, windowResetAt: at(1), latestWindowId: 5, inFlight: [{ seq: 1, at: T0.getTime() }], probeSeq: 1, seq: 1 });
    const later = new Date(T0.getTime() + IN_FLIGHT_EXPIRY_MS);
    expect(decide(budget, "interactive", later).next).toMatchObject({ remaining: 9, inFlight: [{ seq: 2, at: later.getTime() }], probeSeq: null });
  });
});

/**
 * A platform and several callers in simulated time: requests take a random time
 * to reach the platform and another to come back (so answers arrive out of
 * order), callers send as fast as the budget allows. The platform counts as ours
 * does (windows on the minute, X-RateLimit-Reset on every answer) or as Laravel
 * does (a window opened by its first request, Reset only with a 429).
 */
type Model = "minute-windows" | "first-hit-windows" | "first-hit-windows-with-reset";

function simulate(model: Model, seed: number, options: { limit: number; callers: number; minutes: number; lanes: Lane[] }) {
  let random = seed >>> 0;
  const rand = () => {
    random = (random + 0x6d2b79f5) >>> 0;
    let x = random;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  type Event = { time: number; run: () => void };
  const queue: Event[] = [];
  const schedule = (time: number, run: () => void) => {
    let i = queue.length;
    while (i > 0 && queue[i - 1].time > time) i--;
    queue.splice(i, 0, { time, run });
  };
  const start = T0.getTime();
  let budget = emptyBudget();
  const hits = new Map<number, number>();
  let windowStart: number | null = null;
  let refused = 0;
  let granted = 0;

  function arrive(seq: number, arrivedAt: number) {
    let windowEnd: number;
    if (model === "minute-windows") windowEnd = (Math.floor(arrivedAt / WINDOW_MS) + 1) * WINDOW_MS;
    else {
      if (windowStart === null || arrivedAt >= windowStart + WINDOW_MS) windowStart = arrivedAt;
      windowEnd = windowStart + WINDOW_MS;
    }
    const count = (hits.get(windowEnd) ?? 0) + 1;
    hits.set(windowEnd, count);
    const resetSeconds = Math.ceil(windowEnd / 1000);
    const dateMs = Math.floor(arrivedAt / 1000) * 1000;
    const withReset = model !== "first-hit-windows";
    const answer: Observation =
      count > options.limit
        ? {
            seq,
            status: 429,
            limit: options.limit,
            remaining: 0,
            retryAfter: Math.ceil((windowEnd - arrivedAt) / 1000),
            reset: resetSeconds,
            resetInMs: resetSeconds * 1000 - dateMs,
          }
        : {
            seq,
            status: 200,
            limit: options.limit,
            remaining: options.limit - count,
            ...(withReset ? { reset: resetSeconds, resetInMs: resetSeconds * 1000 - dateMs } : {}),
          };
    if (answer.status === 429) refused++;
    const back = arrivedAt + Math.floor(rand() * 1500);
    schedule(back, () => {
      budget = observe(budget, answer, new Date(back));
    });
    return back;
  }

  function ask(caller: number, time: number) {
    if (time > start + options.minutes * WINDOW_MS) return;
    const lane = options.lanes[caller % options.lanes.length];
    const { decision, next } = decide(budget, lane, new Date(time));
    budget = next;
    if (!decision.granted) {
      schedule(time + decision.waitMs, () => ask(caller, time + decision.waitMs));
      return;
    }
    granted++;
    const arrivedAt = time + Math.floor(rand() * 1500);
    schedule(arrivedAt, () => {
      const back = arrive(decision.seq, arrivedAt);
      // The caller sends its next request once this one is answered, after a short pause.
      schedule(back + 1 + Math.floor(rand() * 200), () => ask(caller, back + 1 + Math.floor(rand() * 200)));
    });
  }

  for (let caller = 0; caller < options.callers; caller++) schedule(start + caller, () => ask(caller, start + caller));
  while (queue.length > 0) queue.shift()!.run();
  return { refused, granted, busiest: Math.max(...hits.values()) };
}

describe("budget against simulated platforms: never a 429, and the window is used", () => {
  test.each([
    ["minute-windows", 1],
    ["minute-windows", 2],
    ["minute-windows", 3],
    ["first-hit-windows", 4],
    ["first-hit-windows", 5],
    ["first-hit-windows-with-reset", 6],
    ["first-hit-windows-with-reset", 7],
  ] as const)("%s (seed %i): 12 callers on a limit of 20 a minute, for 5 minutes", (model, seed) => {
    const result = simulate(model, seed, { limit: 20, callers: 12, minutes: 5, lanes: ["interactive", "interactive", "background"] });
    expect(result.refused).toBe(0);
    expect(result.busiest).toBeLessThanOrEqual(20);
    // Five minutes hold five windows (100 requests); counting the requests in flight as spent when an answer
    // comes costs up to one per caller in a window: with 12 callers on a limit of 20, 70 is the floor.
    expect(result.granted).toBeGreaterThanOrEqual(70);
  });
});

describe("budget in the database (shared by every instance)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  test("keyed by the SHA-256 of the key, never the key", async () => {
    const key = `key-${randomUUID()}`;
    const hash = keyHashOf(key);
    await recordResponse(database.db, hash, { seq: 0, status: 200, limit: 120, remaining: 100 }, T0);
    const rows = await queryRows(database.db, sql`SELECT * FROM dashboard.request_budgets WHERE key_hash = ${hash}`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("concurrent reservations never spend more than the window holds, nor into the background reserve", async () => {
    const hash = keyHashOf(randomUUID());
    const probe = await reserveRequest(database.db, hash, "interactive", T0);
    await recordResponse(database.db, hash, exact(probe.seq, 12, 1_893_499_260, 50, 30), T0);
    const background = await Promise.all(Array.from({ length: 20 }, () => reserveRequest(database.db, hash, "background", at(1))));
    expect(background.filter((d) => d.granted)).toHaveLength(10);
    expect(background.filter((d) => !d.granted).every((d) => d.reason === "reserve")).toBe(true);
    const interactive = await Promise.all(Array.from({ length: 5 }, () => reserveRequest(database.db, hash, "interactive", at(1))));
    expect(interactive.filter((d) => d.granted)).toHaveLength(2);
    expect(interactive.filter((d) => !d.granted).every((d) => d.reason === "rate_limit" && d.waitMs === 49_000)).toBe(true);
    expect(await readBudget(database.db, hash, at(1))).toMatchObject({ remaining: 0, pausedForSeconds: 49, backgroundWaitSeconds: 49 });
    // Each grant has its own number.
    const seqs = [...background, ...interactive].filter((d) => d.granted).map((d) => d.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  test("a 429 is readable as 'requests wait N s' until it ends", async () => {
    const hash = keyHashOf(randomUUID());
    await recordResponse(database.db, hash, { seq: 0, status: 429, retryAfter: 20 }, T0);
    expect(await readBudget(database.db, hash, at(0))).toMatchObject({ pausedForSeconds: 20, backgroundWaitSeconds: 20, remaining: 0 });
    expect(await reserveRequest(database.db, hash, "interactive", at(5))).toEqual({ granted: false, waitMs: 15_000, reason: "rate_limit", seq: 0 });
    expect((await reserveRequest(database.db, hash, "background", at(21))).granted).toBe(true);
    expect((await readBudget(database.db, hash, at(21))).pausedForSeconds).toBe(0);
  });

  test("without a time given, the database's clock is used", async () => {
    const hash = keyHashOf(randomUUID());
    const decision = await reserveRequest(database.db, hash, "interactive");
    expect(decision.granted).toBe(true);
    const [row] = await queryRows<{ in_flight: unknown }>(database.db, sql`SELECT in_flight FROM dashboard.request_budgets WHERE key_hash = ${hash}`);
    const inFlight = (typeof row.in_flight === "string" ? JSON.parse(row.in_flight) : row.in_flight) as { at: number }[];
    expect(Math.abs(inFlight[0].at - Date.now())).toBeLessThan(60_000);
  });
});

describe("budget transactions", () => {
  // One connection (PGlite has only one): whatever a budget transaction left set on it, the next statement would see.
  let created: Database & { url?: string };
  let database: Database;
  beforeAll(async () => {
    created = await createTestDatabase();
    database = created.url ? await openDatabase({ url: created.url, poolSize: 1, migrate: false }) : created;
  });
  afterAll(async () => {
    if (database !== created) await database?.close();
    await created?.close();
  });

  test("the first reservations of a new key, at once (several connections): one row, one probe granted, the others wait for its answer", async () => {
    const hash = keyHashOf(randomUUID());
    const decisions = await Promise.all(Array.from({ length: 5 }, () => reserveRequest(created.db, hash, "interactive", T0)));
    expect(decisions.filter((d) => d.granted)).toHaveLength(1);
    expect(decisions.filter((d) => !d.granted).every((d) => d.waitMs === POLL_MS)).toBe(true);
    const rows = await queryRows<{ seq: number }>(created.db, sql`SELECT seq FROM dashboard.request_budgets WHERE key_hash = ${hash}`);
    expect(rows.map((row) => Number(row.seq))).toEqual([1]);
  });

  test("nothing stays set on the connection after a reservation and its answer (a pooler in transaction mode)", async () => {
    const hash = keyHashOf(randomUUID());
    const { seq } = await reserveRequest(database.db, hash, "interactive", T0);
    await recordResponse(database.db, hash, exact(seq, 100, 1_893_499_260, 50), T0);
    const [{ synchronous_commit }] = await queryRows<{ synchronous_commit: string }>(database.db, sql`SHOW synchronous_commit`);
    expect(synchronous_commit).toBe("on");
    expect(await readBudget(database.db, hash, at(1))).toMatchObject({ limit: 120, remaining: 100 });
  });

  test("a budget's writes commit without waiting for the disk (a lost update is corrected by the platform's next answer)", async () => {
    // A trigger of this test's own database, deferred to the commit, records the setting the commit runs with.
    await database.db.execute(sql`CREATE TABLE public.budget_commit_modes (mode text NOT NULL)`);
    await database.db.execute(
      sql.raw(`CREATE FUNCTION public.record_budget_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO public.budget_commit_modes (mode) VALUES (current_setting('synchronous_commit')); RETURN NULL; END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE CONSTRAINT TRIGGER record_budget_commit_mode AFTER INSERT OR UPDATE ON dashboard.request_budgets
               DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.record_budget_commit_mode()`),
    );
    try {
      const hash = keyHashOf(randomUUID());
      const { seq } = await reserveRequest(database.db, hash, "interactive", T0);
      await recordResponse(database.db, hash, exact(seq, 100, 1_893_499_260, 50), T0);
      const modes = await queryRows<{ mode: string }>(database.db, sql`SELECT mode FROM public.budget_commit_modes`);
      expect(modes.length).toBeGreaterThanOrEqual(2);
      expect(new Set(modes.map((row) => row.mode))).toEqual(new Set(["off"]));
    } finally {
      await database.db.execute(sql`DROP TRIGGER record_budget_commit_mode ON dashboard.request_budgets`);
      await database.db.execute(sql`DROP FUNCTION public.record_budget_commit_mode()`);
      await database.db.execute(sql`DROP TABLE public.budget_commit_modes`);
    }
  });
});
