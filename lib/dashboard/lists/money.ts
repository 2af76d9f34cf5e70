/**
 * Money of list records: the platform stores integer minor units (0 to 2^53 − 1);
 * people type major units. Conversions are string arithmetic on digits, never
 * a float: "12.5" EUR → "1250", "1000" JPY → "1000", "1.005" KWD → "1005".
 */

export const MAX_MINOR_UNITS = 9007199254740991n;

/** Digits after the decimal point of a currency, as Intl knows it (USD 2, JPY 0, KWD 3). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export type MinorUnitsResult = { ok: true; minor: string } | { ok: false; reason: "format" | "negative" | "too_many_decimals" | "too_large" };

/**
 * "1 234,50" or "1234.5" → "123450" (for 2 digits). A comma or a point is the
 * decimal separator; spaces group thousands. Trailing zeros past the
 * currency's digits are accepted ("12.500" USD), other extra decimals are not.
 */
export function majorToMinorUnits(text: string, digits: number): MinorUnitsResult {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (compact.startsWith("-")) return { ok: false, reason: "negative" };
  const match = /^\+?(\d*)(?:[.,](\d*))?$/.exec(compact);
  if (!match || (!match[1] && !match[2])) return { ok: false, reason: "format" };
  const whole = match[1] || "0";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return { ok: false, reason: "too_many_decimals" };
  const minor = `${whole}${fraction.padEnd(digits, "0")}`.replace(/^0+(?=\d)/, "");
  if (BigInt(minor) > MAX_MINOR_UNITS) return { ok: false, reason: "too_large" };
  return { ok: true, minor };
}

/** "123450" (2 digits) → "1234.50"; exact for any integer, also beyond 2^53. */
export function minorToMajorUnits(minor: string | number | bigint, digits: number): string {
  const text = BigInt(minor).toString();
  const negative = text.startsWith("-");
  const digitsOnly = (negative ? text.slice(1) : text).padStart(digits + 1, "0");
  const whole = digitsOnly.slice(0, digitsOnly.length - digits);
  const fraction = digits > 0 ? `.${digitsOnly.slice(-digits)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** A localized amount ("€12.50", "12,50 €") from minor units, formatted from the exact decimal text. */
export function formatMinorUnits(minor: string | number | bigint, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const major = minorToMajorUnits(minor, digits);
  try {
    // Intl formats a decimal string exactly (no float on the way).
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(major as unknown as number);
  } catch {
    return `${major} ${currency}`;
  }
}
