import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createUser } from "@/lib/auth/users";
import { parseConfig } from "@/lib/core/config.mjs";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { checkPasswordInSession, signInWithPassword, type SignInResult } from "./sign-in";
import { ConcurrencyGate } from "./concurrency-gate";
import { addressKey } from "@/lib/core/http/client-address";
import { passwordComparisonCount } from "./password";
import { startSession } from "./sessions";
import { accountAddressScope, accountScope, deviceScope, lockedForSeconds, reserveAttempt, sessionScope, unknownDevicePolicy, unlockAccount } from "./throttle";

/**
 * Which counts a sign-in is held to (OWASP's device cookie): a known device only by its own and its address's, so
 * that a stranger's wrong passwords from elsewhere never lock the member out of a browser she has used.
 */
const database = useTestDatabase();

const address = () => `10.3.${uniqueId() % 250}.${uniqueId() % 250}`;
const roomyGate = () => new ConcurrencyGate(32, 0);
const signIn = (input: { email: string; password: string; address: string; deviceTokenId?: string }) => signInWithPassword(database.db, input, roomyGate());
const deviceId = () => `dev${uniqueId()}`.padEnd(22, "x");

async function member() {
  const email = `scopes${uniqueId()}@example.com`;
  const { user, password } = await createUser(database.db, { email, role: "support" });
  return { email, password, user };
}

async function counts(scopes: string[]): Promise<Record<string, number>> {
  const rows = await queryRows<{ scope: string; failures: number }>(
    database.db,
    sql`SELECT scope, failures FROM dashboard.sign_in_throttles WHERE scope = ANY(${sql.param(scopes)}::text[])`,
  );
  return Object.fromEntries(rows.map((row) => [row.scope, Number(row.failures)]));
}

const retryAfter = (result: SignInResult) => (result.ok === false && "retryAfter" in result ? result.retryAfter : null);

/** A stranger's wrong passwords for the account from one address until it is refused (nothing counted any more). */
async function strangerLocks(email: string, from = address()) {
  const answers: SignInResult[] = [];
  for (let i = 0; i < 8; i++) answers.push(await signIn({ email, password: `guess-${i}`, address: from }));
  return answers;
}

describe("sign-in scopes", () => {
  test("known device: a stranger's failures from another address that lock the account never stop the member's browser", async () => {
    const { email, password } = await member();
    const device = deviceId();
    const answers = await strangerLocks(email);
    expect(answers.slice(0, 4).map((answer) => !answer.ok && answer.reason)).toEqual(Array(4).fill("invalid_credentials"));
    expect(answers[4]).toMatchObject({ ok: false, reason: "throttled", compared: true });
    expect(answers.slice(5)).toEqual(Array(3).fill(expect.objectContaining({ reason: "throttled", compared: false })));
    expect(await lockedForSeconds(database.db, [accountScope(email)])).toBeGreaterThan(0);
    expect(await signIn({ email, password, address: address(), deviceTokenId: device })).toMatchObject({ ok: true });
    // Neither checked nor counted: the account's count is what the stranger left.
    expect(await counts([accountScope(email), deviceScope(device)])).toEqual({ [accountScope(email)]: 5, [deviceScope(device)]: 0 });
  });

  test("known device: its own failures lock it after 5 (doubling), and the account's count is not touched", async () => {
    const { email, password } = await member();
    const device = deviceId();
    const from = address();
    const answers: SignInResult[] = [];
    for (let i = 0; i < 6; i++) answers.push(await signIn({ email, password: "typo", address: from, deviceTokenId: device }));
    expect(answers.slice(0, 4).map((answer) => !answer.ok && answer.reason)).toEqual(Array(4).fill("invalid_credentials"));
    expect(retryAfter(answers[4])).toBeGreaterThan(55);
    expect(answers[5]).toMatchObject({ reason: "throttled", compared: false });
    expect(await signIn({ email, password, address: from, deviceTokenId: device })).toMatchObject({ ok: false, reason: "throttled" });
    expect(await counts([accountScope(email), accountAddressScope(email, from)])).toEqual({});
    // Another browser the member signed in from is a device of its own.
    expect(await signIn({ email, password, address: from, deviceTokenId: deviceId() })).toMatchObject({ ok: true });
  });

  test("unknown device: one address locks itself for the account (60 s), another address is only slowed (15 s)", async () => {
    const { email, password } = await member();
    const stranger = address();
    const answers = await strangerLocks(email, stranger);
    expect(retryAfter(answers[4])).toBeGreaterThan(55);
    expect(await lockedForSeconds(database.db, [accountAddressScope(email, stranger)])).toBeGreaterThan(55);
    const elsewhere = await signIn({ email, password, address: address() });
    expect(elsewhere).toMatchObject({ ok: false, reason: "throttled", compared: false });
    expect(retryAfter(elsewhere)).toBeLessThanOrEqual(15);
  });

  test("unknown devices of one account: a growing delay from 15 s, capped at 5 minutes; the default policy", async () => {
    expect(unknownDevicePolicy(parseConfig({}).dashboard.signIn)).toEqual({ maxFailures: 5, windowSeconds: 900, lockSeconds: 15, maxLockSeconds: 300 });
    const scope = accountScope(`slow${uniqueId()}@example.com`);
    const policy = unknownDevicePolicy(parseConfig({}).dashboard.signIn);
    const at = (seconds: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, seconds));
    const locks: number[] = [];
    let now = 0;
    for (let i = 0; i < 11; i++) {
      const reservation = await reserveAttempt(database.db, [{ scope, policy }], at(now));
      if (reservation.granted) locks.push(reservation.lockSeconds);
      now += (reservation.granted ? reservation.lockSeconds : 0) + 1;
    }
    expect(locks).toEqual([0, 0, 0, 0, 15, 30, 60, 120, 240, 300, 300]);
  });

  test("the operator's unlock lifts the account's counts and locks (own, per address, its sessions), not the addresses'", async () => {
    const { email, password, user } = await member();
    const stranger = address();
    await strangerLocks(email, stranger);
    const sessionId = await startSession(database.db, { userId: user.id, sessionVersion: user.sessionVersion, address: stranger, userAgent: "test" });
    for (let i = 0; i < 5; i++) await checkPasswordInSession(database.db, { email, sessionId }, "typo", roomyGate());
    expect(await lockedForSeconds(database.db, [accountScope(email), accountAddressScope(email, stranger), sessionScope(sessionId)])).toBeGreaterThan(0);
    expect(await unlockAccount(database.db, email.toUpperCase(), [sessionId])).toBe(3);
    expect(await counts([accountScope(email), accountAddressScope(email, stranger), sessionScope(sessionId)])).toEqual({});
    expect(await counts([`ip:${stranger}`])).toEqual({ [`ip:${stranger}`]: 5 });
    expect(await signIn({ email, password, address: stranger })).toMatchObject({ ok: true });
  });
});

describe("checks in a session", () => {
  test("the current password: counted per session only; a stranger's lock of the account does not refuse it", async () => {
    const { email, password, user } = await member();
    await strangerLocks(email);
    const sessionId = await startSession(database.db, { userId: user.id, sessionVersion: user.sessionVersion, address: address(), userAgent: "test" });
    const before = passwordComparisonCount();
    expect(await checkPasswordInSession(database.db, { email, sessionId }, password, roomyGate())).toEqual({ ok: true });
    expect(passwordComparisonCount() - before).toBe(1);
    expect(await counts([sessionScope(sessionId)])).toEqual({ [sessionScope(sessionId)]: 0 });
    expect(await counts([accountScope(email)])).toEqual({ [accountScope(email)]: 5 });
  });

  test("the current password: 5 wrong lock the session (not the member's other sessions)", async () => {
    const { email, password, user } = await member();
    const start = () => startSession(database.db, { userId: user.id, sessionVersion: user.sessionVersion, address: address(), userAgent: "test" });
    const [one, other] = [await start(), await start()];
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await checkPasswordInSession(database.db, { email, sessionId: one }, "typo", roomyGate()));
    expect(answers.slice(0, 4)).toEqual(Array(4).fill({ ok: false, reason: "invalid_credentials" }));
    expect(answers[4]).toMatchObject({ ok: false, reason: "throttled", compared: true });
    expect(answers[5]).toMatchObject({ ok: false, reason: "throttled", compared: false });
    expect(await checkPasswordInSession(database.db, { email, sessionId: one }, password, roomyGate())).toMatchObject({ reason: "throttled" });
    expect(await checkPasswordInSession(database.db, { email, sessionId: other }, password, roomyGate())).toEqual({ ok: true });
    expect(await counts([accountScope(email)])).toEqual({});
  });
});

test.each([
  ["203.0.113.9", "203.0.113.9"],
  [" 203.0.113.9 ", "203.0.113.9"],
  ["::ffff:203.0.113.9", "203.0.113.9"],
  ["::FFFF:cb00:7109", "203.0.113.9"],
  ["0:0:0:0:0:ffff:203.0.113.9", "203.0.113.9"],
  ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
  ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
  ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
  ["2001:DB8::1", "2001:db8:0:0::/64"],
  ["::1", "0:0:0:0::/64"],
  ["unknown", "unknown"],
  ["2001:db8:::1", "2001:db8:::1"],
  ["x".repeat(80), "x".repeat(45)],
])("address %j is counted as %j", (raw, key) => {
  expect(addressKey(raw)).toBe(key);
});
