"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { ChangeRoleSchema, InviteMemberSchema, RemoveMemberSchema } from "@/lib/dashboard/forms/team";
import { ConnectionFormSchema } from "@/lib/dashboard/forms/connection";
import { changeRole, createUser, removeUser } from "@/lib/auth/users";
import { checkAndSaveConnection } from "@/lib/dashboard/save-connection";
import { recordActionEvent } from "@/lib/auth/security-events";

/** Creates the member with a generated password, returned once to show to the owner. */
export const inviteMemberAction = authedAction("team.manage", InviteMemberSchema, async (input, { db, user: owner }) => {
  const { user, password } = await createUser(db, input);
  await recordActionEvent(db, "member_invited", owner, { subject: { id: user.id, email: user.email }, detail: { role: user.role } });
  revalidatePath("/settings");
  return { email: user.email, password };
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

export const saveConnectionAction = authedAction("settings.manage", ConnectionFormSchema, async (input, { db, user, t }) => {
  const saved = await checkAndSaveConnection(db, input, user.id, t);
  revalidatePath("/", "layout");
  return saved;
});
