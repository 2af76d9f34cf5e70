"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { DashboardError } from "@/lib/actions/errors";
import { endOtherSessions, endSession } from "@/lib/auth/sessions";
import { endSessions } from "@/lib/auth/users";
import { EndSessionSchema, MemberSessionSchema, NoInputSchema } from "@/lib/dashboard/forms/account";

/** Ends one of the user's own sessions; this browser's session is ended by signing out. */
export const endSessionAction = authedAction("self", EndSessionSchema, async (input, { db, user }) => {
  if (input.sessionId === user.sessionId) throw new DashboardError("sessions.end_current_hint", "sessionId");
  if (!(await endSession(db, user.id, input.sessionId, "ended"))) throw new DashboardError("sessions.not_found");
  revalidatePath("/account");
  return { id: input.sessionId };
});

/** An owner ends a member's session (their own current one is ended by signing out). */
export const endMemberSessionAction = authedAction("team.manage", MemberSessionSchema, async (input, { db, user }) => {
  if (input.sessionId === user.sessionId) throw new DashboardError("sessions.end_current_hint", "sessionId");
  if (!(await endSession(db, input.userId, input.sessionId, "ended"))) throw new DashboardError("sessions.not_found");
  revalidatePath("/account");
  return { id: input.sessionId };
});

/** Ends every session of the user but this one. */
export const endOtherSessionsAction = authedAction("self", NoInputSchema, async (_input, { db, user }) => {
  const ended = await endOtherSessions(db, user.id, user.sessionId);
  revalidatePath("/account");
  return { ended };
});

/** Ends every session of the user, this one included: the browser goes to the sign-in page. */
export const endAllSessionsAction = authedAction("self", NoInputSchema, async (_input, { db, user }) => {
  await endSessions(db, user.id);
  return { ended: true };
});
