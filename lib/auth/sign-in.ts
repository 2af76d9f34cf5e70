import type { Db } from "@/lib/db/client";
import { log } from "@/lib/core/log.mjs";
import { findUserWithHashByEmail, type DashboardUser } from "@/lib/auth/users";
import type { ConcurrencyGate } from "./concurrency-gate";
import { burnPasswordCheck, passwordCheckGate, PASSWORD_CHECKS_BUSY_RETRY_SECONDS, verifyPassword, type PasswordHashing } from "./password";
import { upgradePasswordHash } from "./upgrade-password-hash";
import {
  accountAddressScope,
  accountPolicy,
  accountScope,
  addressPolicy,
  addressScope,
  clearFailures,
  deviceScope,
  releaseAttempt,
  reserveAttempt,
  sessionScope,
  unknownDevicePolicy,
  type ScopedPolicy,
} from "./throttle";
import { isRole } from "./permissions";
import { signInOutcomes } from "./sign-in-admission.mjs";
import { checkSecondFactor, type TotpOptions } from "./totp";
import { config } from "@/lib/core/config.mjs";

export type SignInResult =
  /** `via`: the second factor that was given (absent: the member has none). */
  | { ok: true; user: DashboardUser; via?: "totp" | "recovery_code" }
  | { ok: false; reason: "invalid_credentials" }
  /** The password was right, the member has two-factor on and no code was given: nothing counted. */
  | { ok: false; reason: "two_factor_required" }
  /** The password was right, the code was not (or was used before): counted as a failure. */
  | { ok: false; reason: "two_factor_failed"; userId: number }
  /**
   * A scope is locked. `compared`: false when it was locked before (the password was not looked at: nothing to log
   * again), true when this attempt's failure started the lock.
   */
  | { ok: false; reason: "throttled"; retryAfter: number; compared: boolean }
  /** This instance is already comparing (and queueing) as many passwords as it may: nothing was counted. */
  | { ok: false; reason: "busy"; retryAfter: number };

/**
 * The scopes a sign-in is counted in (lib/auth/throttle.ts). From a browser with a valid device token for the account
 * (`deviceTokenId`): its device and its address, never the account's own count, which anyone can fill. From any
 * other: the account from this address (strict), the address, and the account from unknown devices (slows).
 */
function signInScopes(input: { email: string; address: string; deviceTokenId?: string | null }): {
  scopes: ScopedPolicy[];
  cleared: string[];
  released: string[];
} {
  const address = addressScope(input.address);
  if (input.deviceTokenId) {
    const device = deviceScope(input.deviceTokenId);
    return {
      scopes: [
        { scope: device, policy: accountPolicy() },
        { scope: address, policy: addressPolicy() },
      ],
      cleared: [device],
      released: [address],
    };
  }
  const pair = accountAddressScope(input.email, input.address);
  const account = accountScope(input.email);
  return {
    scopes: [
      { scope: pair, policy: accountPolicy() },
      { scope: address, policy: addressPolicy() },
      { scope: account, policy: unknownDevicePolicy() },
    ],
    // A success from an unknown device gives the account's count its attempt back and no more: clearing it would
    // hand whoever is guessing from elsewhere a fresh allowance each time the member signs in.
    cleared: [pair],
    released: [address, account],
  };
}

/**
 * Checks an email and password. First a place at the instance's password-check
 * gate (none free: "busy" at once), then one attempt reserved in the sign-in's
 * scopes together (signInScopes; a locked scope: "throttled", the password is not
 * looked at). Only then is the password compared — against a dummy hash of the
 * same cost when the email is unknown. A success forgets the failures of the
 * device (or of the account from this address) and gives the shared counts their
 * attempt back; a failure stays counted. After a success, a stored hash made with
 * bcrypt or with other parameters than `hashing` (the configured ones) is replaced
 * by a fresh argon2id hash; that failing is logged and the sign-in goes on.
 *
 * `deviceTokenId`: the id of the browser's device token for this account, already checked (lib/auth/device-token.ts).
 *
 * With `secondFactor` (the sign-in form; a password check alone passes none), a member who has two-factor on needs a
 * code too. No code: "two_factor_required" (only once the password is right) and the attempt is given back. A wrong
 * or used code is a failure in the same counts as a wrong password: a burst of them locks the account.
 */
export async function signInWithPassword(
  db: Db,
  input: SignInInput,
  gate: ConcurrencyGate = passwordCheckGate(),
  hashing: PasswordHashing = config().dashboard.passwordHashing,
): Promise<SignInResult> {
  const result = await attemptSignIn(db, input, gate, hashing);
  signInOutcomes.inc({ outcome: result.ok ? "success" : result.reason });
  return result;
}

type SignInInput = {
  email: string;
  password: string;
  address: string;
  deviceTokenId?: string | null;
  secondFactor?: { code: string | null; totp?: TotpOptions };
};

/** signInWithPassword's work (it counts the outcome). */
async function attemptSignIn(db: Db, input: SignInInput, gate: ConcurrencyGate, hashing: PasswordHashing): Promise<SignInResult> {
  const ticket = gate.tryEnter();
  if (!ticket) return { ok: false, reason: "busy", retryAfter: PASSWORD_CHECKS_BUSY_RETRY_SECONDS };
  try {
    const { scopes, cleared, released } = signInScopes(input);
    const reservation = await reserveAttempt(db, scopes);
    if (!reservation.granted) return { ok: false, reason: "throttled", retryAfter: reservation.retryAfter, compared: false };
    const lockedNow = (): SignInResult => ({ ok: false, reason: "throttled", retryAfter: reservation.lockSeconds, compared: true });

    const user = await findUserWithHashByEmail(db, input.email);
    await ticket.ready;
    const valid = user ? await verifyPassword(input.password, user.passwordHash) : await burnPasswordCheck(input.password);
    if (user && valid && isRole(user.role)) {
      // Still holding the gate's place: hashing again costs as much as the check did.
      await upgradeStoredHash(db, user, input.password, hashing);
      ticket.leave();
      let via: "totp" | "recovery_code" | undefined;
      if (input.secondFactor && user.twoFactorEnrolled) {
        if (!input.secondFactor.code) {
          // This attempt locked the account (earlier wrong codes): the code would be refused, so the wait is said now.
          if (reservation.lockSeconds > 0) return lockedNow();
          await Promise.all([...cleared, ...released].map((scope) => releaseAttempt(db, scope)));
          return { ok: false, reason: "two_factor_required" };
        }
        const check = await checkSecondFactor(db, user.id, input.secondFactor.code, input.secondFactor.totp);
        if (!check.ok) return reservation.lockSeconds > 0 ? lockedNow() : { ok: false, reason: "two_factor_failed", userId: user.id };
        via = check.via;
      }
      await Promise.all([...cleared.map((scope) => clearFailures(db, scope)), ...released.map((scope) => releaseAttempt(db, scope))]);
      const { passwordHash: _hash, twoFactorEnrolled: _enrolled, ...safe } = user;
      return via ? { ok: true, user: safe, via } : { ok: true, user: safe };
    }
    ticket.leave();
    return reservation.lockSeconds > 0 ? lockedNow() : { ok: false, reason: "invalid_credentials" };
  } finally {
    ticket.leave();
  }
}

export type PasswordCheckResult = Extract<SignInResult, { reason: "invalid_credentials" | "throttled" | "busy" }> | { ok: true };

/**
 * The current password, typed by a signed-in member (to change it, to turn two-factor off): one attempt in the
 * session's own count, at the same gate as a sign-in. Neither the account's count (a stranger could fill it and
 * keep her from confirming) nor the address's (she is signed in: guessing here needs her session) is touched.
 */
export async function checkPasswordInSession(
  db: Db,
  user: { email: string; sessionId: string },
  password: string,
  gate: ConcurrencyGate = passwordCheckGate(),
): Promise<PasswordCheckResult> {
  const ticket = gate.tryEnter();
  if (!ticket) return { ok: false, reason: "busy", retryAfter: PASSWORD_CHECKS_BUSY_RETRY_SECONDS };
  try {
    const scope = sessionScope(user.sessionId);
    const reservation = await reserveAttempt(db, [{ scope, policy: accountPolicy() }]);
    if (!reservation.granted) return { ok: false, reason: "throttled", retryAfter: reservation.retryAfter, compared: false };
    const stored = await findUserWithHashByEmail(db, user.email);
    await ticket.ready;
    const valid = stored ? await verifyPassword(password, stored.passwordHash) : await burnPasswordCheck(password);
    if (valid) {
      await clearFailures(db, scope);
      return { ok: true };
    }
    return reservation.lockSeconds > 0
      ? { ok: false, reason: "throttled", retryAfter: reservation.lockSeconds, compared: true }
      : { ok: false, reason: "invalid_credentials" };
  } finally {
    ticket.leave();
  }
}

async function upgradeStoredHash(db: Db, user: { id: number; passwordHash: string }, password: string, hashing: PasswordHashing): Promise<void> {
  try {
    await upgradePasswordHash(db, user, password, hashing);
  } catch (error) {
    // The old hash still works: the next sign-in tries again. Neither hash nor password is logged (the log drops a query's parameters).
    log.warn("password hash upgrade failed", { user_id: user.id, error });
  }
}
