/**
 * The security headers of every response: next.config.ts sends them on pages
 * and route handlers, and the API's fast path (lib/platform/node-handler.ts)
 * on the answers it writes itself. One list, so that both always agree.
 *
 * Next's App Router inlines its bootstrap scripts, so script-src keeps
 * 'unsafe-inline'; 'unsafe-eval' is only allowed in development (React's dev
 * tooling needs it).
 */
function contentSecurityPolicy(production: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export interface Header {
  key: string;
  value: string;
}

export function securityHeaders(production: boolean): Header[] {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(production) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ];
}

/** HSTS, sent only when the request reached us over HTTPS (through a TLS-terminating proxy). */
export const HSTS: Header = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

/** For pages whose address is a secret (a one-time link's): no Referer leaves them, not even to this origin. */
export const NO_REFERRER: Header = { key: "Referrer-Policy", value: "no-referrer" };
