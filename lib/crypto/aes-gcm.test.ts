import { expect, test } from "vitest";
import { randomBytes } from "node:crypto";
import { decryptText, encryptText, isEncryptedText, parseKey32 } from "./aes-gcm";

test("aes-gcm: round trip, random IV, no plain text in the output", () => {
  const key = randomBytes(32);
  const a = encryptText("secret value", key);
  const b = encryptText("secret value", key);
  expect(a).not.toBe(b);
  expect(a).not.toContain("secret");
  expect(isEncryptedText(a)).toBe(true);
  expect(decryptText(a, key)).toBe("secret value");
});

test("aes-gcm: a wrong key or tampered text is refused", () => {
  const key = parseKey32("a".repeat(64), "K");
  const text = encryptText("x", key, "field:1");
  expect(() => decryptText(text, parseKey32("b".repeat(64), "K"), "field:1")).toThrow();
  expect(() => decryptText(text, key, "field:2")).toThrow();
  const parts = text.split(":");
  parts[3] = Buffer.from("y").toString("base64url");
  expect(() => decryptText(parts.join(":"), key, "field:1")).toThrow();
});

test("aes-gcm: a configured key is exactly 32 bytes as hex or base64; anything else is refused with the variable's name", () => {
  expect(parseKey32("ab".repeat(32), "K")).toEqual(Buffer.from("ab".repeat(32), "hex"));
  const raw = randomBytes(32);
  expect(parseKey32(raw.toString("base64"), "K")).toEqual(raw);
  expect(parseKey32(raw.toString("base64url"), "K")).toEqual(raw);
  expect(parseKey32(` ${raw.toString("hex")}\n`, "K")).toEqual(raw);
  for (const bad of ["abc", "passphrase", "ab".repeat(31), "ab".repeat(33), randomBytes(16).toString("base64"), randomBytes(48).toString("base64"), ""]) {
    expect(() => parseKey32(bad, "PLATFORM_ENCRYPTION_KEY")).toThrow("PLATFORM_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64");
  }
});
