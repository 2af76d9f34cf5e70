"use server";

import type { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import type { ActionResult } from "@/lib/core/actions/result";
import { issuesToFieldErrors } from "@/lib/core/actions/zod-messages";
import { findNulPaths } from "@/lib/core/http/input-safety";
import { toActionError } from "@/lib/auth/action-errors";
import { currentOrigin } from "@/lib/auth/request-origin";
import { inspectOneTimeLink, useOneTimeLink as takeOneTimeLink } from "@/lib/auth/one-time-links";
import { checkPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from "@/lib/auth/password-strength";
import { LinkPasswordStrengthSchema, SetLinkPasswordSchema } from "@/lib/features/sign-in/welcome-form";

/**
 * The welcome page's actions need no session: the link's token is what entitles. Input is parsed with the form's
 * schema as authedAction does; failures come back typed, never thrown.
 */
async function parsed<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  fn: (value: z.output<S>, t: Translate) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  const t = await getTranslator();
  try {
    const result = schema.safeParse(input);
    if (!result.success || findNulPaths(input).length > 0) {
      const fieldErrors = result.success ? {} : issuesToFieldErrors(result.error.issues, t);
      return { ok: false, error: { kind: "validation", message: t("form.fix_errors"), fieldErrors } };
    }
    return await fn(result.data, t);
  } catch (error) {
    return { ok: false, error: toActionError(error, t) };
  }
}

const refusal = (reason: "used" | "expired" | "unknown", t: Translate): ActionResult<never> => ({
  ok: false,
  error: { kind: "conflict", code: `welcome.refused.${reason}`, message: `${t(`welcome.refused.${reason}`)} ${t("welcome.ask_owner")}`, fieldErrors: {} },
});

/** How strong a new password is for the link's member (their name and email count as personal words). */
export async function linkPasswordStrengthAction(
  input: z.input<typeof LinkPasswordStrengthSchema>,
): Promise<ActionResult<{ score: 0 | 1 | 2 | 3 | 4; acceptable: boolean; problem: PasswordProblem | null }>> {
  return parsed(LinkPasswordStrengthSchema, input, async ({ token, password }, t) => {
    const inspected = await inspectOneTimeLink(await getDb(), token);
    if (!inspected.ok) return refusal(inspected.reason, t);
    const { score, acceptable, problem } = checkPasswordStrength(password, [inspected.link.email, inspected.link.name]);
    return { ok: true, data: { score, acceptable, problem } };
  });
}

/** Sets the member's password through their link; the browser then goes to the sign-in page with the email filled in. */
export async function setLinkPasswordAction(input: z.input<typeof SetLinkPasswordSchema>): Promise<ActionResult<{ email: string }>> {
  return parsed(SetLinkPasswordSchema, input, async ({ token, newPassword }, t) => {
    const used = await takeOneTimeLink(await getDb(), token, newPassword, await currentOrigin());
    if (used.ok) return { ok: true, data: { email: used.user.email } };
    if (used.reason === "throttled") {
      const message = t("login.throttled", { seconds: used.retryAfter });
      return { ok: false, error: { kind: "rate_limited", code: "welcome.throttled", message, fieldErrors: {}, retryAfter: used.retryAfter } };
    }
    if (used.reason !== "password") return refusal(used.reason, t);
    const message = t(`password.problem.${used.problem}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
    return { ok: false, error: { kind: "validation", code: `password.problem.${used.problem}`, message, fieldErrors: { newPassword: [message] } } };
  });
}
