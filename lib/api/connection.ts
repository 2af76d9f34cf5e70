import "server-only";
import type { Db } from "@/lib/db/client";
import { decryptStoredKey, readStoredConnection, type StoredConnection } from "./stored-connection";
import type { ConnectionProblem } from "./errors";
import { config } from "@/lib/core/config.mjs";

export type Source = "env" | "stored" | "default";

/** What Settings may show about the connection: never the key, only its last four characters. */
export interface ConnectionInfo {
  baseUrl: string;
  baseUrlSource: Source;
  keySource: "env" | "stored" | null;
  keyLast4: string | null;
  /** Why no call can be made, if so. */
  problem: null | ConnectionProblem;
}

/** Our own embedded platform, over loopback HTTP on the port this server listens on. */
export function defaultBaseUrl(): string {
  return `http://127.0.0.1:${config().port}`;
}

export function normalizeBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, "");
}

/** The address a stored key was saved for: its own base URL, or the embedded platform. */
function savedAddressOf(stored: Pick<StoredConnection, "baseUrl">): string {
  return stored.baseUrl ? normalizeBaseUrl(stored.baseUrl) : defaultBaseUrl();
}

/**
 * The stored key for a call to `baseUrl`: only when that is the address it was
 * saved with ("address": another address, which must be given its own key).
 */
export function storedKeyFor(stored: StoredConnection, baseUrl: string): string | "address" | null {
  if (savedAddressOf(stored) !== normalizeBaseUrl(baseUrl)) return "address";
  return decryptStoredKey(stored);
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
  const { platformBaseUrl: envUrl, platformApiKey: envKey } = config().dashboard;
  const stored = envUrl && envKey ? null : await readStoredConnection(db);
  const baseUrl = envUrl ? normalizeBaseUrl(envUrl) : stored?.baseUrl ? normalizeBaseUrl(stored.baseUrl) : defaultBaseUrl();
  const baseUrlSource: Source = envUrl ? "env" : stored?.baseUrl ? "stored" : "default";
  if (envKey) return { baseUrl, baseUrlSource, keySource: "env", keyLast4: envKey.slice(-4), apiKey: envKey, problem: null };
  if (!stored) return { baseUrl, baseUrlSource, keySource: null, keyLast4: null, apiKey: null, problem: "not_configured" };
  // PLATFORM_BASE_URL may name another address than the key was saved with: the key is not sent there.
  const key = storedKeyFor(stored, baseUrl);
  const apiKey = key === "address" ? null : key;
  return {
    baseUrl,
    baseUrlSource,
    keySource: "stored",
    keyLast4: stored.apiKeyLast4,
    apiKey,
    problem: key === "address" ? "key_for_other_address" : apiKey === null ? "undecryptable" : null,
  };
}

export async function describeConnection(db: Db): Promise<ConnectionInfo> {
  const { apiKey: _key, ...info } = await resolve(db);
  return info;
}

/** For the client only: the base URL and the plain key, or the reason there is none. */
export async function resolveConnection(db: Db): Promise<{ baseUrl: string; apiKey: string } | { problem: ConnectionProblem }> {
  const resolved = await resolve(db);
  if (resolved.apiKey === null) return { problem: resolved.problem ?? "not_configured" };
  return { baseUrl: resolved.baseUrl, apiKey: resolved.apiKey };
}
