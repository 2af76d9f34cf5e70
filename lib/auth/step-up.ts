import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";
import { DashboardError } from "@/lib/actions/errors";
import { accountPolicy, accountScope, addressPolicy, addressScope, clearFailures, releaseAttempt, reserveAttempt } from "./throttle";
import { checkSecondFactor, type TotpOptions } from "./totp";
import { recordSecurityEvent } from "./security-events";
import type { RequestOrigin } from "./request-origin";
import { amountsAboveThreshold, readSecuritySettings } from "./security-settings";

/** A correct code lets the session make money actions above the threshold for this long. */
export const STEP_UP_SECONDS = 5 * 60;

/**
 * A code typed by a signed-in member (a step-up, new recovery codes, turning two-factor off): one attempt in the same
 * counts as a sign-in (account and address), so the session cannot be used to guess codes faster than the sign-in
 * form could. Wrong: recorded and refused on the `code` field; a lock: refused with the wait.
 */
export async function confirmCodeInSession(
  db: Db,
  user: { id: number; email: string },
  code: string,
  origin: RequestOrigin,
  totp?: TotpOptions,
): Promise<"totp" | "recovery_code"> {
  const account = accountScope(user.email);
  const address = addressScope(origin.address);
  const reservation = await reserveAttempt(db, [
    { scope: account, policy: accountPolicy() },
    { scope: address, policy: addressPolicy() },
  ]);
  if (!reservation.granted) throw new DashboardError("two_factor.wait", "code", { seconds: reservation.retryAfter });
  const person = { id: user.id, email: user.email };
  const check = await checkSecondFactor(db, user.id, code, totp);
  if (check.ok) {
    await Promise.all([clearFailures(db, account), releaseAttempt(db, address)]);
    if (check.via === "recovery_code") await recordSecurityEvent(db, { kind: "recovery_code_used", actor: person, subject: person, origin });
    return check.via;
  }
  await recordSecurityEvent(db, { kind: "two_factor_failed", actor: person, subject: person, origin });
  if (reservation.lockSeconds > 0) throw new DashboardError("two_factor.wait", "code", { seconds: reservation.lockSeconds });
  throw new DashboardError("two_factor.wrong_code", "code");
}

/** After a correct code: this session may make money actions above the threshold for STEP_UP_SECONDS. */
export async function grantStepUp(db: Db, userId: number, sessionId: string, seconds = STEP_UP_SECONDS): Promise<void> {
  await db
    .update(sessions)
    .set({ stepUpUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/**
 * Before a money action: when an amount is above its currency's threshold, the session must have given a fresh code
 * (step_up_until later than now). Refused with `step_up_required` (the form asks for the code, then sends the same
 * request again), or `step_up.enrol_first` for a member without two-factor (nothing to ask them for).
 */
export async function requireStepUp(db: Db, user: { id: number; sessionId: string }, amounts: { currency: string; minor: bigint }[]): Promise<void> {
  const settings = await readSecuritySettings(db);
  if (amountsAboveThreshold(settings, amounts).length === 0) return;
  const [row] = await db
    .select({
      enrolled: sql<boolean>`${users.totpEnrolledAt} IS NOT NULL`,
      fresh: sql<boolean>`coalesce(${sessions.stepUpUntil} > now(), false)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)));
  if (!row?.enrolled) throw new DashboardError("step_up.enrol_first");
  if (!row.fresh) throw new DashboardError("step_up_required");
}
