import { config } from "@/lib/core/config.mjs";
import { clientAddress, type Headers } from "@/lib/core/http/client-address";
import { boundedText, TEXT_LIMITS } from "./bounded-text";

export { clientAddress, type Headers };

/** TRUSTED_PROXIES: how many proxies (load balancers) stand in front of the app (lib/core/config.mjs). */
export function trustedProxyCount(): number {
  return config().trustedProxies;
}

/** Where a request came from, as the security log and the sessions list keep it. */
export interface RequestOrigin {
  address: string;
  userAgent: string;
}

/** The client's address (clientAddress) and user agent (cut to its column, boundedText) of a request's headers. */
export function originOf(headers: Headers): RequestOrigin {
  const agent = headers?.["user-agent"];
  return { address: clientAddress(headers), userAgent: boundedText(Array.isArray(agent) ? agent.join(" ") : (agent ?? ""), TEXT_LIMITS.userAgent) };
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
