"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { DashboardError } from "@/lib/core/actions/errors";
import { endOtherSessions, endSession } from "@/lib/auth/sessions";
import { endSessions, findUserById, setPassword } from "@/lib/auth/users";
import { recordActionEvent } from "@/lib/auth/security-events";
import { ChangePasswordSchema, EndSessionSchema, MemberSessionSchema, NoInputSchema, PasswordStrengthSchema } from "@/lib/features/account/forms";
import { checkPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import { checkPasswordInSession } from "@/lib/auth/sign-in";

/** Ends one of the user's own sessions; this browser's session is ended by signing out. */
export const endSessionAction = authedAction("self", EndSessionSchema, async (input, { db, user }) => {
  if (input.sessionId === user.sessionId) throw new DashboardError("sessions.end_current_hint", "sessionId");
  if (!(await endSession(db, user.id, input.sessionId, "ended"))) throw new DashboardError("sessions.not_found");
  await recordActionEvent(db, "session_ended", user, { detail: { session: input.sessionId } });
  revalidatePath("/account");
  return { id: input.sessionId };
});

/** An owner ends a member's session (their own current one is ended by signing out). */
export const endMemberSessionAction = authedAction("team.manage", MemberSessionSchema, async (input, { db, user }) => {
  if (input.sessionId === user.sessionId) throw new DashboardError("sessions.end_current_hint", "sessionId");
  if (!(await endSession(db, input.userId, input.sessionId, "ended"))) throw new DashboardError("sessions.not_found");
  const member = await findUserById(db, input.userId);
  await recordActionEvent(db, "session_ended", user, { subject: { id: input.userId, email: member?.email ?? "" }, detail: { session: input.sessionId } });
  revalidatePath("/account");
  return { id: input.sessionId };
});

/** Ends every session of the user but this one. */
export const endOtherSessionsAction = authedAction("self", NoInputSchema, async (_input, { db, user }) => {
  const ended = await endOtherSessions(db, user.id, user.sessionId);
  await recordActionEvent(db, "sessions_ended_others", user, { detail: { ended } });
  revalidatePath("/account");
  return { ended };
});

/** Ends every session of the user, this one included: the browser goes to the sign-in page. */
export const endAllSessionsAction = authedAction("self", NoInputSchema, async (_input, { db, user }) => {
  await endSessions(db, user.id);
  await recordActionEvent(db, "sessions_ended_all", user);
  return { ended: true };
});

/** How strong a new password is, for the form's meter: the same rule the change is held to. */
export const passwordStrengthAction = authedAction("self", PasswordStrengthSchema, async (input, { user }) => {
  const { score, acceptable, problem } = checkPasswordStrength(input.password, [user.email, user.name]);
  return { score, acceptable, problem };
});

/**
 * Changes one's own password: the current one is checked in the session's own count (checkPasswordInSession: the
 * form cannot be used to guess it, and a stranger's failures elsewhere do not block it), the new one must pass the
 * rule and differ; then every other session ends.
 */
export const changePasswordAction = authedAction("self", ChangePasswordSchema, async (input, { db, user }) => {
  const check = await checkPasswordInSession(db, user, input.currentPassword);
  if (!check.ok) {
    // No second factor was asked: only a wrong password or a wait can come back.
    if (!("retryAfter" in check)) throw new DashboardError("password.current_wrong", "currentPassword");
    throw new DashboardError("password.wait", "currentPassword", { seconds: check.retryAfter });
  }
  if (input.newPassword === input.currentPassword) throw new DashboardError("password.same", "newPassword");
  const strength = checkPasswordStrength(input.newPassword, [user.email, user.name]);
  if (strength.problem) throw new DashboardError(`password.problem.${strength.problem}`, "newPassword", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  await setPassword(db, user.id, input.newPassword);
  const ended = await endOtherSessions(db, user.id, user.sessionId);
  await recordActionEvent(db, "password_changed", user, { detail: { ended } });
  revalidatePath("/account");
  return { ended };
});
