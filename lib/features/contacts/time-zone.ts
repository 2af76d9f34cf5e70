/**
 * Calendar days of the viewer's time zone as the platform's Unix seconds (the
 * zone itself, a preference like the language: lib/i18n/time-zone.ts).
 */

/** YYYY-MM-DD of a real calendar date. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDay(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || year > 9999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (UTC+3 → +10,800,000). */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The first instant of a local day, in Unix seconds. Two passes, because the
 * offset at local midnight may differ from the offset a day earlier (DST); where
 * midnight does not exist (a spring-forward at 00:00), the day starts when the
 * clock jumps, which is the later of the two candidates.
 */
export function startOfDay(day: string, timeZone: string): number {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  const candidates = [first, second].filter((instant) => localDayOf(instant, timeZone) === day);
  const instant = candidates.length ? Math.min(...candidates) : Math.max(first, second);
  return Math.floor(instant / 1000);
}

/** YYYY-MM-DD of an instant in the zone. */
function localDayOf(instantMs: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instantMs))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function nextDay(day: string): string {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1)).toISOString().slice(0, 10);
}

/** The last second of a local day (23:59:59, or whatever the last second is on a DST day). */
export function endOfDay(day: string, timeZone: string): number {
  return startOfDay(nextDay(day), timeZone) - 1;
}

/** An inclusive range of local days as the API's inclusive `date_from` / `date_to`. */
export function daysToUnixRange(range: { from: string | null; to: string | null }, timeZone: string): { date_from?: number; date_to?: number } {
  return {
    ...(range.from ? { date_from: startOfDay(range.from, timeZone) } : {}),
    ...(range.to ? { date_to: endOfDay(range.to, timeZone) } : {}),
  };
}
