import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "@/lib/db/client";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createUser, resetPassword } from "@/lib/auth/users";
import { signInWithPassword, type SignInResult } from "./sign-in";
import { ConcurrencyGate } from "./concurrency-gate";
import { passwordCheckGate, passwordComparisonCount, PASSWORD_CHECKS_BUSY_RETRY_SECONDS } from "./password";
import {
  accountAddressScope,
  accountPolicy,
  accountScope,
  addressPolicy,
  addressScope,
  lockedForSeconds,
  releaseAttempt,
  reserveAttempt,
  ThrottleInputError,
  type ThrottlePolicy,
} from "./throttle";
import { clientAddress, trustedProxyCount } from "./request-origin";
import { parseConfig } from "@/lib/core/config.mjs";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const address = () => `10.0.${uniqueId() % 250}.${uniqueId() % 250}-${uniqueId()}`;
/** A gate that never answers "busy" for the few attempts a test sends: those tests are about the throttle. */
const roomyGate = () => new ConcurrencyGate(32, 0);
const signIn = (input: { email: string; password: string; address: string }) => signInWithPassword(database.db, input, roomyGate());

async function member(role: "owner" | "lead" | "support" = "support") {
  const email = `user${uniqueId()}@example.com`;
  const { user, password } = await createUser(database.db, { email, role });
  return { email, password, user };
}

/** The throttle rows of some scopes, as they are stored. */
async function counts(scopes: string[]): Promise<Record<string, number>> {
  const rows = await queryRows<{ scope: string; failures: number }>(
    database.db,
    sql`SELECT scope, failures FROM dashboard.sign_in_throttles WHERE scope = ANY(${sql.param(scopes)}::text[])`,
  );
  return Object.fromEntries(rows.map((row) => [row.scope, Number(row.failures)]));
}

const retryAfter = (result: SignInResult) => (result.ok === false && "retryAfter" in result ? result.retryAfter : null);

describe("sign-in with a password", () => {
  test("right password: the user (without the hash); email compared case-insensitively", async () => {
    const { email, password, user } = await member("lead");
    const result = await signIn({ email: email.toUpperCase(), password, address: address() });
    expect(result).toEqual({ ok: true, user: { ...user } });
    expect(JSON.stringify(result)).not.toContain("passwordHash");
  });

  test("wrong password and unknown email give the same answer", async () => {
    const { email } = await member();
    expect(await signIn({ email, password: "wrong", address: address() })).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await signIn({ email: `nobody${uniqueId()}@example.com`, password: "x", address: address() })).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
  });

  test("unknown email: the password is still compared (against a dummy hash), once, as for a known one", async () => {
    const { email } = await member();
    for (const typed of [email, `nobody${uniqueId()}@example.com`]) {
      const before = passwordComparisonCount();
      expect(await signIn({ email: typed, password: "wrong", address: address() })).toEqual({ ok: false, reason: "invalid_credentials" });
      expect(passwordComparisonCount() - before).toBe(1);
    }
  });

  test("throttle per account from unknown devices: the 5th failure from anywhere slows it (15 s); then even the right password waits, uncompared", async () => {
    const { email, password } = await member();
    for (let i = 1; i <= 4; i++) {
      expect(await signIn({ email, password: "wrong", address: address() })).toEqual({ ok: false, reason: "invalid_credentials" });
    }
    const fifth = await signIn({ email, password: "wrong", address: address() });
    expect(fifth).toMatchObject({ ok: false, reason: "throttled", compared: true });
    expect(retryAfter(fifth)).toBeGreaterThan(10);
    expect(retryAfter(fifth)).toBeLessThanOrEqual(15);
    const before = passwordComparisonCount();
    expect(await signIn({ email, password, address: address() })).toMatchObject({ ok: false, reason: "throttled", compared: false });
    expect(passwordComparisonCount()).toBe(before);
  });

  test("throttle: 16 wrong passwords and the right one sent at once compare exactly 5 passwords, and the right one is refused", async () => {
    const { email, password } = await member();
    // One connection: the attempts reach the database in the order they were sent (the right one last), on PGlite and PostgreSQL.
    const single = database.url ? await openDatabase({ url: database.url, poolSize: 1, migrate: false }) : null;
    try {
      const gate = roomyGate();
      const before = passwordComparisonCount();
      const attempts = [...Array.from({ length: 16 }, (_, i) => `wrong-${i}`), password];
      const results = await Promise.all(
        attempts.map((typed) => signInWithPassword((single ?? database).db, { email, password: typed, address: address() }, gate)),
      );
      expect(passwordComparisonCount() - before).toBe(accountPolicy().maxFailures);
      expect(results.at(-1)).toMatchObject({ ok: false, reason: "throttled" });
      expect(results.filter((result) => result.ok)).toEqual([]);
      expect(results.filter((result) => !result.ok && result.reason === "invalid_credentials")).toHaveLength(4);
      expect(results.filter((result) => !result.ok && result.reason === "throttled")).toHaveLength(13);
      expect(results.every((result) => result.ok || result.reason === "invalid_credentials" || (retryAfter(result) ?? 0) > 0)).toBe(true);
      expect(await counts([accountScope(email)])).toEqual({ [accountScope(email)]: 5 });
    } finally {
      await single?.close();
    }
  });

  test("throttle per address: many accounts may fail from one address before it locks; then it refuses, another address does not", async () => {
    const ip = address();
    const limit = addressPolicy().maxFailures;
    expect(limit).toBeGreaterThanOrEqual(100);
    // limit - 1 failures for as many accounts from this address (reserved directly, as sign-in does, to keep the test quick).
    for (let i = 0; i < limit - 1; i++) {
      const reservation = await reserveAttempt(database.db, [
        { scope: accountScope(`x${uniqueId()}@example.com`), policy: accountPolicy() },
        { scope: addressScope(ip), policy: addressPolicy() },
      ]);
      expect(reservation).toMatchObject({ granted: true, lockSeconds: 0 });
    }
    const last = await signIn({ email: `x${uniqueId()}@example.com`, password: "wrong", address: ip });
    expect(last).toEqual({ ok: false, reason: "throttled", retryAfter: 60, compared: true });
    const { email, password } = await member();
    expect(await signIn({ email, password, address: ip })).toMatchObject({ ok: false, reason: "throttled" });
    expect(await signIn({ email, password, address: address() })).toMatchObject({ ok: true });
  });

  test("a success from an unknown device clears its account-and-address count and gives the shared counts their attempt back", async () => {
    const { email, password } = await member();
    const ip = address();
    const scopes = [accountAddressScope(email, ip), accountScope(email), addressScope(ip)];
    for (let i = 0; i < 4; i++) await signIn({ email, password: "wrong", address: ip });
    expect(await counts(scopes)).toEqual({ [scopes[0]]: 4, [scopes[1]]: 4, [scopes[2]]: 4 });
    expect(await signIn({ email, password, address: ip })).toMatchObject({ ok: true });
    // The account's own count is not cleared: the member's success must not give a guesser elsewhere a fresh allowance.
    expect(await counts(scopes)).toEqual({ [scopes[0]]: 0, [scopes[1]]: 4, [scopes[2]]: 4 });
  });

  test("a reset password replaces the old one and raises the session version", async () => {
    const { email, password, user } = await member();
    const next = await resetPassword(database.db, user.id);
    expect(await signIn({ email, password, address: address() })).toEqual({ ok: false, reason: "invalid_credentials" });
    const result = await signIn({ email, password: next, address: address() });
    expect(result.ok && result.user.sessionVersion).toBe(user.sessionVersion + 1);
  });
});

describe("password-check gate", () => {
  test("more sign-ins at once than the gate holds: the excess are answered busy at once, counted nowhere, compared never", async () => {
    const gate = new ConcurrencyGate(2, 1);
    const emails = Array.from({ length: 10 }, () => `gate${uniqueId()}@example.com`);
    const before = passwordComparisonCount();
    const order: string[] = [];
    const results = await Promise.all(
      emails.map((email, index) =>
        signInWithPassword(database.db, { email, password: "wrong", address: address() }, gate).then((result) => {
          order.push(result.ok ? "ok" : result.reason);
          return { index, result };
        }),
      ),
    );
    const busy = results.filter(({ result }) => !result.ok && result.reason === "busy");
    expect(busy.map(({ index }) => index)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    for (const { result } of busy) expect(result).toEqual({ ok: false, reason: "busy", retryAfter: PASSWORD_CHECKS_BUSY_RETRY_SECONDS });
    // "At once": every busy answer came before the first compared one.
    expect(order.slice(0, 7)).toEqual(Array(7).fill("busy"));
    expect(order.slice(7)).toEqual(Array(3).fill("invalid_credentials"));
    expect(passwordComparisonCount() - before).toBe(3);
    expect(await counts(emails.slice(3).map(accountScope))).toEqual({});
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  test("the instance's gate: 2 to 4 comparisons at once and a short queue", () => {
    const gate = passwordCheckGate();
    expect(gate).toBe(passwordCheckGate());
    expect(gate.limit).toBeGreaterThanOrEqual(2);
    expect(gate.limit).toBeLessThanOrEqual(4);
    expect(gate.queueLimit).toBeLessThanOrEqual(10);
  });
});

describe("throttle counters", () => {
  const policy: ThrottlePolicy = { maxFailures: 3, windowSeconds: 600, lockSeconds: 60, maxLockSeconds: 300 };
  const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, seconds));
  const reserve = (scope: string, seconds: number, p = policy) => reserveAttempt(database.db, [{ scope, policy: p }], at(seconds));

  test("the reservation that reaches the limit locks; a lock refuses without counting; each lock after it doubles, capped", async () => {
    const scope = accountScope(`t${uniqueId()}@example.com`);
    expect(await reserve(scope, 0)).toEqual({ granted: true, lockSeconds: 0, failures: { [scope]: 1 } });
    expect(await reserve(scope, 1)).toEqual({ granted: true, lockSeconds: 0, failures: { [scope]: 2 } });
    expect(await reserve(scope, 2)).toEqual({ granted: true, lockSeconds: 60, failures: { [scope]: 3 } });
    expect(await lockedForSeconds(database.db, [scope], at(32))).toBe(30);
    expect(await reserve(scope, 32)).toEqual({ granted: false, retryAfter: 30 });
    expect(await reserve(scope, 70)).toEqual({ granted: true, lockSeconds: 120, failures: { [scope]: 4 } });
    expect(await reserve(scope, 200)).toEqual({ granted: true, lockSeconds: 240, failures: { [scope]: 5 } });
    expect(await reserve(scope, 500)).toEqual({ granted: true, lockSeconds: 300, failures: { [scope]: 6 } });
    expect(await reserve(scope, 900)).toEqual({ granted: true, lockSeconds: 300, failures: { [scope]: 7 } });
    // A lock is forgotten one window after it ends (1200 + 600): counting starts again.
    expect(await reserve(scope, 1799)).toEqual({ granted: true, lockSeconds: 300, failures: { [scope]: 8 } });
    expect(await reserve(scope, 2700)).toEqual({ granted: true, lockSeconds: 0, failures: { [scope]: 1 } });
  });

  test("per account, the default lock grows: 60 s, 120 s, 240 s, 480 s, then 15 minutes at most", async () => {
    const scope = accountScope(`g${uniqueId()}@example.com`);
    const account = accountPolicy(parseConfig({}).dashboard.signIn);
    const locks: number[] = [];
    let now = 0;
    for (let i = 0; i < 10; i++) {
      const reservation = await reserve(scope, now, account);
      expect(reservation.granted).toBe(true);
      if (reservation.granted) locks.push(reservation.lockSeconds);
      now += (reservation.granted ? reservation.lockSeconds : 0) + 1;
    }
    expect(locks).toEqual([0, 0, 0, 0, 60, 120, 240, 480, 900, 900]);
  });

  test("defaults: 5 failures per account with a 60 s lock; 100 per address with a 60 s lock of at most 5 minutes", () => {
    expect(accountPolicy(parseConfig({}).dashboard.signIn)).toEqual({ maxFailures: 5, windowSeconds: 900, lockSeconds: 60, maxLockSeconds: 900 });
    expect(addressPolicy(parseConfig({}).dashboard.signIn)).toEqual({ maxFailures: 100, windowSeconds: 900, lockSeconds: 60, maxLockSeconds: 300 });
    const settings = parseConfig({ DASHBOARD_SIGNIN_MAX_FAILURES: "3", DASHBOARD_SIGNIN_LOCK_SECONDS: "30" }).dashboard.signIn;
    expect(settings).toEqual({ maxFailures: 3, lockSeconds: 30, maxFailuresPerAddress: 100 });
    expect(() => parseConfig({ DASHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS: "x" })).toThrow(/^DASHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS must be a whole number/);
  });

  test("concurrent reservations are all counted (one statement each)", async () => {
    const scope = accountScope(`c${uniqueId()}@example.com`);
    const big = { ...policy, maxFailures: 1000 };
    await Promise.all(Array.from({ length: 20 }, () => reserve(scope, 0, big)));
    expect(await reserve(scope, 1, { ...big, maxFailures: 21 })).toEqual({ granted: true, lockSeconds: 60, failures: { [scope]: 21 } });
  });

  test("concurrent reservations past the limit: exactly the limit is granted", async () => {
    const scope = accountScope(`l${uniqueId()}@example.com`);
    const results = await Promise.all(Array.from({ length: 12 }, () => reserve(scope, 0)));
    expect(results.filter((result) => result.granted)).toHaveLength(3);
    expect(results.filter((result) => !result.granted)).toHaveLength(9);
  });

  test("both scopes or neither: a locked address counts nothing for the account", async () => {
    const account = accountScope(`b${uniqueId()}@example.com`);
    const ip = addressScope(address());
    const short = { ...policy, maxFailures: 1 };
    expect(await reserve(ip, 0, short)).toMatchObject({ granted: true, lockSeconds: 60 });
    const both = [
      { scope: account, policy },
      { scope: ip, policy: short },
    ];
    expect(await reserveAttempt(database.db, both, at(10))).toEqual({ granted: false, retryAfter: 50 });
    expect(await counts([account])).toEqual({});
    expect(await reserveAttempt(database.db, both, at(61))).toEqual({ granted: true, lockSeconds: 120, failures: { [account]: 1, [ip]: 2 } });
  });

  test("giving an attempt back lowers the count and keeps a lock", async () => {
    const ip = addressScope(address());
    for (let i = 0; i < 3; i++) await reserve(ip, i);
    await releaseAttempt(database.db, ip);
    expect(await counts([ip])).toEqual({ [ip]: 2 });
    expect(await lockedForSeconds(database.db, [ip], at(3))).toBe(59);
  });

  test.each([
    [[], "reserveAttempt needs at least one scope"],
    [
      [
        { scope: "ip:1", policy },
        { scope: "ip:1", policy },
      ],
      "reserveAttempt: the scopes must differ",
    ],
  ])("bad scopes %j: a ThrottleInputError", async (scopes, message) => {
    const attempt = reserveAttempt(database.db, scopes as never);
    await expect(attempt).rejects.toThrow(ThrottleInputError);
    await expect(attempt).rejects.toThrow(message);
  });
});

test.each([
  // No proxy in front: the last entry is the address that connected (npm start appends it); what a client wrote comes before.
  [{ "x-forwarded-for": "203.0.113.9" }, 0, "203.0.113.9"],
  [{ "x-forwarded-for": "198.51.100.1, 203.0.113.9" }, 0, "203.0.113.9"],
  [{ "x-forwarded-for": ["198.51.100.1", "203.0.113.9"] }, 0, "203.0.113.9"],
  // One load balancer: it appended the client's address, and npm start the balancer's.
  [{ "x-forwarded-for": "198.51.100.1, 203.0.113.9, 10.0.0.2" }, 1, "203.0.113.9"],
  [{ "x-forwarded-for": "203.0.113.9, 10.0.0.2" }, 1, "203.0.113.9"],
  // More proxies configured than entries: the first entry, never out of range.
  [{ "x-forwarded-for": "10.0.0.2" }, 2, "10.0.0.2"],
  // X-Real-IP is a header any client can send: not read.
  [{ "x-real-ip": "192.0.2.4" }, 0, "unknown"],
  [{}, 0, "unknown"],
])("client address from %j with %i trusted proxies → %s", (headers, proxies, expected) => {
  expect(clientAddress(headers, proxies)).toBe(expected);
});

test.each([
  [undefined, 0],
  ["", 0],
  ["1", 1],
  ["2", 2],
])("TRUSTED_PROXIES=%j → %i", (value, expected) => {
  expect(parseConfig({ TRUSTED_PROXIES: value }).trustedProxies).toBe(expected);
});

test.each(["-1", "1.5", "yes", "11"])("TRUSTED_PROXIES=%j stops the start with one line", (value) => {
  expect(() => parseConfig({ TRUSTED_PROXIES: value })).toThrow(`TRUSTED_PROXIES must be a whole number from 0 to 10, not ${JSON.stringify(value)}`);
});

test("the configured TRUSTED_PROXIES is the default of clientAddress", () => {
  expect(trustedProxyCount()).toBe(parseConfig(process.env).trustedProxies);
});
