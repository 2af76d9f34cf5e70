import { describe, expect, test } from "vitest";
import { daysToUnixRange, endOfDay, isDay, startOfDay } from "./time-zone";
import { isTimeZone, timeZoneOr } from "@/lib/i18n/time-zone";

const unix = (iso: string) => Date.parse(iso) / 1000;

describe("days of the viewer's zone as Unix seconds", () => {
  test.each([
    // zone, day, first second (UTC), last second (UTC)
    ["UTC", "2025-03-10", "2025-03-10T00:00:00Z", "2025-03-10T23:59:59Z"],
    ["Europe/Moscow", "2025-03-10", "2025-03-09T21:00:00Z", "2025-03-10T20:59:59Z"],
    ["Asia/Tokyo", "2025-03-10", "2025-03-09T15:00:00Z", "2025-03-10T14:59:59Z"],
    ["Asia/Kathmandu", "2025-03-10", "2025-03-09T18:15:00Z", "2025-03-10T18:14:59Z"],
    ["America/Los_Angeles", "2025-01-15", "2025-01-15T08:00:00Z", "2025-01-16T07:59:59Z"],
    // Spring forward: a 23-hour day; fall back: a 25-hour day.
    ["America/New_York", "2025-03-09", "2025-03-09T05:00:00Z", "2025-03-10T03:59:59Z"],
    ["America/New_York", "2025-11-02", "2025-11-02T04:00:00Z", "2025-11-03T04:59:59Z"],
    ["Europe/Berlin", "2025-03-30", "2025-03-29T23:00:00Z", "2025-03-30T21:59:59Z"],
    // Midnight itself skipped (DST at 00:00): the day starts when the clock jumps to 01:00.
    ["America/Santiago", "2024-09-08", "2024-09-08T04:00:00Z", "2024-09-09T02:59:59Z"],
  ])("%s %s runs from %s to %s, both included", (zone, day, first, last) => {
    expect(startOfDay(day, zone)).toBe(unix(first));
    expect(endOfDay(day, zone)).toBe(unix(last));
  });

  test("a range is the from-day's first second to the to-day's last; an open end is left out", () => {
    expect(daysToUnixRange({ from: "2025-03-10", to: "2025-03-11" }, "Asia/Tokyo")).toEqual({
      date_from: unix("2025-03-09T15:00:00Z"),
      date_to: unix("2025-03-11T14:59:59Z"),
    });
    expect(daysToUnixRange({ from: null, to: "2025-03-11" }, "UTC")).toEqual({ date_to: unix("2025-03-11T23:59:59Z") });
    expect(daysToUnixRange({ from: null, to: null }, "UTC")).toEqual({});
  });

  test.each([
    ["2025-02-28", true],
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["2025-13-01", false],
    ["2025-1-01", false],
    ["1969-12-31", false],
    ["", false],
    [null, false],
  ])("day %j is valid: %s", (value, valid) => {
    expect(isDay(value)).toBe(valid);
  });

  test("zones: IANA names are taken, anything else falls back to UTC", () => {
    expect(isTimeZone("Europe/Moscow")).toBe(true);
    expect(timeZoneOr("Mars/Olympus")).toBe("UTC");
    expect(timeZoneOr(undefined)).toBe("UTC");
    expect(timeZoneOr("x".repeat(100))).toBe("UTC");
  });
});
