import "server-only";
import type { Db } from "@/lib/db/client";
import { PlatformClient } from "@/lib/api/client";
import { defaultBaseUrl, normalizeBaseUrl } from "@/lib/api/connection";
import { PlatformApiError } from "@/lib/api/errors";
import { getMe } from "@/lib/api/me";
import { CacheEntry, invalidate, remember } from "@/lib/api/cache";
import { platformMessage } from "@/lib/auth/action-errors";
import type { Translate } from "@/lib/i18n/translate";
import { DashboardError } from "./errors";
import { decryptStoredKey, readStoredConnection, storeConnection } from "./platform-connection";

export interface SavedConnection {
  account: { name: string; email: string; plan: string };
  keyLast4: string;
}

/**
 * Checks the connection an owner entered with getMe and stores it (the key
 * encrypted) only if the platform accepted it. An empty key keeps the stored
 * one; an empty address means the embedded platform. Environment variables win
 * over both, so Settings refuses to save while they are set.
 */
export async function checkAndSaveConnection(
  db: Db,
  input: { baseUrl: string; apiKey: string },
  userId: number,
  t: Translate,
): Promise<SavedConnection> {
  if (process.env.PLATFORM_BASE_URL || process.env.PLATFORM_API_KEY) throw new DashboardError("connection.env_locked");
  const baseUrl = input.baseUrl ? normalizeBaseUrl(input.baseUrl) : null;
  let apiKey = input.apiKey;
  if (!apiKey) {
    const stored = await readStoredConnection(db);
    apiKey = (stored && decryptStoredKey(stored)) ?? "";
    if (!apiKey) throw new DashboardError("connection.key_required", "apiKey");
  }
  const client = new PlatformClient({ db, baseUrl: baseUrl ?? defaultBaseUrl(), apiKey, lang: "en", maxWaitMs: 10_000 });
  let account;
  try {
    account = await getMe(client);
  } catch (error) {
    if (error instanceof PlatformApiError) {
      // The answer belongs to the field that caused it: the key for 401/402/403, the address otherwise.
      const field = [401, 402, 403].includes(error.status) ? "apiKey" : "baseUrl";
      throw new PlatformFieldError(field, platformMessage(error, t));
    }
    throw error;
  }
  await storeConnection(db, { baseUrl, apiKey, userId });
  // The connection changed (another platform, key or plan): nothing cached for the key stands, but the account just read.
  await invalidate(client, "all");
  await remember(client, CacheEntry.me, account);
  return {
    account: { name: account.name ?? "", email: account.email ?? "", plan: account.plan ?? "" },
    keyLast4: apiKey.slice(-4),
  };
}

/** A refusal already in the user's language, on one field. */
export class PlatformFieldError extends DashboardError {
  constructor(field: string, readonly text: string) {
    super("connection.check_failed", field, { message: text });
  }
}
