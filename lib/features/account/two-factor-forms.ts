import { z } from "zod";

/** A code from the authenticator app, or a recovery code where one is allowed. */
const CodeSchema = z.string().trim().min(1, "form.required").max(64);

/** Confirming an enrolment, renewing recovery codes, a step-up: one code. */
export const TwoFactorCodeSchema = z.object({ code: CodeSchema });

/** Turning two-factor off: the current password and a code. */
export const TurnOffTwoFactorSchema = z.object({ currentPassword: z.string().min(1, "form.required").max(1024), code: CodeSchema });

/** The owners' security rules: two-factor for everyone, and per currency the amount (major units, as typed) above which a fresh code is asked. */
export const SecurityRulesSchema = z.object({
  requireTwoFactor: z.boolean(),
  thresholds: z
    .array(
      z.object({
        currency: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{3}$/, "ledger.currency.invalid"),
        amount: z.string().trim().max(40),
      }),
    )
    .max(50),
});
