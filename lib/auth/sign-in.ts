import type { Db } from "@/lib/db/client";
import { errorText } from "@/lib/db/failure";
import { findUserWithHashByEmail, type DashboardUser } from "@/lib/auth/users";
import type { ConcurrencyGate } from "./concurrency-gate";
import { burnPasswordCheck, passwordCheckGate, PASSWORD_CHECKS_BUSY_RETRY_SECONDS, verifyPassword, type PasswordHashing } from "./password";
import { upgradePasswordHash } from "./upgrade-password-hash";
import { accountPolicy, accountScope, addressPolicy, addressScope, clearFailures, releaseAttempt, reserveAttempt } from "./throttle";
import { isRole } from "./permissions";
import { checkSecondFactor, type TotpOptions } from "./totp";
import { config } from "@/lib/config.mjs";

export type SignInResult =
  /** `via`: the second factor that was given (absent: the member has none). */
  | { ok: true; user: DashboardUser; via?: "totp" | "recovery_code" }
  | { ok: false; reason: "invalid_credentials" }
  /** The password was right, the member has two-factor on and no code was given: nothing counted. */
  | { ok: false; reason: "two_factor_required" }
  /** The password was right, the code was not (or was used before): counted as a failure. */
  | { ok: false; reason: "two_factor_failed"; userId: number }
  /** The account or the address is locked (or this failure locked it). */
  | { ok: false; reason: "throttled"; retryAfter: number }
  /** This instance is already comparing (and queueing) as many passwords as it may: nothing was counted. */
  | { ok: false; reason: "busy"; retryAfter: number };

/**
 * Checks an email and password. First a place at the instance's password-check
 * gate (none free: "busy" at once), then one attempt reserved in the account's
 * and the address's counts together (a locked scope: "throttled", the password
 * is not looked at). Only then is the password compared — against a dummy hash
 * of the same cost when the email is unknown. A success forgets the account's
 * failures and gives the address its attempt back; a failure stays counted.
 * After a success, a stored hash made with bcrypt or with other parameters than
 * `hashing` (the configured ones) is replaced by a fresh argon2id hash; that
 * failing is logged and the sign-in goes on.
 *
 * With `secondFactor` (the sign-in form; a password check alone passes none), a member who has two-factor on needs a
 * code too. No code: "two_factor_required" (only once the password is right) and the attempt is given back. A wrong
 * or used code is a failure in the same counts as a wrong password: a burst of them locks the account.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; address: string; secondFactor?: { code: string | null; totp?: TotpOptions } },
  gate: ConcurrencyGate = passwordCheckGate(),
  hashing: PasswordHashing = config().dashboard.passwordHashing,
): Promise<SignInResult> {
  const ticket = gate.tryEnter();
  if (!ticket) return { ok: false, reason: "busy", retryAfter: PASSWORD_CHECKS_BUSY_RETRY_SECONDS };
  try {
    const account = accountScope(input.email);
    const address = addressScope(input.address);
    const reservation = await reserveAttempt(db, [
      { scope: account, policy: accountPolicy() },
      { scope: address, policy: addressPolicy() },
    ]);
    if (!reservation.granted) return { ok: false, reason: "throttled", retryAfter: reservation.retryAfter };

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
          if (reservation.lockSeconds > 0) return { ok: false, reason: "throttled", retryAfter: reservation.lockSeconds };
          await Promise.all([releaseAttempt(db, account), releaseAttempt(db, address)]);
          return { ok: false, reason: "two_factor_required" };
        }
        const check = await checkSecondFactor(db, user.id, input.secondFactor.code, input.secondFactor.totp);
        if (!check.ok) {
          return reservation.lockSeconds > 0
            ? { ok: false, reason: "throttled", retryAfter: reservation.lockSeconds }
            : { ok: false, reason: "two_factor_failed", userId: user.id };
        }
        via = check.via;
      }
      await Promise.all([clearFailures(db, account), releaseAttempt(db, address)]);
      const { passwordHash: _hash, twoFactorEnrolled: _enrolled, ...safe } = user;
      return via ? { ok: true, user: safe, via } : { ok: true, user: safe };
    }
    ticket.leave();
    return reservation.lockSeconds > 0 ? { ok: false, reason: "throttled", retryAfter: reservation.lockSeconds } : { ok: false, reason: "invalid_credentials" };
  } finally {
    ticket.leave();
  }
}

async function upgradeStoredHash(db: Db, user: { id: number; passwordHash: string }, password: string, hashing: PasswordHashing): Promise<void> {
  try {
    await upgradePasswordHash(db, user, password, hashing);
  } catch (error) {
    // The old hash still works: the next sign-in tries again. Neither hash nor password is logged (errorText drops a query's parameters).
    console.error(JSON.stringify({ level: "warn", msg: "password hash upgrade failed", user_id: user.id, error: errorText(error) }));
  }
}
