import "server-only";
import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import { DashboardError } from "@/lib/core/actions/errors";
import { recordActionEvent } from "@/lib/auth/security-events";
import { requireFreshStepUp } from "@/lib/auth/step-up";
import { resetMemberTwoFactor } from "@/lib/auth/totp";
import { changeRole, createInvitedUser, findTeamUser } from "@/lib/auth/users";
import type { ChangeRoleSchema, InviteMemberSchema } from "@/lib/features/settings/team-forms";
import { issueMemberLink, type IssuedLink } from "@/lib/features/settings/issue-member-link";
import type { Translate } from "@/lib/i18n/translate";

/**
 * The owners' team changes that can hand someone an owner's power or another member's account: a new owner (invited or
 * promoted), a password link for another member, another member's two-factor turned off. Each asks for a fresh step-up
 * first (requireFreshStepUp), so that a stolen owner session alone cannot make a second owner or take one over. Changes
 * that only take power away (a demotion, a removal) ask for none: they must stay quick for an owner under attack.
 */
type Owner = { id: number; email: string; sessionId: string };

export async function inviteMember(db: Db, owner: Owner, input: z.output<typeof InviteMemberSchema>, t: Translate): Promise<{ email: string } & IssuedLink> {
  if (input.role === "owner") await requireFreshStepUp(db, owner);
  const user = await createInvitedUser(db, input);
  await recordActionEvent(db, "member_invited", owner, { subject: { id: user.id, email: user.email }, detail: { role: user.role } });
  const link = await issueMemberLink(db, { member: user, purpose: "invite", owner }, t);
  return { email: user.email, ...link };
}

/** A new one-time link for a member: an invite while they have not set a password, else a password reset. */
export async function issueLinkForMember(db: Db, owner: Owner, userId: number, t: Translate): Promise<{ email: string } & IssuedLink> {
  const member = await findTeamUser(db, userId);
  if (!member) throw new DashboardError("team.user_not_found");
  await requireFreshStepUp(db, owner);
  const link = await issueMemberLink(db, { member, purpose: member.passwordSet ? "reset" : "invite", owner }, t);
  return { email: member.email, ...link };
}

export async function changeMemberRole(db: Db, owner: Owner, input: z.output<typeof ChangeRoleSchema>): Promise<{ id: number; role: string }> {
  if (input.role === "owner") await requireFreshStepUp(db, owner);
  const { user, previousRole } = await changeRole(db, input.userId, input.role);
  if (previousRole !== user.role) {
    await recordActionEvent(db, "role_changed", owner, { subject: { id: user.id, email: user.email }, detail: { from: previousRole, to: user.role } });
  }
  return { id: user.id, role: user.role };
}

/**
 * An owner turns a member's two-factor off (lost phone and recovery codes): the member's sessions end, and with the
 * team's rule on they set it up again at the next sign-in. One's own is turned off on one's account page (with a code).
 */
export async function resetTwoFactorOfMember(db: Db, owner: Owner, userId: number): Promise<{ id: number }> {
  if (userId === owner.id) throw new DashboardError("team.reset_two_factor_self");
  const member = await findTeamUser(db, userId);
  if (!member) throw new DashboardError("team.user_not_found");
  await requireFreshStepUp(db, owner);
  if (!(await resetMemberTwoFactor(db, member.id))) throw new DashboardError("team.two_factor_not_on");
  await recordActionEvent(db, "two_factor_disabled", owner, { subject: { id: member.id, email: member.email }, detail: { by: "owner" } });
  return { id: member.id };
}
