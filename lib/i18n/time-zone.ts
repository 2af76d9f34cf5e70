/**
 * The viewer's IANA time zone, a preference like the language: the browser's
 * zone (Intl.DateTimeFormat().resolvedOptions().timeZone) reaches the server as
 * the `tz` cookie (set by components/shell/i18n-provider.tsx, read by getTimeZone in
 * lib/i18n/server.ts) and as the `tz` query parameter of the browser's data
 * requests; anything that is not an IANA zone falls back to UTC.
 */
export const TIME_ZONE_COOKIE = "tz";
const DEFAULT_TIME_ZONE = "UTC";

const zoneCache = new Map<string, boolean>();

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  const known = zoneCache.get(value);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    valid = true;
  } catch {
    valid = false;
  }
  if (zoneCache.size < 1000) zoneCache.set(value, valid);
  return valid;
}

export function timeZoneOr(value: unknown, fallback = DEFAULT_TIME_ZONE): string {
  return isTimeZone(value) ? value : fallback;
}
