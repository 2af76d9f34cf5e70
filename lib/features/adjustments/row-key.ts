import { createHmac } from "node:crypto";
import { derivedKey } from "@/lib/core/crypto/derived-key";

/** HKDF info of the key the row keys are made with (lib/core/crypto/derived-key.ts). */
const KEY_LABEL = "bulk-row-keys";
/** Fixed namespace label of the MAC's input. */
const NAMESPACE = "adjustment-row";

/**
 * The idempotency key of a batch row: a UUID derived from the batch id and the
 * row's line, the same on every instance and every try, so that a takeover or
 * a retry of the batch finds the row's first submission instead of charging
 * again. HMAC-SHA256, keyed by a key derived from the dashboard's secret, of
 * the namespace, the batch id and the line: nobody without the secret can
 * compute it (and pre-claim a row's key with a single operation). The first 16
 * bytes are laid out as a UUID version 8 (RFC 9562, custom: version nibble 8,
 * variant 10); single operations accept only v4 keys from the browser.
 * The worker uses the key stored on a row marked sending, so a change of the
 * secret does not orphan a row in flight.
 */
export function rowIdempotencyKey(batchId: string, line: number, secret?: string | null): string {
  if (!Number.isInteger(line) || line < 1) throw new RangeError(`a row's line is a whole number from 1, not ${line}`);
  const key = secret === undefined ? derivedKey(KEY_LABEL) : derivedKey(KEY_LABEL, secret);
  const bytes = createHmac("sha256", key).update(`${NAMESPACE}\u0000${batchId.toLowerCase()}\u0000${line}`, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
