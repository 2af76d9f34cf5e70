"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { ChangeRoleSchema, InviteMemberSchema, RemoveMemberSchema } from "@/lib/dashboard/forms/team";
import { ConnectionFormSchema } from "@/lib/dashboard/forms/connection";
import { changeRole, createUser, removeUser } from "@/lib/auth/users";
import { checkAndSaveConnection } from "@/lib/dashboard/save-connection";
import { currentOrigin } from "@/lib/auth/request-origin";
import { recordSecurityEvent } from "@/lib/auth/security-events";

/** Creates the member with a generated password, returned once to show to the owner. */
export const inviteMemberAction = authedAction("team.manage", InviteMemberSchema, async (input, { db, user: owner }) => {
  const { user, password } = await createUser(db, input);
  await recordSecurityEvent(db, {
    kind: "member_invited",
    actor: { id: owner.id, email: owner.email },
    subject: { id: user.id, email: user.email },
    origin: await currentOrigin(),
    detail: { role: user.role },
  });
  revalidatePath("/settings");
  return { email: user.email, password };
});

export const changeRoleAction = authedAction("team.manage", ChangeRoleSchema, async (input, { db, user: owner }) => {
  const { user, previousRole } = await changeRole(db, input.userId, input.role);
  if (previousRole !== user.role) {
    await recordSecurityEvent(db, {
      kind: "role_changed",
      actor: { id: owner.id, email: owner.email },
      subject: { id: user.id, email: user.email },
      origin: await currentOrigin(),
      detail: { from: previousRole, to: user.role },
    });
  }
  revalidatePath("/settings");
  return { id: user.id, role: user.role };
});

export const removeMemberAction = authedAction("team.manage", RemoveMemberSchema, async (input, { db, user: owner }) => {
  const removed = await removeUser(db, input.userId);
  await recordSecurityEvent(db, {
    kind: "member_removed",
    actor: { id: owner.id, email: owner.email },
    subject: { id: removed.id, email: removed.email },
    origin: await currentOrigin(),
    detail: { role: removed.role },
  });
  revalidatePath("/settings");
  return { id: input.userId };
});

export const saveConnectionAction = authedAction("settings.manage", ConnectionFormSchema, async (input, { db, user, t }) => {
  const saved = await checkAndSaveConnection(db, input, user.id, t);
  revalidatePath("/", "layout");
  return saved;
});
