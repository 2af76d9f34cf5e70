import { z } from "zod";
import { ROLES } from "@/lib/auth/permissions";

/** The invite form and the action that handles it parse with this one schema. */
export const InviteMemberSchema = z.object({
  email: z.string().trim().min(1, "form.required").max(255).pipe(z.email("form.email")),
  name: z.string().trim().max(255).default(""),
  role: z.enum(ROLES),
});
export type InviteMember = z.input<typeof InviteMemberSchema>;

export const ChangeRoleSchema = z.object({
  userId: z.coerce.number().int().positive(),
  role: z.enum(ROLES),
});

export const RemoveMemberSchema = z.object({
  userId: z.coerce.number().int().positive(),
});

/** An owner turns a member's two-factor off. */
export const ResetTwoFactorSchema = z.object({
  userId: z.coerce.number().int().positive(),
});

/** A new one-time link for a member: an invite while they have not set a password, else a reset. */
export const MemberLinkSchema = z.object({
  userId: z.coerce.number().int().positive(),
});
