import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { testDriver } from "@/lib/db/testing/database";
import { seedTenant } from "@/lib/platform/testing/tenants";
import { startFaultPlatform } from "@/lib/testing/fault-platform.mjs";
import { PlatformClient, type ClientOptions } from "./client";
import { PlatformApiError } from "./errors";
import { getMe } from "./me";
import { breakerFor } from "./breaker";
import { keyHashOf, readBudget } from "./budget";
import { usePlatformTestbed } from "./testing/platform";

/**
 * The client against a platform that hangs, resets, answers 502/503 or drips its answer (lib/testing/fault-platform.mjs):
 * every call ends within its timeouts with a typed error, a call that got no answer never waits on the rate limit, and
 * the breaker turns a platform that does not answer into calls that fail at once until a probe finds it back.
 */
const testbed = usePlatformTestbed();
type FaultPlatform = Awaited<ReturnType<typeof startFaultPlatform>>;
let fault: FaultPlatform;

beforeAll(async () => {
  fault = await startFaultPlatform({ upstream: testbed.platform.baseUrl });
});
afterAll(async () => {
  await fault?.close();
});
beforeEach(() => fault.set("none"));

/** Short timeouts, so that a test of a hang takes a second. */
const TIMEOUTS = { connectMs: 500, firstByteMs: 700, answerMs: 900 };
/** For a call that is meant to be answered: a busy test machine may take longer than TIMEOUTS. */
const ANSWERED = { connectMs: 10_000, firstByteMs: 10_000, answerMs: 10_000 };

/** A key of its own (its own budget and breaker) and a client through the fault platform. */
async function clientThroughFaults(options: Partial<ClientOptions> = {}, breaker = { failures: 100, timeouts: 100, coolDownMs: 60_000 }) {
  const { key } = await seedTenant(testbed.database.db);
  breakerFor(fault.baseUrl, keyHashOf(key), breaker);
  return new PlatformClient({ db: testbed.database.db, baseUrl: fault.baseUrl, apiKey: key, timeouts: TIMEOUTS, ...options });
}

async function failure(promise: Promise<unknown>): Promise<PlatformApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformApiError);
  return error as PlatformApiError;
}

describe(`a platform that fails (${testDriver()})`, () => {
  let logged: string[];
  beforeEach(() => {
    logged = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation((chunk, ...rest) => {
      logged.push(String(chunk));
      return write(chunk, ...(rest as []));
    });
  });
  afterEach(() => vi.restoreAllMocks());
  const budgetWaits = () => logged.filter((line) => line.includes('"platform budget wait"')).map((line) => JSON.parse(line) as { reason: string });

  test.each([
    ["hang after accept", "hang", { status: 0, code: "timeout" }],
    ["connection reset", "reset", { status: 0, code: "network_error" }],
    ["a gateway's 502 page", "502", { status: 502, code: "server_error" }],
    ["503 with Retry-After", "503", { status: 503, retryAfter: 7 }],
    ["a body that drips for a minute", "drip", { status: 0, code: "timeout" }],
  ] as const)("%s: a typed error within the call's timeouts, and its place in the budget freed", async (_name, kind, expected) => {
    const api = await clientThroughFaults();
    fault.set(kind, { retryAfterSeconds: 7, dripMs: 200 });
    expect(await failure(getMe(api))).toMatchObject(expected);
    const budget = await readBudget(testbed.database.db, api.keyHash);
    expect(budget.pausedForSeconds).toBe(0);
    // Healed: the next call goes at once and is answered.
    fault.set("none");
    expect((await getMe(api.with({ timeouts: ANSWERED }))).email).toMatch(/@example\.com$/);
    expect(budgetWaits().filter((wait) => wait.reason === "rate_limit")).toEqual([]);
  });

  test("a probe of the budget that hangs holds other calls as a probe wait for a second at most, never as a rate-limit wait", async () => {
    // The budget's count is unknown for a new key: its first call is the probe. It hangs, with long timeouts.
    const slow = await clientThroughFaults({ lane: "background", timeouts: { connectMs: 500, firstByteMs: 3_000, answerMs: 3_000 } });
    fault.set("hang");
    const start = fault.requests();
    const probe = getMe(slow).catch((error: unknown) => error);
    await vi.waitFor(() => expect(fault.requests()).toBe(start + 1));
    const before = fault.requests();
    const interactive = slow.with({ lane: "interactive", timeouts: TIMEOUTS });
    const error = await failure(getMe(interactive));
    expect(error.code).toBe("timeout");
    // It went (as the next probe) instead of waiting for the first one's 3 s.
    expect(fault.requests()).toBe(before + 1);
    expect(budgetWaits().map((wait) => wait.reason)).toEqual(["probe"]);
    expect(await probe).toMatchObject({ code: "timeout" });
  });

  test("the breaker: after N calls without an answer, calls fail at once (platform_unavailable) without reaching the platform; one probe closes it", async () => {
    const api = await clientThroughFaults({}, { failures: 2, timeouts: 2, coolDownMs: 1_500 });
    fault.set("hang");
    for (let i = 0; i < 2; i++) expect((await failure(getMe(api))).code).toBe("timeout");
    const sent = fault.requests();
    const refused = await failure(getMe(api));
    expect(refused).toMatchObject({ status: 0, code: "platform_unavailable", retryAfter: 2 });
    expect(fault.requests()).toBe(sent);
    expect(logged.some((line) => line.includes('"platform breaker opened"'))).toBe(true);
    // Healed; after the cool-down the next call is the probe and closes it.
    fault.set("none");
    await vi.waitFor(() => expect(breakerFor(api.baseUrl, api.keyHash).state).toBe("half_open"), { timeout: 3_000, interval: 100 });
    expect((await getMe(api.with({ timeouts: ANSWERED }))).email).toMatch(/@example\.com$/);
    expect(breakerFor(api.baseUrl, api.keyHash).view()).toMatchObject({ state: "closed", consecutiveFailures: 0 });
    expect(logged.some((line) => line.includes('"platform breaker closed"'))).toBe(true);
  });

  test("one page view: once a call got no answer, the page's other calls fail at once instead of waiting out their timeouts", async () => {
    const api = await clientThroughFaults({ scope: { noAnswerSince: null } });
    fault.set("hang");
    expect((await failure(getMe(api))).code).toBe("timeout");
    const sent = fault.requests();
    expect((await failure(getMe(api.with({ lane: "background", timeouts: api.timeouts })))).code).toBe("platform_unavailable");
    expect(fault.requests()).toBe(sent);
    // Another view (another scope) tries again.
    fault.set("none");
    expect((await getMe(api.with({ scope: { noAnswerSince: null }, timeouts: ANSWERED }))).email).toMatch(/@example\.com$/);
  });
});
