/** Codes of a platform call that got no answer, or was not sent because the platform is not answering (lib/api/breaker.ts). */
const NO_ANSWER_CODES = new Set(["timeout", "network_error", "platform_unavailable"]);

/**
 * Whether a failure means the platform is not answering (rather than answering no): no answer, its breaker open, or
 * a gateway's 502/503/504. For a PlatformApiError on the server and an ActionError in the browser alike.
 */
export function isOutage({ status, code }: { status?: number; code?: string }): boolean {
  return (status === 0 && NO_ANSWER_CODES.has(code ?? "")) || status === 502 || status === 503 || status === 504;
}
