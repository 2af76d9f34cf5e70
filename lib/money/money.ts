/**
 * Money of contact accounts, exactly: minor units are bigints (or their digit
 * strings on the wire), major units are decimal strings, and the two convert by
 * string arithmetic with the currency's own number of minor digits. No float
 * ever holds an amount. Shared by forms (browser) and server actions, so both
 * convert "12.50" the same way.
 */

/** The platform's bounds for one top-up or debit, in minor units. */
const MIN_MOVEMENT = BigInt(1);
export const MAX_MOVEMENT = BigInt(10) ** BigInt(14);

/** Longer input is refused before any arithmetic (10^14 minor units never needs more). */
const MAX_INPUT_LENGTH = 32;

const digitsCache = new Map<string, number>();

/**
 * Minor digits of a currency as Intl knows them (USD 2, JPY 0, KWD 3): the same
 * source the platform uses for `amount_note`, so both sides agree.
 */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

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

export type AmountProblem = "required" | "format" | "decimals" | "too_small" | "too_large";

export type ParsedAmount = { ok: true; minor: bigint } | { ok: false; problem: AmountProblem };

/**
 * An amount typed in major units ("12.50", "12,5", " 1500 ") as minor units of
 * the currency. Digits with at most one decimal separator (a point or a comma),
 * no sign, no exponent, no thousands separators; at most the currency's digits
 * after the separator (JPY none, KWD three); 1 to 10^14 minor units.
 */
export function parseMajorAmount(input: string, currency: string): ParsedAmount {
  const text = input.trim();
  if (text === "") return { ok: false, problem: "required" };
  if (text.length > MAX_INPUT_LENGTH) return /^\d+([.,]\d*)?$/.test(text) ? { ok: false, problem: "too_large" } : { ok: false, problem: "format" };
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text);
  if (!match || (match[1] === "" && (match[2] ?? "") === "")) return { ok: false, problem: "format" };
  const whole = match[1] ?? "";
  const fraction = match[2];
  const digits = currencyDigits(currency);
  if (fraction === "") return { ok: false, problem: "format" };
  if (fraction !== undefined && (digits === 0 || fraction.length > digits)) return { ok: false, problem: "decimals" };
  const minor = BigInt(`${whole || "0"}${(fraction ?? "").padEnd(digits, "0")}`);
  if (minor < MIN_MOVEMENT) return { ok: false, problem: "too_small" };
  if (minor > MAX_MOVEMENT) return { ok: false, problem: "too_large" };
  return { ok: true, minor };
}

/** The bounds of one movement in major units of a currency, for hints: USD → {min: "0.01", max: "1000000000000.00"}. */
export function movementBounds(currency: string): { min: string; max: string } {
  return { min: minorToMajor(MIN_MOVEMENT, currency), max: minorToMajor(MAX_MOVEMENT, currency) };
}
