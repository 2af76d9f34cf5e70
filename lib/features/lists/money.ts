import { formatMoney, minorToMajor } from "@/lib/core/money/money";
import type { AmountBounds } from "@/lib/core/money/parse-amount";

/**
 * Money of list records: the platform stores integer minor units (0 to 2^53 − 1);
 * people type major units. Digits, minor → major and formatting are shared
 * with the ledger (lib/core/money/money.ts, one rule for the whole dashboard), and so
 * is parsing (lib/core/money/parse-amount.ts); only the bounds differ, because a
 * list's money is not a balance movement (0 is a price, up to 2^53 − 1).
 */

export const MAX_MINOR_UNITS = BigInt("9007199254740991");

/** What a record's money field takes: 0 (a price can be free) to 2^53 − 1 minor units, no sign. */
export const RECORD_MONEY_BOUNDS: AmountBounds = { min: BigInt(0), max: MAX_MINOR_UNITS };

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
