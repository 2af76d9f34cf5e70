import "server-only";
import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import { DashboardError } from "@/lib/core/actions/errors";
import { recordActionEvent } from "@/lib/auth/security-events";
import { saveSecuritySettings } from "@/lib/auth/security-settings";
import { requireFreshStepUp } from "@/lib/auth/step-up";
import type { SecurityRulesSchema } from "@/lib/features/account/two-factor-forms";
import type { Locale } from "@/lib/i18n/config";
import { parseAmountText } from "@/lib/core/money/parse-amount";

/**
 * The owners' security rules: two-factor for every member, and per currency the step-up threshold (typed in major
 * units). The amounts are checked before the code is asked (a wrong amount is fixed without typing a code for it); the
 * fresh step-up before anything is saved, since these rules are what stands between a stolen session and the money.
 */
export async function saveSecurityRules(
  db: Db,
  user: { id: number; email: string; sessionId: string },
  input: z.output<typeof SecurityRulesSchema>,
  locale: Locale,
): Promise<{ saved: true }> {
  const thresholds: Record<string, bigint> = {};
  input.thresholds.forEach(({ currency, amount }, index) => {
    if (thresholds[currency] !== undefined) throw new DashboardError("security_rules.currency_twice", `thresholds.${index}.currency`);
    const parsed = parseAmountText(amount, currency, locale, { min: BigInt(0), max: BigInt(10) ** BigInt(18) });
    if (!parsed.ok) throw new DashboardError("security_rules.threshold_invalid", `thresholds.${index}.amount`);
    thresholds[currency] = BigInt(parsed.minor);
  });
  await requireFreshStepUp(db, user);
  await saveSecuritySettings(db, { requireTwoFactor: input.requireTwoFactor, stepUpThresholds: thresholds }, user.id);
  await recordActionEvent(db, "security_settings_changed", user, {
    detail: {
      require_two_factor: input.requireTwoFactor,
      thresholds: Object.entries(thresholds)
        .map(([currency, minor]) => `${currency} ${minor}`)
        .join(", "),
    },
  });
  return { saved: true };
}
