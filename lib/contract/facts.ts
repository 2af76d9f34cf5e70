/**
 * The facts the platform, its client and the dashboard's components share, each once and without zod (so a client
 * component imports them without loading a schema library): the list field types and a field's definition, the currencies and their minor
 * digits (from the runtime's Intl data, no hand-written table), the default currency, the limits of a list's schema and of a balance movement.
 */

/** The ten field types of a list (spec: List field definition). */
export const FIELD_TYPES = ["string", "number", "bool", "date", "datetime", "money", "file", "image", "contact", "bot"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A list's field as the platform stores it and the dashboard shows it, in the list's order. */
export interface FieldDefinition {
  slug: string;
  name: string;
  type: FieldType;
  /** ISO 4217 code for money, null for every other type. */
  currency: string | null;
  isRequired: boolean;
  isHidden: boolean;
  isEncryptable: boolean;
}

/** A list's name, a field's name and a field's slug: at most this many characters. */
export const MAX_NAME_LENGTH = 255;
/** Fields a list may be created with (createListSchema). */
export const MAX_FIELDS_AT_CREATION = 30;

/** One top-up or debit, in minor units: 1 to 10^14 (exact as a JavaScript number). */
export const MIN_MOVEMENT_MINOR = 1;
export const MAX_MOVEMENT_MINOR = 100_000_000_000_000;
/** A top-up's or debit's description: at most this many characters (code points). */
export const MAX_MOVEMENT_DESCRIPTION = 255;

/** The currency of a money field that names none. */
export const DEFAULT_CURRENCY = "USD";

let supported: Set<string> | undefined;

/** An ISO 4217 code in capital letters that Intl knows ("usd" and "XYZ" are not). */
export function isCurrencyCode(value: string): boolean {
  supported ??= new Set(Intl.supportedValuesOf("currency"));
  return /^[A-Z]{3}$/.test(value) && supported.has(value);
}

const digitsCache = new Map<string, number>();

/** Minor digits of a currency as Intl knows them: USD 2, JPY 0, KWD 3 (2 for a code Intl cannot format). */
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
