import { hkdfSync } from "node:crypto";
import { config } from "@/lib/core/config.mjs";

/**
 * A 32-byte key for one purpose, derived from the dashboard's secret
 * (NEXTAUTH_SECRET) with HKDF-SHA256: the `label` is HKDF's info, so keys of
 * different purposes are unrelated. Changing the secret changes every derived key.
 */
export function derivedKey(label: string, secret: string | null | undefined = config().dashboard.authSecret): Buffer {
  // `npm start` refuses to start without NEXTAUTH_SECRET; only a script run without it gets here.
  if (!secret) throw new Error(`${label}: NEXTAUTH_SECRET is not set`);
  const cacheKey = `${label}\u0000${secret}`;
  let key = cache.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "chatbot-dashboard", label, 32));
    if (cache.size > 32) cache.clear();
    cache.set(cacheKey, key);
  }
  return Buffer.from(key);
}

const cache = new Map<string, Buffer>();
