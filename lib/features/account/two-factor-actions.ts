"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { DashboardError } from "@/lib/core/actions/errors";
import { currentOrigin } from "@/lib/auth/request-origin";
import { recordActionEvent } from "@/lib/auth/security-events";
import { checkPasswordInSession } from "@/lib/auth/sign-in";
import { beginEnrolment, confirmEnrolment, enrolmentQrSvg, renewRecoveryCodes, turnOffTwoFactor } from "@/lib/auth/totp";
import { confirmCodeInSession, grantStepUp, STEP_UP_SECONDS } from "@/lib/auth/step-up";
import { readSecuritySettings } from "@/lib/auth/security-settings";
import { NoInputSchema } from "@/lib/features/account/forms";
import { SecurityRulesSchema, TurnOffTwoFactorSchema, TwoFactorCodeSchema } from "@/lib/features/account/two-factor-forms";
import { saveSecurityRules } from "@/lib/features/settings/save-security-rules";
import { getLocale } from "@/lib/i18n/server";

/** Starts (or starts again) one's enrolment: the secret to type by hand and its QR code (an SVG made here). */
export const beginTwoFactorAction = authedAction("self", NoInputSchema, async (_input, { db, user }) => {
  const pending = await beginEnrolment(db, user);
  return { secret: pending.secret, qrSvg: await enrolmentQrSvg(pending.uri) };
});

/** Confirms the enrolment with a code from the app; the ten recovery codes come back this once. */
export const confirmTwoFactorAction = authedAction("self", TwoFactorCodeSchema, async (input, { db, user }) => {
  const codes = await confirmEnrolment(db, user.id, input.code);
  await recordActionEvent(db, "two_factor_enrolled", user);
  revalidatePath("/account");
  return { codes };
});

/** Ten new recovery codes (the old ones stop working), for a code. */
export const renewRecoveryCodesAction = authedAction("self", TwoFactorCodeSchema, async (input, { db, user }) => {
  await confirmCodeInSession(db, user, input.code, await currentOrigin());
  const codes = await renewRecoveryCodes(db, user.id);
  await recordActionEvent(db, "recovery_codes_renewed", user);
  revalidatePath("/account");
  return { codes };
});

/** Turns one's two-factor off: the current password and a code; refused while the team requires it. */
export const turnOffTwoFactorAction = authedAction("self", TurnOffTwoFactorSchema, async (input, { db, user }) => {
  if ((await readSecuritySettings(db)).requireTwoFactor) throw new DashboardError("two_factor.required_by_team");
  const origin = await currentOrigin();
  // The code first: a right password clears the session's failures, and checked before the code it would let one
  // who knows the password guess codes without ever reaching the lock.
  await confirmCodeInSession(db, user, input.code, origin);
  const check = await checkPasswordInSession(db, user, input.currentPassword);
  if (!check.ok) {
    if (!("retryAfter" in check)) throw new DashboardError("password.current_wrong", "currentPassword");
    throw new DashboardError("password.wait", "currentPassword", { seconds: check.retryAfter });
  }
  await turnOffTwoFactor(db, user.id);
  await recordActionEvent(db, "two_factor_disabled", user);
  revalidatePath("/account");
  return { off: true };
});

/** A fresh code for money actions above the threshold: this session may make them for the next few minutes. */
export const stepUpAction = authedAction("self", TwoFactorCodeSchema, async (input, { db, user }) => {
  const via = await confirmCodeInSession(db, user, input.code, await currentOrigin());
  await grantStepUp(db, user.id, user.sessionId);
  await recordActionEvent(db, "step_up", user, { detail: { second_factor: via, seconds: STEP_UP_SECONDS } });
  return { seconds: STEP_UP_SECONDS };
});

/** The owners' security rules (save-security-rules.ts: the amounts checked, then a fresh step-up, then saved). */
export const saveSecurityRulesAction = authedAction("team.manage", SecurityRulesSchema, async (input, { db, user }) => {
  const saved = await saveSecurityRules(db, user, input, await getLocale());
  revalidatePath("/settings");
  return saved;
});
