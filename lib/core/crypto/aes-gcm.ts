import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets at rest. The output is self-describing text:
 * `v1:<iv base64url>:<tag base64url>:<ciphertext base64url>`.
 */
const VERSION = "v1";

export function encryptText(plain: string, key: Buffer, associatedData?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (associatedData) cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(":");
}

export function isEncryptedText(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(`${VERSION}:`) && value.split(":").length === 4;
}

/** Throws when the text was not made with this key (or was tampered with). */
export function decryptText(encrypted: string, key: Buffer, associatedData?: string): string {
  const [version, iv, tag, body] = encrypted.split(":");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Not an encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  if (associatedData) decipher.setAAD(Buffer.from(associatedData, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
