import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets at rest. The output is self-describing text:
 * `v1:<iv base64url>:<tag base64url>:<ciphertext base64url>`.
 */
const VERSION = "v1";

/**
 * A key given in configuration: exactly 32 bytes, as 64 hex characters or
 * base64 (standard or url-safe). Anything else is refused with the reason, so
 * that "abc" is a configuration error and not a weak key.
 */
export function parseKey32(value: string, name: string): Buffer {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) {
    const decoded = Buffer.from(text, "base64");
    if (decoded.length === 32) return decoded;
  }
  throw new Error(`${name} must be 32 bytes: 64 hex characters or base64 (openssl rand -hex 32).`);
}

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
