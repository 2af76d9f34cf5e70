import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing";
import type { Database } from "@/lib/db/client";
import { uniqueId } from "@/lib/platform/test-helpers";
import { createUser, resetPassword } from "@/lib/dashboard/users";
import { signInWithPassword } from "./sign-in";
import { accountPolicy, accountScope, addressPolicy, addressScope, lockedForSeconds, recordFailure, type ThrottlePolicy } from "./throttle";
import { clientAddress, trustedProxyCount } from "./options";
import { parseConfig } from "@/lib/config.mjs";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const address = () => `10.0.${uniqueId() % 250}.${uniqueId() % 250}-${uniqueId()}`;

async function member(role: "owner" | "lead" | "support" = "support") {
  const email = `user${uniqueId()}@example.com`;
  const { user, password } = await createUser(database.db, { email, role });
  return { email, password, user };
}

describe("sign-in with a password", () => {
  test("right password: the user (without the hash); email compared case-insensitively", async () => {
    const { email, password, user } = await member("lead");
    const result = await signInWithPassword(database.db, { email: email.toUpperCase(), password, address: address() });
    expect(result).toEqual({ ok: true, user: { ...user } });
    expect(JSON.stringify(result)).not.toContain("passwordHash");
  });

  test("wrong password and unknown email give the same answer", async () => {
    const { email } = await member();
    expect(await signInWithPassword(database.db, { email, password: "wrong", address: address() })).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await signInWithPassword(database.db, { email: `nobody${uniqueId()}@example.com`, password: "x", address: address() })).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
  });

  test("throttle per account: the 5th failure locks for 60 s; then even the right password is refused", async () => {
    const { email, password } = await member();
    for (let i = 1; i <= 4; i++) {
      expect(await signInWithPassword(database.db, { email, password: "wrong", address: address() })).toEqual({ ok: false, reason: "invalid_credentials" });
    }
    const fifth = await signInWithPassword(database.db, { email, password: "wrong", address: address() });
    expect(fifth).toMatchObject({ ok: false, reason: "throttled" });
    expect(fifth.ok === false && fifth.reason === "throttled" && fifth.retryAfter).toBeGreaterThan(55);
    expect(await signInWithPassword(database.db, { email, password, address: address() })).toMatchObject({ ok: false, reason: "throttled" });
  });

  test("throttle per address: many accounts failing from one address lock the address", async () => {
    const ip = address();
    // 49 earlier failures from this address (counted directly, to keep the test quick), then the 50th through sign-in.
    for (let i = 0; i < 49; i++) expect(await recordFailure(database.db, addressScope(ip), addressPolicy())).toBe(0);
    const last = await signInWithPassword(database.db, { email: `x${uniqueId()}@example.com`, password: "wrong", address: ip });
    expect(last).toMatchObject({ ok: false, reason: "throttled" });
    const { email, password } = await member();
    expect(await signInWithPassword(database.db, { email, password, address: ip })).toMatchObject({ ok: false, reason: "throttled" });
    expect(await signInWithPassword(database.db, { email, password, address: address() })).toMatchObject({ ok: true });
  });

  test("a success clears the account's failures", async () => {
    const { email, password } = await member();
    for (let i = 0; i < 4; i++) await signInWithPassword(database.db, { email, password: "wrong", address: address() });
    expect(await signInWithPassword(database.db, { email, password, address: address() })).toMatchObject({ ok: true });
    for (let i = 0; i < 4; i++) {
      expect(await signInWithPassword(database.db, { email, password: "wrong", address: address() })).toEqual({ ok: false, reason: "invalid_credentials" });
    }
  });

  test("a reset password replaces the old one and raises the session version", async () => {
    const { email, password, user } = await member();
    const next = await resetPassword(database.db, user.id);
    expect(await signInWithPassword(database.db, { email, password, address: address() })).toEqual({ ok: false, reason: "invalid_credentials" });
    const result = await signInWithPassword(database.db, { email, password: next, address: address() });
    expect(result.ok && result.user.sessionVersion).toBe(user.sessionVersion + 1);
  });
});

describe("throttle counters", () => {
  const policy: ThrottlePolicy = { maxFailures: 3, windowSeconds: 600, lockSeconds: 60, maxLockSeconds: 300 };
  const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, seconds));

  test("locks double with each failure past the limit, capped; the window forgets old failures", async () => {
    const scope = accountScope(`t${uniqueId()}@example.com`);
    expect(await recordFailure(database.db, scope, policy, at(0))).toBe(0);
    expect(await recordFailure(database.db, scope, policy, at(1))).toBe(0);
    expect(await recordFailure(database.db, scope, policy, at(2))).toBe(60);
    expect(await lockedForSeconds(database.db, [scope], at(32))).toBe(30);
    expect(await recordFailure(database.db, scope, policy, at(70))).toBe(120);
    expect(await recordFailure(database.db, scope, policy, at(200))).toBe(240);
    expect(await recordFailure(database.db, scope, policy, at(500))).toBe(300);
    // Long after the lock and the window: counting starts again.
    expect(await recordFailure(database.db, scope, policy, at(2000))).toBe(0);
  });

  test("concurrent failures are all counted (one statement per failure)", async () => {
    const scope = accountScope(`c${uniqueId()}@example.com`);
    const big = { ...policy, maxFailures: 1000 };
    await Promise.all(Array.from({ length: 20 }, () => recordFailure(database.db, scope, big, at(0))));
    expect(await recordFailure(database.db, scope, { ...big, maxFailures: 21 }, at(1))).toBe(60);
  });

  test("defaults: 5 failures per account, 60 s", () => {
    expect(accountPolicy()).toMatchObject({ maxFailures: 5, lockSeconds: 60 });
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
