/**
 * The overview's calendar: the last days of the viewer's time zone, and a
 * series with every one of them (a day the platform does not mention is zero).
 */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in the zone. */
export function dayIn(instant: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The `count` days ending with today (in the zone), oldest first. */
export function lastDays(now: Date, timeZone: string, count: number): string[] {
  const [year, month, day] = dayIn(now, timeZone).split("-").map(Number);
  return Array.from({ length: count }, (_, index) => new Date(Date.UTC(year, month - 1, day - (count - 1 - index))).toISOString().slice(0, 10));
}

/** One entry per day of `days`, in that order: the platform's entry for the day, else `empty(day)`. */
export function everyDay<T extends { date: string }>(days: readonly string[], entries: readonly T[], empty: (date: string) => T): T[] {
  const byDay = new Map(entries.map((entry) => [entry.date, entry]));
  return days.map((date) => byDay.get(date) ?? empty(date));
}
