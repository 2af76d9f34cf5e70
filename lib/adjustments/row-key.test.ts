import { describe, expect, test } from "vitest";
import { rowIdempotencyKey } from "./row-key";

describe("rowIdempotencyKey", () => {
  const batch = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";

  test("the same batch and line give the same key on every call (a takeover or a retry finds the first submission)", () => {
    expect(rowIdempotencyKey(batch, 7)).toBe(rowIdempotencyKey(batch, 7));
    expect(rowIdempotencyKey(batch.toUpperCase(), 7)).toBe(rowIdempotencyKey(batch, 7));
  });

  test("it is the SHA-256 of the batch and line laid out as a UUID version 8 with the RFC variant", () => {
    // sha256("adjustment-row:1b4e28ba-2fa1-41d2-883f-0016d3cca427:7"), first 16 bytes, version and variant bits set.
    const key = rowIdempotencyKey(batch, 7);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Pinned: a change here would give rows of existing batches new keys (and let a retry charge them again).
    expect(key).toBe("561d7dc9-0078-8dbf-bef8-cde8a10f79a6");
  });

  test("another line or another batch gives another key", () => {
    const keys = new Set<string>();
    for (let line = 2; line < 2002; line++) keys.add(rowIdempotencyKey(batch, line));
    keys.add(rowIdempotencyKey("2c5ea4c0-4067-11e9-8bad-9b1deb4d3b7d", 2));
    expect(keys.size).toBe(2001);
  });

  test("a line that is not a whole number from 1 is refused", () => {
    expect(() => rowIdempotencyKey(batch, 0)).toThrow(RangeError);
    expect(() => rowIdempotencyKey(batch, 1.5)).toThrow(RangeError);
  });
});
