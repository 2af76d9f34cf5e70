"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { ChangeRoleSchema, InviteMemberSchema, MemberLinkSchema, RemoveMemberSchema, ResetTwoFactorSchema } from "@/lib/features/settings/team-forms";
import { ConnectionFormSchema } from "@/lib/features/settings/connection-form";
import { removeUser } from "@/lib/auth/users";
import { checkAndSaveConnection } from "@/lib/features/settings/save-connection";
import { recordActionEvent } from "@/lib/auth/security-events";
import { changeMemberRole, inviteMember, issueLinkForMember, resetTwoFactorOfMember } from "@/lib/features/settings/team-member-changes";

/**
 * Creates the member without a password of their own and a one-time invite link for them, returned once to show to
 * the owner (and mailed when SMTP is set up). A new owner needs a fresh step-up (team-member-changes.ts).
 */
export const inviteMemberAction = authedAction("team.manage", InviteMemberSchema, async (input, { db, user: owner, t }) => {
  const invited = await inviteMember(db, owner, input, t);
  revalidatePath("/settings");
  return invited;
});

/** A new one-time link for a member: an invite while they have not set a password, else a password reset (a fresh step-up first). */
export const memberLinkAction = authedAction("team.manage", MemberLinkSchema, async (input, { db, user: owner, t }) => {
  const issued = await issueLinkForMember(db, owner, input.userId, t);
  revalidatePath("/settings");
  return issued;
});

/** A new role; making someone an owner needs a fresh step-up. */
export const changeRoleAction = authedAction("team.manage", ChangeRoleSchema, async (input, { db, user: owner }) => {
  const changed = await changeMemberRole(db, owner, input);
  revalidatePath("/settings");
  return changed;
});

export const removeMemberAction = authedAction("team.manage", RemoveMemberSchema, async (input, { db, user: owner }) => {
  const removed = await removeUser(db, input.userId);
  await recordActionEvent(db, "member_removed", owner, { subject: { id: removed.id, email: removed.email }, detail: { role: removed.role } });
  revalidatePath("/settings");
  return { id: input.userId };
});

/** An owner turns a member's two-factor off (a lost phone), after a fresh step-up; the member's sessions end. */
export const resetMemberTwoFactorAction = authedAction("team.manage", ResetTwoFactorSchema, async (input, { db, user: owner }) => {
  const reset = await resetTwoFactorOfMember(db, owner, input.userId);
  revalidatePath("/settings");
  return reset;
});

export const saveConnectionAction = authedAction("settings.manage", ConnectionFormSchema, async (input, { db, user, t }) => {
  const saved = await checkAndSaveConnection(db, input, user.id, t);
  revalidatePath("/", "layout");
  return saved;
});
