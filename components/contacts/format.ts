import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import type { ContactBrowserFilters } from "@/lib/features/contacts/browser-params";

/** A calendar day of the URL ("2026-01-05") as the UI language writes it. */
export function formatDay(day: string, locale: Locale): string {
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
