import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CircuitBreaker, countsAsFailure, platformStatusOf } from "./breaker";

/** A breaker on a clock the test moves. */
function breakerAt(failures = 3, coolDownMs = 10_000, timeouts = failures) {
  let now = Date.parse("2026-11-29T14:02:00Z");
  const breaker = new CircuitBreaker("http://platform.test", { failures, timeouts, coolDownMs }, () => now);
  return { breaker, advance: (ms: number) => (now += ms), now: () => now };
}

describe("CircuitBreaker", () => {
  let lines: string[];
  beforeEach(() => {
    lines = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());
  const logged = () => lines.map((line) => JSON.parse(line) as { msg: string; level: string; failures?: number; last_failure?: string });

  test("closed: calls go; failures below the threshold leave it closed; an answer resets the count", () => {
    const { breaker } = breakerAt(3);
    expect(breaker.admit()).toEqual({ admitted: true, probe: false });
    breaker.failed(false, "timeout");
    breaker.failed(false, "timeout");
    expect(breaker.state).toBe("closed");
    expect(breaker.view()).toMatchObject({ consecutiveFailures: 2, failingSince: "2026-11-29T14:02:00.000Z", lastFailure: "timeout" });
    breaker.succeeded(false);
    breaker.failed(false, "network_error");
    breaker.failed(false, "network_error");
    expect(breaker.state).toBe("closed");
    expect(logged()).toEqual([]);
  });

  test("opens after N failures in a row: calls are refused at once for the cool-down, one line logged", () => {
    const { breaker, advance } = breakerAt(3, 10_000);
    for (let i = 0; i < 3; i++) breaker.failed(false, "timeout");
    expect(breaker.state).toBe("open");
    expect(breaker.admit()).toEqual({ admitted: false, retryInMs: 10_000 });
    advance(4_000);
    expect(breaker.admit()).toEqual({ admitted: false, retryInMs: 6_000 });
    // Failures of calls that were in flight when it opened do not log again.
    breaker.failed(false, "timeout");
    expect(logged()).toEqual([expect.objectContaining({ level: "warn", msg: "platform breaker opened", failures: 3, last_failure: "timeout" })]);
    expect(breaker.view()).toMatchObject({ state: "open", probeAt: "2026-11-29T14:02:10.000Z" });
  });

  test("timeouts open it sooner than quick failures; an answer starts both counts again", () => {
    const { breaker } = breakerAt(3, 10_000, 2);
    breaker.failed(false, "timeout");
    breaker.succeeded(false);
    breaker.failed(false, "network_error");
    breaker.failed(false, "timeout");
    expect(breaker.state).toBe("closed");
    breaker.failed(false, "timeout");
    expect(breaker.state).toBe("open");
    expect(logged()).toEqual([expect.objectContaining({ msg: "platform breaker opened", failures: 3, last_failure: "timeout" })]);

    const quick = breakerAt(3, 10_000, 1).breaker;
    quick.failed(false, "server_error");
    quick.failed(false, "network_error");
    expect(quick.state).toBe("closed");
    quick.failed(false, "timeout");
    expect(quick.state).toBe("open");
  });

  test("half-open: after the cool-down one probe goes alone; its answer closes the breaker (one line logged)", () => {
    const { breaker, advance } = breakerAt(2, 5_000);
    breaker.failed(false, "timeout");
    breaker.failed(false, "timeout");
    advance(5_000);
    expect(breaker.state).toBe("half_open");
    expect(breaker.admit()).toEqual({ admitted: true, probe: true });
    expect(breaker.admit()).toMatchObject({ admitted: false });
    breaker.succeeded(true);
    expect(breaker.state).toBe("closed");
    expect(breaker.admit()).toEqual({ admitted: true, probe: false });
    expect(breaker.view()).toMatchObject({ consecutiveFailures: 0, failingSince: null, lastAnsweredAt: "2026-11-29T14:02:05.000Z" });
    expect(logged().map((line) => line.msg)).toEqual(["platform breaker opened", "platform breaker closed"]);
  });

  test("a failed probe opens it for another cool-down; the outage keeps its start", () => {
    const { breaker, advance } = breakerAt(1, 5_000);
    breaker.failed(false, "network_error");
    advance(5_000);
    expect(breaker.admit()).toEqual({ admitted: true, probe: true });
    advance(2_000);
    breaker.failed(true, "timeout");
    expect(breaker.state).toBe("open");
    expect(breaker.admit()).toEqual({ admitted: false, retryInMs: 5_000 });
    expect(breaker.view()).toMatchObject({ failingSince: "2026-11-29T14:02:00.000Z", consecutiveFailures: 2 });
    expect(logged().map((line) => line.msg)).toEqual(["platform breaker opened"]);
  });

  test("refusal: how long an open breaker refuses calls before asking the budget; none once a probe may go", () => {
    const { breaker, advance } = breakerAt(1, 1_000);
    expect(breaker.refusal()).toBeNull();
    breaker.failed(false, "timeout");
    expect(breaker.refusal()).toBe(1_000);
    advance(1_000);
    expect(breaker.refusal()).toBeNull();
    expect(breaker.admit()).toEqual({ admitted: true, probe: true });
    expect(breaker.refusal()).toBe(250);
  });

  test("what counts as a failure: no answer and a gateway's 502/503/504; a 4xx, a 429 or a 500 is an answer", () => {
    expect([0, 502, 503, 504].map(countsAsFailure)).toEqual([true, true, true, true]);
    expect([200, 204, 400, 401, 404, 422, 429, 500, 501].map(countsAsFailure)).toEqual(Array(9).fill(false));
  });

  test("the status pages are told: not answering from the first failure, with since when and the next try", () => {
    const { breaker } = breakerAt(2, 30_000);
    expect(platformStatusOf(breaker.view())).toMatchObject({ answering: true, state: "closed", since: null });
    breaker.failed(false, "timeout");
    expect(platformStatusOf(breaker.view())).toMatchObject({ answering: false, state: "closed", since: "2026-11-29T14:02:00.000Z", nextTryAt: null });
    breaker.failed(false, "timeout");
    expect(platformStatusOf(breaker.view())).toMatchObject({ answering: false, state: "open", nextTryAt: "2026-11-29T14:02:30.000Z" });
  });
});
