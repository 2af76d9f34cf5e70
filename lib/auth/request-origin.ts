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
export function clientAddress(headers: Headers, trustedProxies = trustedProxyCount()): string {
  const forwarded = headers?.["x-forwarded-for"];
  const chain = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  return chain[Math.max(0, chain.length - 1 - trustedProxies)];
}

/** TRUSTED_PROXIES: how many proxies (load balancers) stand in front of the app (lib/config.mjs). */
export function trustedProxyCount(): number {
  return config().trustedProxies;
}

/** Where a request came from, as the security log and the sessions list keep it. */
export interface RequestOrigin {
  address: string;
  userAgent: string;
}

/** The client's address (clientAddress) and user agent (at most 512 characters) of a request's headers. */
export function originOf(headers: Headers): RequestOrigin {
  const agent = headers?.["user-agent"];
  return { address: clientAddress(headers), userAgent: (Array.isArray(agent) ? agent.join(" ") : (agent ?? "")).slice(0, 512) };
}

/**
 * The origin of the request being handled (a server action, a route handler, next-auth's events). next/headers is
 * loaded when first asked: the operator commands write security events too (with their own origin), outside Next,
 * where that module cannot be loaded.
 */
export async function currentOrigin(): Promise<RequestOrigin> {
  const { headers } = await import("next/headers");
  return originOf(Object.fromEntries((await headers()).entries()));
}
