import { z } from "zod";
import { addIssue, optional, text } from "../validation";
import "./messages";

/** The longest range a statistics call answers, in days (a leap year). */
const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` that names a real day of the years 0001 to 9999 (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days from `from` to `to` (both `YYYY-MM-DD`), counting both: 2026-01-01..2026-01-01 is 1. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * An IANA zone name as the runtime's time zone data knows it (Europe/Moscow, UTC,
 * Etc/GMT-3). Offsets ("+03:00") and POSIX strings ("UTC+3", whose sign PostgreSQL
 * reads the other way round) are refused: the name is handed to PostgreSQL as is.
 */
export function isTimeZoneName(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value) || /^(UTC|GMT)[+-]/i.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const calendarDate = () =>
  text().superRefine((value, ctx) => {
    if (!isCalendarDate(value)) addIssue(ctx, [], "statistics.date_format");
  });

const timeZone = () =>
  text().superRefine((value, ctx) => {
    if (!isTimeZoneName(value)) addIssue(ctx, [], "statistics.time_zone");
  });

/** The range parameters of both statistics methods: calendar days `date_from` to `date_to` (both included) in `time_zone` (default UTC). */
export const statisticsRangeParams = {
  date_from: calendarDate(),
  date_to: calendarDate(),
  time_zone: optional(timeZone()).transform((value) => value ?? "UTC"),
};

export interface StatisticsRange {
  date_from: string;
  date_to: string;
  time_zone: string;
}

/** The checks across the range's fields (added with superRefine to each method's object): in order, at most MAX_RANGE_DAYS days. */
export function checkStatisticsRange(params: StatisticsRange, ctx: z.RefinementCtx): void {
  if (!isCalendarDate(params.date_from) || !isCalendarDate(params.date_to)) return;
  const days = daysInRange(params.date_from, params.date_to);
  if (days < 1) addIssue(ctx, ["date_to"], "statistics.date_order");
  else if (days > MAX_RANGE_DAYS) addIssue(ctx, ["date_to"], "statistics.range_max", { max: MAX_RANGE_DAYS });
}
