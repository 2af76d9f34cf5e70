import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import type { ContactBrowserFilters } from "@/lib/features/contacts/browser-params";

/** Formatters made so far, by language and zone: making one costs far more than formatting (a table has two dates a row). */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** Zones come from the viewer's cookie: a bound, so that the map cannot grow without end. */
const MAX_FORMATS = 64;

function dateTimeFormat(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
    if (dateTimeFormats.size >= MAX_FORMATS) dateTimeFormats.clear();
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** A platform timestamp in the viewer's zone ("5 Jan 2026, 13:00"); the raw text when it does not parse. */
export function formatDateTime(value: string | null | undefined, locale: Locale, timeZone: string): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(locale, timeZone).format(date);
}

/** A calendar day of the URL ("2026-01-05") as the UI language writes it. */
function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }).format(value);
}

export function formatBytes(bytes: number, locale: Locale): string {
  const units = ["B", "kB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** "1 min 5 s", "12 s" in the UI language. */
export function formatDuration(seconds: number, locale: Locale): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const unit = (value: number, name: "minute" | "second") => new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  return minutes > 0 ? `${unit(minutes, "minute")} ${unit(rest, "second")}` : unit(rest, "second");
}

/** "bot 101, created on or after 1 Jan 2026" — what a filtered list or an export selects. */
export function describeFilters(
  filters: ContactBrowserFilters & { selected?: number | null },
  t: Translate,
  locale: Locale,
  botName?: (id: number) => string,
): string | null {
  const parts = [
    filters.selected ? t("contacts.summary.selected", { count: formatNumber(filters.selected, locale) }) : null,
    filters.q !== null ? t("contacts.summary.search", { query: filters.q }) : null,
    filters.bot !== null ? t("contacts.summary.bot", { bot: botName?.(filters.bot) ?? String(filters.bot) }) : null,
    filters.from ? t("contacts.summary.from", { date: formatDay(filters.from, locale) }) : null,
    filters.to ? t("contacts.summary.to", { date: formatDay(filters.to, locale) }) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}
