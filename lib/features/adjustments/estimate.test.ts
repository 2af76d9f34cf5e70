import { describe, expect, test } from "vitest";
import { estimateSecondsLeft } from "./estimate";

describe("estimateSecondsLeft", () => {
  test("ETA: remaining rows × the observed time per row, or the budget's background rate while waiting", () => {
    expect(estimateSecondsLeft({ remaining: 100, done: 50, elapsedSeconds: 25, waitSeconds: 0, limitPerMinute: 120 })).toBe(50);
    // Waiting: 114 rows a minute at most (120 − the reserve of 6), plus the wait.
    expect(estimateSecondsLeft({ remaining: 114, done: 0, elapsedSeconds: 0, waitSeconds: 10, limitPerMinute: 120 })).toBe(70);
    expect(estimateSecondsLeft({ remaining: 0, done: 5, elapsedSeconds: 5, waitSeconds: 0, limitPerMinute: null })).toBe(0);
  });
});
