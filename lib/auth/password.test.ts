import { describe, expect, test } from "vitest";
import { comparisonPool } from "./password-worker";
import { burnPasswordCheck, hashPassword, passwordComparisonCount, verifyPassword } from "./password";

describe("password comparisons", () => {
  test("run in worker threads here: the right password matches, a wrong one or a broken hash does not", async () => {
    expect(comparisonPool(2)).not.toBeNull();
    const hash = await hashPassword("correct horse");
    const before = passwordComparisonCount();
    const results = await Promise.all([
      verifyPassword("correct horse", hash),
      verifyPassword("wrong horse", hash),
      verifyPassword("correct horse", "not a bcrypt hash"),
      burnPasswordCheck("correct horse"),
    ]);
    expect(results).toEqual([true, false, false, false]);
    expect(passwordComparisonCount() - before).toBe(4);
  });

  test("a comparison in a worker leaves the event loop free", async () => {
    const hash = await hashPassword("x");
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await Promise.all([verifyPassword("y", hash), verifyPassword("z", hash)]);
    clearInterval(timer);
    // On the event loop, two comparisons would allow only a handful of 5 ms ticks in between.
    expect(ticks).toBeGreaterThan((performance.now() - started) / 5 / 4);
  });
});
