import type { Locale } from "@/lib/i18n/config";

/** Formatters made so far, by language, zone and kind: making one costs far more than formatting (a table has two dates a row). */
const formats = new Map<string, Intl.DateTimeFormat>();
/** Zones come from the viewer's cookie: a bound, so that the map cannot grow without end. */
const MAX_FORMATS = 64;

function dateTimeFormat(locale: Locale, timeZone: string, kind: "time" | "zone"): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, kind === "time" ? { dateStyle: "medium", timeStyle: "short", timeZone } : { timeZone, timeZoneName: "short" });
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/**
 * A platform timestamp in the viewer's time zone (UTC until the browser has told it), with the zone written after it:
 * "Nov 22, 2026, 6:30 PM GMT+9". `zone: false` leaves the zone out, for tables whose header names it once. No value is
 * a dash; a value that does not parse is shown as it came.
 */
export function formatTimestamp(value: string | null | undefined, locale: Locale, timeZone = "UTC", { zone = true }: { zone?: boolean } = {}): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const text = dateTimeFormat(locale, timeZone, "time").format(date);
  if (!zone) return text;
  if (timeZone === "UTC") return `${text} UTC`;
  const name = dateTimeFormat(locale, timeZone, "zone")
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName")?.value;
  return name ? `${text} ${name}` : text;
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
