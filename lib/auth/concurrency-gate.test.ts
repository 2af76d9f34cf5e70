import { describe, expect, test } from "vitest";
import { ConcurrencyGate, GateConfigurationError } from "./concurrency-gate";

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("concurrency gate", () => {
  test("limit slots at once, queueLimit waiting, then no entry", async () => {
    const gate = new ConcurrencyGate(2, 1);
    const [a, b, c] = [gate.tryEnter()!, gate.tryEnter()!, gate.tryEnter()!];
    expect(await settled(a.ready)).toBe(true);
    expect(await settled(b.ready)).toBe(true);
    expect(await settled(c.ready)).toBe(false);
    expect(gate.tryEnter()).toBeNull();
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    // A freed slot goes to the first in the queue.
    a.leave();
    expect(await settled(c.ready)).toBe(true);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    b.leave();
    c.leave();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  test("leaving twice frees one slot; leaving the queue frees the place, not a slot", async () => {
    const gate = new ConcurrencyGate(1, 2);
    const a = gate.tryEnter()!;
    const b = gate.tryEnter()!;
    const c = gate.tryEnter()!;
    b.leave();
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    a.leave();
    a.leave();
    expect(await settled(c.ready)).toBe(true);
    expect(await settled(b.ready)).toBe(false);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    c.leave();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  test.each([
    [0, 1],
    [1.5, 1],
    [2, -1],
    [2, Number.NaN],
  ])("limit %s, queue %s: a GateConfigurationError", (limit, queue) => {
    expect(() => new ConcurrencyGate(limit, queue)).toThrow(GateConfigurationError);
  });

  test("full: exactly when tryEnter would refuse", () => {
    const gate = new ConcurrencyGate(1, 1);
    expect(gate.full).toBe(false);
    const first = gate.tryEnter()!;
    expect(gate.full).toBe(false);
    const second = gate.tryEnter()!;
    expect(gate.full).toBe(true);
    expect(gate.tryEnter()).toBeNull();
    second.leave();
    expect(gate.full).toBe(false);
    first.leave();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
