import { config } from "@/lib/config.mjs";

/** Request headers as next-auth and Node hand them over. */
export type Headers = Record<string, string | string[] | undefined> | undefined;

/**
 * The client's address for per-address throttling. `npm start` appends the
 * address that connected to X-Forwarded-For (as a proxy does), so the chain's
 * last entry cannot be forged; each trusted proxy in front (TRUSTED_PROXIES,
 * default 0: clients connect directly) adds one more entry that is not the
 * client's, so the address is that many entries before the last. Entries a
 * client wrote itself come earlier and are never read.
 */
export function clientAddress(headers: Headers, trustedProxies = config().trustedProxies): string {
  const forwarded = headers?.["x-forwarded-for"];
  const chain = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  return chain[Math.max(0, chain.length - 1 - trustedProxies)];
}
