/** ISO 4217 codes as the runtime's Intl knows them (no hand-written table). */
const SUPPORTED = new Set(Intl.supportedValuesOf("currency"));

/** A code in capital letters that Intl knows ("usd" and "XYZ" are not). */
export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && SUPPORTED.has(value);
}
