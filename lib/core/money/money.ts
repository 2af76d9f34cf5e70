/**
 * Money of contact accounts, exactly: minor units are bigints (or their digit
 * strings on the wire), major units are decimal strings, and the two convert by
 * string arithmetic with the currency's own number of minor digits. No float
 * ever holds an amount. Shared by forms (browser) and server actions, so both
 * convert "12.50" the same way.
 */
import { currencyDigits, MAX_MOVEMENT_MINOR, MIN_MOVEMENT_MINOR } from "@/lib/contract/facts";

/** The platform's bounds for one top-up or debit, in minor units. */
export const MIN_MOVEMENT = BigInt(MIN_MOVEMENT_MINOR);
export const MAX_MOVEMENT = BigInt(MAX_MOVEMENT_MINOR);

/** Minor units (bigint or digits) as a plain decimal in major units: USD 1250 → "12.50", JPY 1500 → "1500", KWD 5 → "0.005". */
export function minorToMajor(amount: bigint | string, currency: string): string {
  const value = typeof amount === "bigint" ? amount : BigInt(amount);
  const digits = currencyDigits(currency);
  const negative = value < BigInt(0);
  const text = (negative ? -value : value).toString();
  if (digits === 0) return `${negative ? "-" : ""}${text}`;
  const padded = text.padStart(digits + 1, "0");
  return `${negative ? "-" : ""}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Minor units for humans in the viewer's language, with the currency's digits:
 * "$12.50", "¥1,500", "12,345 KWD" (ru). Intl formats the decimal string exactly,
 * so balances above 2^53 keep every digit.
 */
export function formatMoney(amount: bigint | string, currency: string, locale: string): string {
  const major = minorToMajor(amount, currency);
  const digits = currencyDigits(currency);
  try {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    // A decimal string is formatted exactly (ECMA-402 NumberFormat v3); the type lists it as a numeric literal.
    return format.format(major as `${number}`);
  } catch {
    return `${major} ${currency}`;
  }
}
