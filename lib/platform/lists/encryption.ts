import { decryptText, encryptText, isEncryptedText, keyFromSecret } from "@/lib/crypto/aes-gcm";
import { PlatformError } from "../errors";
import type { Translate } from "../i18n";
import "./messages";

/**
 * Values of `is_encryptable` fields are stored as AES-256-GCM text
 * (lib/crypto/aes-gcm.ts) of their JSON, with the key from
 * PLATFORM_ENCRYPTION_KEY. The associated data binds a ciphertext to its list,
 * record and field, so a value copied into another record or field does not
 * decrypt.
 */
let cached: { secret: string; key: Buffer } | null = null;

/** The key, or null when PLATFORM_ENCRYPTION_KEY is not set (read on every call: no restart needed to notice it). */
export function encryptionKey(): Buffer | null {
  const secret = process.env.PLATFORM_ENCRYPTION_KEY;
  if (!secret) return null;
  if (cached?.secret !== secret) cached = { secret, key: keyFromSecret(secret) };
  return cached.key;
}

/** 503: the list uses encryption and this server cannot do it. A configuration fault, not the caller's. */
function unavailable(t: Translate, i18n: string): PlatformError {
  const text = t(i18n);
  return new PlatformError(503, { message: text, error: text });
}

export function requireEncryptionKey(t: Translate): Buffer {
  const key = encryptionKey();
  if (!key) throw unavailable(t, "lists.encryption_key_missing");
  return key;
}

export function associatedData(schemaId: string, itemId: string, slug: string): string {
  return `${schemaId}:${itemId}:${slug}`;
}

export function sealValue(value: unknown, key: Buffer, aad: string): string {
  return encryptText(JSON.stringify(value), key, aad);
}

/** A stored value back in the clear; a value that is not ciphertext (stored before encryption applied) is returned as it is. */
export function openValue(stored: unknown, key: Buffer, aad: string, t: Translate): unknown {
  if (!isEncryptedText(stored)) return stored;
  try {
    return JSON.parse(decryptText(stored, key, aad));
  } catch {
    throw unavailable(t, "lists.decryption_failed");
  }
}
