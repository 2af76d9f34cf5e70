import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { createTestDatabase } from "@/lib/db/testing";
import type { Database } from "@/lib/db/client";
import { decide, emptyBudget, keyHashOf, observe, readBudget, recordResponse, reserveFor, reserveRequest, WINDOW_MS, type BudgetState } from "./budget";

const T0 = new Date(Date.UTC(2030, 0, 1, 12, 0, 0));
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const state = (patch: Partial<BudgetState>): BudgetState => ({ ...emptyBudget(), ...patch });

describe("budget rules (pure)", () => {
  test("reserve: 5% of the limit, at least 1", () => {
    expect([reserveFor(120), reserveFor(30), reserveFor(5), reserveFor(null)]).toEqual([6, 2, 1, 6]);
  });

  test.each([
    ["unknown budget: both lanes go", state({}), "interactive", true, null],
    ["unknown budget: both lanes go", state({}), "background", true, null],
    ["plenty left: background goes", state({ limit: 120, remaining: 50, windowResetAt: at(30) }), "background", true, null],
    ["at the reserve: background waits for the refill", state({ limit: 120, remaining: 6, windowResetAt: at(30) }), "background", false, "reserve"],
    ["at the reserve: interactive still goes", state({ limit: 120, remaining: 6, windowResetAt: at(30) }), "interactive", true, null],
    ["nothing left: interactive still goes (a 429 will say how long)", state({ limit: 120, remaining: 0, windowResetAt: at(30) }), "interactive", true, null],
    ["window refilled: background goes again", state({ limit: 120, remaining: 0, windowResetAt: at(-1) }), "background", true, null],
    ["paused by a 429: interactive waits", state({ limit: 120, remaining: 0, pausedUntil: at(20), windowResetAt: at(20) }), "interactive", false, "rate_limit"],
    ["paused by a 429: background waits", state({ limit: 120, remaining: 0, pausedUntil: at(20), windowResetAt: at(20) }), "background", false, "rate_limit"],
  ] as const)("%s (%s lane)", (_title, before, lane, granted, reason) => {
    const { decision } = decide(before, lane, T0);
    expect(decision.granted).toBe(granted);
    expect(decision.reason).toBe(reason);
  });

  test("waits last exactly until the pause or the refill", () => {
    expect(decide(state({ pausedUntil: at(20) }), "interactive", T0).decision.waitMs).toBe(20_000);
    expect(decide(state({ limit: 30, remaining: 2, windowResetAt: at(12) }), "background", T0).decision.waitMs).toBe(12_000);
  });

  test("a grant spends one request; a refilled window forgets the old count", () => {
    expect(decide(state({ limit: 120, remaining: 10, windowResetAt: at(5) }), "background", T0).next.remaining).toBe(9);
    expect(decide(state({ limit: 120, remaining: 0, windowResetAt: at(-5) }), "background", T0).next).toMatchObject({ remaining: null, windowResetAt: null });
  });

  test("observe: a 429 pauses everybody for Retry-After; headers set the count; a jump up means a new window", () => {
    const paused = observe(state({ limit: 120, remaining: 3 }), { status: 429, retryAfter: 20 }, T0);
    expect(paused).toMatchObject({ remaining: 0, pausedUntil: at(20), windowResetAt: at(20) });
    const first = observe(state({}), { status: 200, limit: 120, remaining: 119 }, T0);
    expect(first).toMatchObject({ limit: 120, remaining: 119, windowResetAt: new Date(T0.getTime() + WINDOW_MS) });
    const later = observe(first, { status: 200, remaining: 100 }, at(10));
    expect(later).toMatchObject({ remaining: 100, windowResetAt: first.windowResetAt });
    // Out of order: an older, higher count never raises it within the window.
    expect(observe(later, { status: 200, remaining: 102 }, at(11)).remaining).toBe(100);
    const refilled = observe(later, { status: 200, remaining: 119 }, at(15));
    expect(refilled).toMatchObject({ remaining: 119, windowResetAt: new Date(at(15).getTime() + WINDOW_MS) });
  });

  test("a background export at limit 30 gets 28 requests per window and resumes when it refills", () => {
    let budget = emptyBudget();
    let granted = 0;
    let now = T0;
    for (let i = 0; i < 40; i++) {
      const { decision, next } = decide(budget, "background", now);
      if (!decision.granted) break;
      granted++;
      budget = observe(next, { status: 200, limit: 30, remaining: 30 - granted }, now);
      now = new Date(now.getTime() + 100);
    }
    expect(granted).toBe(28);
    const blocked = decide(budget, "background", now);
    expect(blocked.decision).toMatchObject({ granted: false, reason: "reserve" });
    now = new Date(now.getTime() + blocked.decision.waitMs);
    expect(decide(budget, "background", now).decision.granted).toBe(true);
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
    await recordResponse(database.db, hash, { status: 200, limit: 120, remaining: 100 }, T0);
    const rows = await database.db.execute(`SELECT * FROM dashboard.request_budgets WHERE key_hash = '${hash}'` as never);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("concurrent background reservations never spend into the reserve", async () => {
    const hash = keyHashOf(randomUUID());
    await recordResponse(database.db, hash, { status: 200, limit: 30, remaining: 12 }, T0);
    const decisions = await Promise.all(Array.from({ length: 20 }, () => reserveRequest(database.db, hash, "background", at(1))));
    expect(decisions.filter((d) => d.granted)).toHaveLength(10);
    expect(decisions.filter((d) => !d.granted).every((d) => d.reason === "reserve")).toBe(true);
    expect((await readBudget(database.db, hash, at(1))).remaining).toBe(2);
    // Interactive requests still go.
    expect((await reserveRequest(database.db, hash, "interactive", at(1))).granted).toBe(true);
  });

  test("a 429 is readable as 'paused for N s' until it ends", async () => {
    const hash = keyHashOf(randomUUID());
    await recordResponse(database.db, hash, { status: 429, retryAfter: 20 }, T0);
    expect(await readBudget(database.db, hash, at(0))).toMatchObject({ pausedForSeconds: 20, backgroundWaitSeconds: 20, remaining: 0 });
    expect(await reserveRequest(database.db, hash, "interactive", at(5))).toEqual({ granted: false, waitMs: 15_000, reason: "rate_limit" });
    expect((await reserveRequest(database.db, hash, "background", at(21))).granted).toBe(true);
    expect((await readBudget(database.db, hash, at(21))).pausedForSeconds).toBe(0);
  });
});
