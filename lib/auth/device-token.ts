import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { derivedKey } from "@/lib/core/crypto/derived-key";

/**
 * OWASP's device cookie: a browser that signed in to an account gets a token for it, and a sign-in to that account
 * from a browser holding one is counted per device (lib/auth/throttle.ts), so that failures sent from anywhere else
 * never lock the member out of a browser she has used. A token is `<id>.<issued at>.<mac>`: a random id (the device's
 * throttle scope), the second it was issued (base 36), and an HMAC-SHA256 over the account's email, the id and the
 * time, with a key derived from the server's secret. The email is not in the cookie: a token is checked against the
 * account typed. No table: nothing is stored, and changing NEXTAUTH_SECRET forgets every device.
 */
export const DEVICE_COOKIE = "dashboard-device";
/** How long a token is honoured after it was issued (and how long the cookie lives). */
export const DEVICE_TOKEN_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Tokens one browser keeps (a few accounts share a browser); the newest are kept. */
export const DEVICE_TOKENS_KEPT = 5;

const SEPARATOR = "~";
const TOKEN = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;
/** A clock that runs a little ahead elsewhere: a token issued this far in the future is still taken. */
const CLOCK_SKEW_SECONDS = 60;

export interface DeviceToken {
  id: string;
  issuedAt: number;
}

const nowSeconds = (now?: Date): number => Math.floor((now ?? new Date()).getTime() / 1000);
const normalizedEmail = (email: string): string => email.trim().toLowerCase();

function macOf(email: string, id: string, issuedAt: number, key: Buffer): Buffer {
  return createHmac("sha256", key)
    .update(`device-token\u0000${normalizedEmail(email)}\u0000${id}\u0000${issuedAt}`)
    .digest();
}

function parseToken(text: string): (DeviceToken & { mac: Buffer; text: string }) | null {
  const match = TOKEN.exec(text);
  if (!match) return null;
  return { id: match[1], issuedAt: parseInt(match[2], 36), mac: Buffer.from(match[3], "base64url"), text };
}

const fresh = (token: DeviceToken, now: number): boolean => token.issuedAt <= now + CLOCK_SKEW_SECONDS && now - token.issuedAt < DEVICE_TOKEN_MAX_AGE_SECONDS;

/** The tokens of a cookie value that are well-formed and not expired, in the cookie's order (oldest first). */
function tokensOf(cookieValue: string | null | undefined, now: number) {
  return (cookieValue ?? "")
    .split(SEPARATOR)
    .map(parseToken)
    .filter((token): token is NonNullable<typeof token> => token !== null && fresh(token, now));
}

/** A new token for an account (its email); `value` is what the cookie holds for it. */
export function issueDeviceToken(email: string, now?: Date, key: Buffer = derivedKey("device-cookie")): DeviceToken & { value: string } {
  const id = randomBytes(16).toString("base64url");
  const issuedAt = nowSeconds(now);
  return { id, issuedAt, value: `${id}.${issuedAt.toString(36)}.${macOf(email, id, issuedAt, key).toString("base64url")}` };
}

/** The cookie's valid, unexpired token for this account; null when it holds none (forged, another account's, expired). */
export function findDeviceToken(
  cookieValue: string | null | undefined,
  email: string,
  now?: Date,
  key: Buffer = derivedKey("device-cookie"),
): DeviceToken | null {
  for (const token of tokensOf(cookieValue, nowSeconds(now)).reverse()) {
    if (timingSafeEqual(token.mac, macOf(email, token.id, token.issuedAt, key))) return { id: token.id, issuedAt: token.issuedAt };
  }
  return null;
}

/**
 * The cookie's value after a successful sign-in to `email`: a new token for it, after the tokens already held that
 * are still fresh — but none of this account's (it gets the new one) — keeping the newest DEVICE_TOKENS_KEPT.
 * The other accounts' tokens cannot be checked without their emails; forged ones only take room, and a forger
 * could drop this browser's tokens anyway by editing its cookie.
 */
export function withDeviceToken(
  cookieValue: string | null | undefined,
  email: string,
  now?: Date,
  key: Buffer = derivedKey("device-cookie"),
): { value: string; token: DeviceToken } {
  const others = tokensOf(cookieValue, nowSeconds(now)).filter((token) => !timingSafeEqual(token.mac, macOf(email, token.id, token.issuedAt, key)));
  const issued = issueDeviceToken(email, now, key);
  const kept = [...others.map((token) => token.text), issued.value].slice(-DEVICE_TOKENS_KEPT);
  return { value: kept.join(SEPARATOR), token: { id: issued.id, issuedAt: issued.issuedAt } };
}

/** One cookie's value in a Cookie header; null when it is not there. */
export function cookieFromHeader(header: string | string[] | null | undefined, name: string = DEVICE_COOKIE): string | null {
  const text = Array.isArray(header) ? header.join("; ") : (header ?? "");
  for (const part of text.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * How the cookie is set: out of the page's scripts' reach (httpOnly), sent on top-level navigations from elsewhere but
 * not on their subrequests (Lax), Secure when the dashboard is served over https.
 */
export function deviceCookieOptions(secure: boolean) {
  return { httpOnly: true, secure, sameSite: "lax" as const, path: "/", maxAge: DEVICE_TOKEN_MAX_AGE_SECONDS };
}
