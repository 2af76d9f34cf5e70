import { currencyDigits, formatMoney, minorToMajor } from "@/lib/money/money";

/**
 * Money of list records: the platform stores integer minor units (0 to 2^53 − 1);
 * people type major units. Digits, minor → major and formatting are shared
 * with the ledger (lib/money/money.ts, one rule for the whole dashboard); only the
 * parsing differs, because a list's money has other bounds than a balance
 * movement (0 is a price, up to 2^53 − 1). String arithmetic, never a float:
 * "12.5" EUR → "1250", "1000" JPY → "1000", "1.005" KWD → "1005".
 */
export { currencyDigits };

export const MAX_MINOR_UNITS = BigInt("9007199254740991");

export type MinorUnitsResult = { ok: true; minor: string } | { ok: false; reason: "format" | "negative" | "too_many_decimals" | "too_large" };

/**
 * "1 234,50" or "1234.5" → "123450" (for 2 digits). A comma or a point is the
 * decimal separator; spaces group thousands. Trailing zeros past the
 * currency's digits are accepted ("12.500" USD), other extra decimals are not.
 */
export function majorToMinorUnits(text: string, digits: number): MinorUnitsResult {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (compact.startsWith("-")) return { ok: false, reason: "negative" };
  if (compact.length > 40) return { ok: false, reason: /^\+?\d+([.,]\d*)?$/.test(compact) ? "too_large" : "format" };
  const match = /^\+?(\d*)(?:[.,](\d*))?$/.exec(compact);
  if (!match || (!match[1] && !match[2])) return { ok: false, reason: "format" };
  const whole = match[1] || "0";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return { ok: false, reason: "too_many_decimals" };
  const minor = `${whole}${fraction.padEnd(digits, "0")}`.replace(/^0+(?=\d)/, "");
  if (BigInt(minor) > MAX_MINOR_UNITS) return { ok: false, reason: "too_large" };
  return { ok: true, minor };
}

const isWholeNumber = (value: string | number | bigint) =>
  typeof value === "bigint" || (typeof value === "number" ? Number.isSafeInteger(value) : /^-?\d+$/.test(value));

/** Minor units as a plain decimal in major units of the currency: 1250 EUR → "12.50"; exact for any integer. */
export function minorToMajorUnits(minor: string | number | bigint, currency: string): string {
  return isWholeNumber(minor) ? minorToMajor(BigInt(minor), currency) : String(minor);
}

/** A localized amount ("€12.50", "12,50 €") from minor units, formatted from the exact decimal text. */
export function formatMinorUnits(minor: string | number | bigint, currency: string, locale: string): string {
  return isWholeNumber(minor) ? formatMoney(BigInt(minor), currency, locale) : `${String(minor)} ${currency}`;
}
