import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { platformConnections } from "@/lib/db/schema";
import { decryptText, encryptText } from "@/lib/core/crypto/aes-gcm";
import { derivedKey } from "@/lib/core/crypto/derived-key";
import { config, type Config } from "@/lib/core/config.mjs";

/**
 * The platform connection an owner saved in Settings (or the demo stored): one
 * row of dashboard.platform_connections, its API key AES-256-GCM encrypted.
 * Read by connection.ts to choose the platform and key of every call.
 */
/** One row: the connection an owner saved in Settings (or the demo stored). */
const ROW_ID = 1;
/** Binds the ciphertext to its place: a value copied into another column does not decrypt. */
const ASSOCIATED_DATA = "dashboard.platform_connections.api_key";

/**
 * The key that encrypts the stored API key: DASHBOARD_ENCRYPTION_KEY (64 hex
 * characters or 32 bytes in base64; anything else is refused at start),
 * else one derived from NEXTAUTH_SECRET with HKDF. Changing either makes the
 * stored key unreadable; an owner then enters it again.
 */
export function connectionEncryptionKey(settings: Pick<Config["dashboard"], "encryptionKey" | "authSecret"> = config().dashboard): Buffer {
  if (settings.encryptionKey) return settings.encryptionKey;
  const secret = settings.authSecret;
  // `npm start` refuses to start without NEXTAUTH_SECRET; only a script run without it gets here.
  if (!secret) throw new Error("connection.no_secret: neither DASHBOARD_ENCRYPTION_KEY nor NEXTAUTH_SECRET is set");
  // derivedKey caches per secret: every platform call of every page reads the stored key.
  return derivedKey("platform-connection-key", secret);
}

export interface StoredConnection {
  baseUrl: string | null;
  apiKeyEncrypted: string;
  apiKeyLast4: string;
  updatedAt: Date;
}

const lastFour = (apiKey: string): string => apiKey.slice(-4);

export async function storeConnection(
  db: Db,
  input: { baseUrl: string | null; apiKey: string; userId?: number | null },
  key: Buffer = connectionEncryptionKey(),
): Promise<void> {
  const values = {
    id: ROW_ID,
    baseUrl: input.baseUrl,
    apiKeyEncrypted: encryptText(input.apiKey, key, ASSOCIATED_DATA),
    apiKeyLast4: lastFour(input.apiKey),
    updatedByUserId: input.userId ?? null,
    updatedAt: new Date(),
  };
  await db.insert(platformConnections).values(values).onConflictDoUpdate({ target: platformConnections.id, set: values });
}

export async function readStoredConnection(db: Db): Promise<StoredConnection | null> {
  const [row] = await db
    .select({
      baseUrl: platformConnections.baseUrl,
      apiKeyEncrypted: platformConnections.apiKeyEncrypted,
      apiKeyLast4: platformConnections.apiKeyLast4,
      updatedAt: platformConnections.updatedAt,
    })
    .from(platformConnections)
    .where(eq(platformConnections.id, ROW_ID));
  return row ?? null;
}

/** The plain key, or null when it cannot be decrypted with this server's key. */
export function decryptStoredKey(stored: StoredConnection, key?: Buffer): string | null {
  try {
    return decryptText(stored.apiKeyEncrypted, key ?? connectionEncryptionKey(), ASSOCIATED_DATA);
  } catch {
    return null;
  }
}

/** Another secret at rest under the same key (a member's TOTP secret): `associatedData` binds it to its place. */
export function encryptWithDashboardKey(plain: string, associatedData: string, key: Buffer = connectionEncryptionKey()): string {
  return encryptText(plain, key, associatedData);
}

/** The plain text of encryptWithDashboardKey; throws when the key or the place differ (or the text was tampered with). */
export function decryptWithDashboardKey(encrypted: string, associatedData: string, key: Buffer = connectionEncryptionKey()): string {
  return decryptText(encrypted, key, associatedData);
}
