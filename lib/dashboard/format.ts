import type { Locale } from "@/lib/i18n/config";

/**
 * A platform timestamp in the viewer's time zone (UTC until the browser has
 * told it), with the zone written after it: "Nov 22, 2026, 6:30 PM GMT+9".
 */
export function formatTimestamp(value: string | null | undefined, locale: Locale, timeZone = "UTC"): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const text = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  if (timeZone === "UTC") return `${text} UTC`;
  const zone = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" }).formatToParts(date).find((part) => part.type === "timeZoneName")?.value;
  return zone ? `${text} ${zone}` : text;
}

export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A page number from the URL: anything but an integer ≥ 1 is page 1 (a bad URL never crashes). */
export function parsePage(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  const page = text && /^\d{1,6}$/.test(text) ? Number(text) : 1;
  return page >= 1 ? page : 1;
}
