import type { Db } from "@/lib/db/client";
import { findUserWithHashByEmail, type DashboardUser } from "@/lib/dashboard/users";
import { burnPasswordCheck, verifyPassword } from "./password";
import { accountPolicy, accountScope, addressPolicy, addressScope, clearFailures, lockedForSeconds, recordFailure } from "./throttle";
import { isRole } from "./permissions";

export type SignInResult =
  | { ok: true; user: DashboardUser }
  | { ok: false; reason: "invalid_credentials" }
  | { ok: false; reason: "throttled"; retryAfter: number };

/**
 * Checks an email and password: refused while the account or the address is
 * locked (without looking at the password), otherwise a failure is counted in
 * both scopes and a success clears the account's count.
 */
export async function signInWithPassword(db: Db, input: { email: string; password: string; address: string }): Promise<SignInResult> {
  const account = accountScope(input.email);
  const address = addressScope(input.address);
  const locked = await lockedForSeconds(db, [account, address]);
  if (locked > 0) return { ok: false, reason: "throttled", retryAfter: locked };

  const user = await findUserWithHashByEmail(db, input.email);
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : await burnPasswordCheck(input.password);
  if (user && valid && isRole(user.role)) {
    await clearFailures(db, account);
    const { passwordHash: _hash, ...safe } = user;
    return { ok: true, user: safe };
  }
  const [accountLock, addressLock] = await Promise.all([
    recordFailure(db, account, accountPolicy()),
    recordFailure(db, address, addressPolicy()),
  ]);
  const lock = Math.max(accountLock, addressLock);
  return lock > 0 ? { ok: false, reason: "throttled", retryAfter: lock } : { ok: false, reason: "invalid_credentials" };
}
