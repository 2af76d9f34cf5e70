import { describe, expect, test } from "vitest";
import { rowIdempotencyKey } from "./row-key";

describe("rowIdempotencyKey", () => {
  const batch = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
  const secret = "test-secret-0123456789abcdef0123456789";
  const V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  test("the same secret, batch and line give the same key on every call (a takeover or a retry finds the first submission)", () => {
    expect(rowIdempotencyKey(batch, 7, secret)).toBe(rowIdempotencyKey(batch, 7, secret));
    expect(rowIdempotencyKey(batch.toUpperCase(), 7, secret)).toBe(rowIdempotencyKey(batch, 7, secret));
  });

  test("it is a UUID version 8 with the RFC variant", () => {
    for (let line = 1; line < 50; line++) expect(rowIdempotencyKey(batch, line, secret)).toMatch(V8);
  });

  test("it depends on the server's secret: without it the key cannot be computed from the batch id and line", () => {
    const key = rowIdempotencyKey(batch, 7, secret);
    expect(rowIdempotencyKey(batch, 7, "another-secret-0123456789abcdef012345")).not.toBe(key);
    // Not the old derivation from the batch id and line alone (SHA-256, pinned before the secret was used).
    expect(key).not.toBe("561d7dc9-0078-8dbf-bef8-cde8a10f79a6");
    expect(() => rowIdempotencyKey(batch, 7, null)).toThrow(/NEXTAUTH_SECRET/);
  });

  test("another line or another batch gives another key", () => {
    const keys = new Set<string>();
    for (let line = 2; line < 2002; line++) keys.add(rowIdempotencyKey(batch, line, secret));
    keys.add(rowIdempotencyKey("2c5ea4c0-4067-11e9-8bad-9b1deb4d3b7d", 2, secret));
    expect(keys.size).toBe(2001);
  });

  test("a line that is not a whole number from 1 is refused", () => {
    expect(() => rowIdempotencyKey(batch, 0, secret)).toThrow(RangeError);
    expect(() => rowIdempotencyKey(batch, 1.5, secret)).toThrow(RangeError);
  });
});
