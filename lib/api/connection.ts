import "server-only";
import type { Db } from "@/lib/db/client";
import { decryptStoredKey, readStoredConnection } from "@/lib/dashboard/platform-connection";

export type Source = "env" | "stored" | "default";

/** What Settings may show about the connection: never the key, only its last four characters. */
export interface ConnectionInfo {
  baseUrl: string;
  baseUrlSource: Source;
  keySource: "env" | "stored" | null;
  keyLast4: string | null;
  /** Why no call can be made, if so. */
  problem: null | "not_configured" | "undecryptable";
}

/** Our own embedded platform, over loopback HTTP on the port this server listens on. */
export function defaultBaseUrl(): string {
  return `http://127.0.0.1:${process.env.PORT || 3000}`;
}

export function normalizeBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, "");
}

interface Resolved extends ConnectionInfo {
  apiKey: string | null;
}

/**
 * PLATFORM_BASE_URL and PLATFORM_API_KEY override what an owner stored in
 * Settings, each on its own; without either, the stored row; without a stored
 * base URL, the embedded platform.
 */
async function resolve(db: Db): Promise<Resolved> {
  const envUrl = process.env.PLATFORM_BASE_URL?.trim() || null;
  const envKey = process.env.PLATFORM_API_KEY?.trim() || null;
  const stored = envUrl && envKey ? null : await readStoredConnection(db);
  const baseUrl = envUrl ? normalizeBaseUrl(envUrl) : stored?.baseUrl ? normalizeBaseUrl(stored.baseUrl) : defaultBaseUrl();
  const baseUrlSource: Source = envUrl ? "env" : stored?.baseUrl ? "stored" : "default";
  if (envKey) return { baseUrl, baseUrlSource, keySource: "env", keyLast4: envKey.slice(-4), apiKey: envKey, problem: null };
  if (!stored) return { baseUrl, baseUrlSource, keySource: null, keyLast4: null, apiKey: null, problem: "not_configured" };
  const apiKey = decryptStoredKey(stored);
  return {
    baseUrl,
    baseUrlSource,
    keySource: "stored",
    keyLast4: stored.apiKeyLast4,
    apiKey,
    problem: apiKey === null ? "undecryptable" : null,
  };
}

export async function describeConnection(db: Db): Promise<ConnectionInfo> {
  const { apiKey: _key, ...info } = await resolve(db);
  return info;
}

/** For the client only: the base URL and the plain key, or the reason there is none. */
export async function resolveConnection(db: Db): Promise<{ baseUrl: string; apiKey: string } | { problem: "not_configured" | "undecryptable" }> {
  const resolved = await resolve(db);
  if (resolved.apiKey === null) return { problem: resolved.problem ?? "not_configured" };
  return { baseUrl: resolved.baseUrl, apiKey: resolved.apiKey };
}
