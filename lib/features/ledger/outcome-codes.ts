import { hasText } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";

/** A refusal's or an outcome's code in words ("account_blocked" → "Account is blocked"); a code without a text: a generic one with the code. */
export function describeCode(code: string, t: Translate): string {
  const key = `ledger.code.${code}`;
  return hasText(t, key) ? t(key) : t("ledger.code.other", { code });
}
