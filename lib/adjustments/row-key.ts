import { createHash } from "node:crypto";

/**
 * The idempotency key of a batch row: a UUID derived from the batch id and the
 * row's line, the same on every instance and every try, so that a takeover or
 * a retry of the batch finds the row's first submission instead of charging
 * again. SHA-256 of "adjustment-row:<batch id>:<line>", the first 16 bytes laid
 * out as a UUID version 8 (RFC 9562, custom: version nibble 8, variant 10).
 */
export function rowIdempotencyKey(batchId: string, line: number): string {
  if (!Number.isInteger(line) || line < 1) throw new RangeError(`a row's line is a whole number from 1, not ${line}`);
  const bytes = createHash("sha256").update(`adjustment-row:${batchId.toLowerCase()}:${line}`, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
