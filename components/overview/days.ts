import type { Locale } from "@/lib/i18n/config";

/** A line of the chart: its name, one value per day (money: integer minor units as text), its colour from app/globals.css. */
export interface ChartSeries {
  label: string;
  values: readonly (number | string)[];
  tone: "primary" | "success" | "danger";
}

/** A calendar day (YYYY-MM-DD) in the viewer's language; the day is a date, not an instant, so it is read in UTC. */
export function formatDay(date: string, locale: Locale, style: "short" | "long"): string {
  const options: Intl.DateTimeFormatOptions = style === "short" ? { day: "numeric", month: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}
