import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { decryptText, encryptText, isEncryptedText } from "@/lib/core/crypto/aes-gcm";
import { config, decodeKey32, KEY32_RULE } from "@/lib/core/config.mjs";
import { PlatformError } from "../errors";
import type { Translate } from "../i18n";
import "./messages";

/**
 * Values of `is_encryptable` fields are stored as AES-256-GCM text
 * (lib/core/crypto/aes-gcm.ts) of their JSON. The associated data binds a
 * ciphertext to its list, record and field, so a value copied into another
 * record or field does not decrypt.
 *
 * The keys:
 * - `PLATFORM_ENCRYPTION_KEY` (32 bytes: 64 hex characters or base64) encrypts
 *   every new value;
 * - `PLATFORM_ENCRYPTION_KEYS_PREVIOUS` (comma-separated, same format) still
 *   decrypt what older keys wrote: rotation is "set the new key, move the old
 *   one here, restart";
 * - on the embedded database, with no variable set, the server generates a key
 *   into DATA_DIR/platform-encryption.key (mode 0600) on its first start and
 *   uses it (`adoptDataDirKey`); backups of the directory carry it. With the
 *   variable set later, that file's key still decrypts.
 * With DATABASE_URL and no variable, encryptable fields are refused (422) and
 * the start says so in one line.
 */
export const DATA_DIR_KEY_FILE = "platform-encryption.key";

interface KeyRing {
  current: Buffer;
  /** Tried in turn when the current key does not open a value. */
  previous: Buffer[];
}

let dataDirKey: Buffer | null = null;

/**
 * The embedded data directory's own key: read, or created on first use (mode
 * 0600, never overwritten: two starts racing both end with the one file).
 * Called by the process that owns the directory; "created" or "read" for the log.
 */
export function adoptDataDirKey(dataDir: string): "created" | "read" {
  const file = path.join(dataDir, DATA_DIR_KEY_FILE);
  let outcome: "created" | "read" = "read";
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    outcome = "created";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = decodeKey32(fs.readFileSync(file, "utf8"));
  if (!key) throw new Error(`${file} ${KEY32_RULE}: restore it from a backup, or remove it only if no list holds encrypted values.`);
  dataDirKey = key;
  return outcome;
}

let cachedRing: { settings: ReturnType<typeof config>["platform"]; dataDirKey: Buffer | null; ring: KeyRing | null } | null = null;

/** The keys of the configuration (lib/core/config.mjs) and the data directory's; built again only when either changes. */
function keyRing(): KeyRing | null {
  const settings = config().platform;
  if (cachedRing?.settings === settings && cachedRing.dataDirKey === dataDirKey) return cachedRing.ring;
  const { encryptionKey: envKey, encryptionKeysPrevious: previous } = settings;
  const ring = envKey
    ? { current: envKey, previous: dataDirKey ? [...previous, dataDirKey] : previous }
    : dataDirKey
      ? { current: dataDirKey, previous }
      : null;
  cachedRing = { settings, dataDirKey, ring };
  return ring;
}

/** Whether values can be encrypted now (the key that new values get), or null. */
export function encryptionKey(): Buffer | null {
  return keyRing()?.current ?? null;
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

/**
 * A stored value back in the clear, with the current key or else a previous
 * one; a value that is not ciphertext (stored before encryption applied) is
 * returned as it is.
 */
export function openValue(stored: unknown, key: Buffer, aad: string, t: Translate): unknown {
  if (!isEncryptedText(stored)) return stored;
  for (const candidate of [key, ...(keyRing()?.previous ?? [])]) {
    try {
      return JSON.parse(decryptText(stored, candidate, aad));
    } catch {
      // the next key
    }
  }
  throw unavailable(t, "lists.decryption_failed");
}
