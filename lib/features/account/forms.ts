import { z } from "zod";

/** One of one's own sessions, by its id (the row of dashboard.sessions). */
export const EndSessionSchema = z.object({ sessionId: z.uuid() });

/** Actions that take nothing but the signed-in user. */
export const NoInputSchema = z.object({});

/** A member's session, ended by an owner: the member is named too, so that a session id alone never ends someone else's. */
export const MemberSessionSchema = z.object({ userId: z.coerce.number().int().positive(), sessionId: z.uuid() });

/** The password form and its action parse with this one schema; the strength rule is the server's (password-strength.ts). */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "form.required").max(1024),
    newPassword: z.string().min(1, "form.required").max(1024),
    confirmPassword: z.string().min(1, "form.required").max(1024),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ["confirmPassword"], message: "password.mismatch" });
export type ChangePassword = z.input<typeof ChangePasswordSchema>;

/** The meter's question: how strong is this new password? */
export const PasswordStrengthSchema = z.object({ password: z.string().max(1024) });
