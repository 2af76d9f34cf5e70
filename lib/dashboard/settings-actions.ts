"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { ChangeRoleSchema, InviteMemberSchema, RemoveMemberSchema } from "@/lib/dashboard/forms/team";
import { ConnectionFormSchema } from "@/lib/dashboard/forms/connection";
import { changeRole, createUser, removeUser } from "@/lib/auth/users";
import { checkAndSaveConnection } from "@/lib/dashboard/save-connection";

/** Creates the member with a generated password, returned once to show to the owner. */
export const inviteMemberAction = authedAction("team.manage", InviteMemberSchema, async (input, { db }) => {
  const { user, password } = await createUser(db, input);
  revalidatePath("/settings");
  return { email: user.email, password };
});

export const changeRoleAction = authedAction("team.manage", ChangeRoleSchema, async (input, { db }) => {
  const user = await changeRole(db, input.userId, input.role);
  revalidatePath("/settings");
  return { id: user.id, role: user.role };
});

export const removeMemberAction = authedAction("team.manage", RemoveMemberSchema, async (input, { db }) => {
  await removeUser(db, input.userId);
  revalidatePath("/settings");
  return { id: input.userId };
});

export const saveConnectionAction = authedAction("settings.manage", ConnectionFormSchema, async (input, { db, user, t }) => {
  const saved = await checkAndSaveConnection(db, input, user.id, t);
  revalidatePath("/", "layout");
  return saved;
});
