import { z } from "zod";

/** The token of a one-time link as the page passes it on: the link's own check says whether it is one. */
const TokenSchema = z.string().max(256);

/** The welcome page's form and its action parse with this one schema; the strength rule is the server's (password-strength.ts). */
export const SetLinkPasswordSchema = z
  .object({
    token: TokenSchema,
    newPassword: z.string().min(1, "form.required").max(1024),
    confirmPassword: z.string().min(1, "form.required").max(1024),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ["confirmPassword"], message: "password.mismatch" });
export type SetLinkPassword = z.input<typeof SetLinkPasswordSchema>;

/** The meter's question on the welcome page: the link names whose personal words count. */
export const LinkPasswordStrengthSchema = z.object({ token: TokenSchema, password: z.string().max(1024) });
