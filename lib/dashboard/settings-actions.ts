"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { ChangeRoleSchema, InviteMemberSchema, MemberLinkSchema, RemoveMemberSchema, ResetTwoFactorSchema } from "@/lib/dashboard/forms/team";
import { resetMemberTwoFactor } from "@/lib/auth/totp";
import { ConnectionFormSchema } from "@/lib/dashboard/forms/connection";
import { changeRole, createInvitedUser, findTeamUser, removeUser } from "@/lib/auth/users";
import { checkAndSaveConnection } from "@/lib/dashboard/save-connection";
import { recordActionEvent } from "@/lib/auth/security-events";
import { issueMemberLink } from "@/lib/dashboard/issue-member-link";
import { DashboardError } from "@/lib/actions/errors";

/**
 * Creates the member without a password of their own and a one-time invite link for them, returned once to show to
 * the owner (and mailed when SMTP is set up).
 */
export const inviteMemberAction = authedAction("team.manage", InviteMemberSchema, async (input, { db, user: owner, t }) => {
  const user = await createInvitedUser(db, input);
  await recordActionEvent(db, "member_invited", owner, { subject: { id: user.id, email: user.email }, detail: { role: user.role } });
  const link = await issueMemberLink(db, { member: user, purpose: "invite", owner }, t);
  revalidatePath("/settings");
  return { email: user.email, ...link };
});

/** A new one-time link for a member: an invite while they have not set a password, else a password reset. */
export const memberLinkAction = authedAction("team.manage", MemberLinkSchema, async (input, { db, user: owner, t }) => {
  const member = await findTeamUser(db, input.userId);
  if (!member) throw new DashboardError("team.user_not_found");
  const link = await issueMemberLink(db, { member, purpose: member.passwordSet ? "reset" : "invite", owner }, t);
  revalidatePath("/settings");
  return { email: member.email, ...link };
});

export const changeRoleAction = authedAction("team.manage", ChangeRoleSchema, async (input, { db, user: owner }) => {
  const { user, previousRole } = await changeRole(db, input.userId, input.role);
  if (previousRole !== user.role) {
    await recordActionEvent(db, "role_changed", owner, { subject: { id: user.id, email: user.email }, detail: { from: previousRole, to: user.role } });
  }
  revalidatePath("/settings");
  return { id: user.id, role: user.role };
});

export const removeMemberAction = authedAction("team.manage", RemoveMemberSchema, async (input, { db, user: owner }) => {
  const removed = await removeUser(db, input.userId);
  await recordActionEvent(db, "member_removed", owner, { subject: { id: removed.id, email: removed.email }, detail: { role: removed.role } });
  revalidatePath("/settings");
  return { id: input.userId };
});

/**
 * An owner turns a member's two-factor off (lost phone and recovery codes): the member's sessions end, and with the
 * team's rule on they set it up again at the next sign-in. One's own is turned off on one's account page (with a code).
 */
export const resetMemberTwoFactorAction = authedAction("team.manage", ResetTwoFactorSchema, async (input, { db, user: owner }) => {
  if (input.userId === owner.id) throw new DashboardError("team.reset_two_factor_self");
  const member = await findTeamUser(db, input.userId);
  if (!member) throw new DashboardError("team.user_not_found");
  if (!(await resetMemberTwoFactor(db, member.id))) throw new DashboardError("team.two_factor_not_on");
  await recordActionEvent(db, "two_factor_disabled", owner, { subject: { id: member.id, email: member.email }, detail: { by: "owner" } });
  revalidatePath("/settings");
  return { id: member.id };
});

export const saveConnectionAction = authedAction("settings.manage", ConnectionFormSchema, async (input, { db, user, t }) => {
  const saved = await checkAndSaveConnection(db, input, user.id, t);
  revalidatePath("/", "layout");
  return saved;
});
