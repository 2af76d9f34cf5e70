import "server-only";
import { log } from "@/lib/core/log.mjs";
import type { Db } from "@/lib/db/client";
import { PlatformClient } from "@/lib/api/client";
import { defaultBaseUrl, normalizeBaseUrl, storedKeyFor } from "@/lib/api/connection";
import { PlatformApiError } from "@/lib/api/errors";
import { getMe } from "@/lib/api/me";
import { CacheEntry, invalidate, remember } from "@/lib/api/cache";
import type { Translate } from "@/lib/i18n/translate";
import { DashboardError } from "@/lib/core/actions/errors";
import { readStoredConnection, storeConnection } from "@/lib/api/stored-connection";
import { config } from "@/lib/core/config.mjs";

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
export async function checkAndSaveConnection(db: Db, input: { baseUrl: string; apiKey: string }, userId: number, t: Translate): Promise<SavedConnection> {
  if (config().dashboard.platformBaseUrl || config().dashboard.platformApiKey) throw new DashboardError("connection.env_locked");
  const baseUrl = input.baseUrl ? normalizeBaseUrl(input.baseUrl) : null;
  const address = baseUrl ?? defaultBaseUrl();
  let apiKey = input.apiKey;
  if (!apiKey) {
    // The stored key goes only to the address it was saved with: a new address needs its key typed again.
    const stored = await readStoredConnection(db);
    const key = stored ? storedKeyFor(stored, address) : null;
    if (key === "address") throw new DashboardError("connection.key_required_new_address", "apiKey");
    if (!key) throw new DashboardError("connection.key_required", "apiKey");
    apiKey = key;
  }
  const client = new PlatformClient({ db, baseUrl: address, apiKey, lang: "en", maxWaitMs: 10_000 });
  let account;
  try {
    account = await getMe(client);
  } catch (error) {
    if (error instanceof PlatformApiError) {
      // The answer belongs to the field that caused it: the key for 401/402/403, the address otherwise.
      const field = [401, 402, 403].includes(error.status) ? "apiKey" : "baseUrl";
      throw new PlatformFieldError(field, checkFailureText(error, t));
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

/**
 * Our own words for a failed check, from the status alone: the address is not
 * trusted yet, so its text is never shown (it is logged, for the owner's
 * operator, without the key).
 */
function checkFailureText(error: PlatformApiError, t: Translate): string {
  if (error.status !== 0) {
    log.warn("platform connection check refused", { status: error.status, code: error.code, remote_message: error.message.slice(0, 500) });
  }
  if (error.code === "network_error" || error.code === "timeout") return t("platform.unreachable");
  if (error.code === "bad_response") return t("platform.bad_response");
  if (error.status === 401) return t("platform.unauthorized");
  if (error.status === 402) return t("platform.pro_required");
  if (error.status === 429) return t("platform.rate_limited", { seconds: error.retryAfter ?? 60 });
  if (error.status >= 500) return t("platform.server_error", { status: error.status });
  return t("platform.error_status", { status: error.status });
}

/** A refusal already in the user's language, on one field. */
export class PlatformFieldError extends DashboardError {
  constructor(
    field: string,
    readonly text: string,
  ) {
    super("connection.check_failed", field, { message: text });
  }
}
