/**
 * Currencies of contact accounts: ISO 4217 codes as the runtime's Intl knows
 * them, and the number of minor digits of each, taken from the same data (no
 * hand-written table).
 */
import { currencyDigits } from "@/lib/contract/facts";

/**
 * Minor units as major units and the code, with string arithmetic only (no
 * float ever touches money): USD 12345 → "123.45 USD", JPY 500 → "500 JPY",
 * KWD 1234 → "1.234 KWD".
 */
export function formatAmountNote(amount: bigint, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = amount < BigInt(0);
  const text = (negative ? -amount : amount).toString();
  if (digits === 0) return `${negative ? "-" : ""}${text} ${currency}`;
  const padded = text.padStart(digits + 1, "0");
  const major = padded.slice(0, padded.length - digits);
  const minor = padded.slice(padded.length - digits);
  return `${negative ? "-" : ""}${major}.${minor} ${currency}`;
}
