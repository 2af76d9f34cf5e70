import { minorToMajor } from "./money";
import { currencyDigits } from "@/lib/contract/facts";

/**
 * What people type as an amount, read in their language: "1000.5", "1,000.50"
 * (en), "1 000,50" with a space or a no-break space (ru), "1000,5". The
 * result is exact minor units as a digit string; no float ever holds the
 * amount. One parser for every money input and for the schemas of the server
 * actions behind them, so the browser and the server agree.
 */
export type AmountErrorCode = "required" | "format" | "negative" | "decimals" | "too_small" | "too_large";

export type AmountParse = { ok: true; minor: string } | { ok: false; error: AmountErrorCode };

/** Bounds in minor units, both inclusive; a sign is refused when `min` is not negative. */
export interface AmountBounds {
  min: bigint;
  max: bigint;
}

/** Longer text is refused before any arithmetic (no bound of ours needs more). */
const MAX_INPUT_LENGTH = 64;
const symbolsCache = new Map<string, { decimal: string; group: string }>();

/** The locale's decimal and grouping symbols: en "." and ",", ru "," and a no-break space. */
function numberSymbols(locale: string): { decimal: string; group: string } {
  let symbols = symbolsCache.get(locale);
  if (!symbols) {
    let parts: Intl.NumberFormatPart[] = [];
    try {
      parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234.5);
    } catch {
      parts = [];
    }
    symbols = { decimal: parts.find((part) => part.type === "decimal")?.value ?? ".", group: parts.find((part) => part.type === "group")?.value ?? "," };
    symbolsCache.set(locale, symbols);
  }
  return symbols;
}

/** Digits grouped by thousands ("1", "1 000", "12,345,678"): the first group 1–3 digits, the others exactly 3. */
function ungroup(text: string, separators: RegExp): string | null {
  const groups = text.split(separators);
  if (groups.length === 1) return /^\d*$/.test(text) ? text : null;
  const [first, ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || !rest.every((group) => /^\d{3}$/.test(group))) return null;
  return groups.join("");
}

/** Which of "." and "," (if any) separates the fraction; the other one, and spaces, group thousands. */
function decimalSeparator(body: string, locale: string): "." | "," | null {
  const points = body.split(".").length - 1;
  const commas = body.split(",").length - 1;
  if (points && commas) return body.lastIndexOf(".") > body.lastIndexOf(",") ? "." : ",";
  // None, or one of them repeated ("1,000,000"): only grouping.
  if (points + commas !== 1) return null;
  const only = points ? "." : ",";
  const { decimal, group } = numberSymbols(locale);
  if (only !== decimal && only === group) {
    // The locale's grouping symbol before exactly three digits groups ("1,000" in English); otherwise it is a fraction ("1000,5", "0,500").
    const [whole, after] = body.split(only);
    if (/^\d{3}$/.test(after) && /^[1-9]/.test(whole) && ungroup(whole, /\s/) !== null) return null;
  }
  return only;
}

export function parseAmountText(input: string, currency: string, locale: string, bounds: AmountBounds): AmountParse {
  const text = input.trim();
  if (text === "") return { ok: false, error: "required" };
  if (text.length > MAX_INPUT_LENGTH) return { ok: false, error: /^[-−+]?[\d\s.,]+$/.test(text) ? "too_large" : "format" };
  const negative = /^[-−]/.test(text);
  const body = text.replace(/^[-−+]/, "");
  if (!/^[\d\s.,]+$/.test(body) || !/^\d|^[.,]\d/.test(body) || /\s\s|\s$|[.,]\s|\s[.,]/.test(body)) return { ok: false, error: "format" };
  const separator = decimalSeparator(body, locale);
  const [wholeText, fraction = ""] = separator ? body.split(separator) : [body];
  if (separator && (body.split(separator).length !== 2 || !/^\d+$/.test(fraction))) return { ok: false, error: "format" };
  const whole = ungroup(wholeText, /[\s.,]/);
  if (whole === null || (whole === "" && fraction === "")) return { ok: false, error: "format" };
  const digits = currencyDigits(currency);
  if (fraction.length > digits) return { ok: false, error: "decimals" };
  let minor = BigInt(`${whole || "0"}${fraction.padEnd(digits, "0")}`);
  if (negative) {
    if (bounds.min >= BigInt(0)) return { ok: false, error: "negative" };
    minor = -minor;
  }
  if (minor < bounds.min) return { ok: false, error: "too_small" };
  if (minor > bounds.max) return { ok: false, error: "too_large" };
  return { ok: true, minor: minor.toString() };
}

/** Minor units as money for an error text, with the currency's code: "USD 1,000,000,000,000.00", "1 000 000 000 000,00 RUB". */
export function formatAmountLimit(minor: bigint, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const major = minorToMajor(minor, currency);
  try {
    const format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: "code",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return format.format(major as `${number}`);
  } catch {
    return `${major} ${currency}`;
  }
}

/** The placeholders of the amount error texts (`:min`, `:max`) for these bounds. */
export function amountErrorVars(currency: string, locale: string, bounds: AmountBounds): { min: string; max: string } {
  return { min: formatAmountLimit(bounds.min, currency, locale), max: formatAmountLimit(bounds.max, currency, locale) };
}

/** What an empty amount input shows: zero with the currency's decimals in the reader's notation ("0.00", "0,00", "0" for JPY). */
export function amountPlaceholder(currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(0);
  } catch {
    return digits === 0 ? "0" : `0.${"0".repeat(digits)}`;
  }
}
