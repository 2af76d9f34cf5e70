import { expect, test } from "vitest";
import { randomBytes } from "node:crypto";
import { decryptText, encryptText, isEncryptedText } from "./aes-gcm";

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
  const key = Buffer.from("a".repeat(64), "hex");
  const text = encryptText("x", key, "field:1");
  expect(() => decryptText(text, Buffer.from("b".repeat(64), "hex"), "field:1")).toThrow();
  expect(() => decryptText(text, key, "field:2")).toThrow();
  const parts = text.split(":");
  // Every bit of the ciphertext flipped: never equal to the original (a fixed replacement byte would be, once in 256).
  parts[3] = Buffer.from(Buffer.from(parts[3], "base64url").map((byte) => byte ^ 0xff)).toString("base64url");
  expect(() => decryptText(parts.join(":"), key, "field:1")).toThrow();
});
