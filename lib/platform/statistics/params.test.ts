import { describe, expect, test } from "vitest";
import { daysInRange, isCalendarDate, isTimeZoneName } from "./params";

describe("statistics parameters", () => {
  test.each([
    ["2026-03-01", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["0000-01-01", false],
    ["9999-12-31", true],
    ["2026-3-1", false],
    ["2026-03-01T00:00:00Z", false],
    [" 2026-03-01", false],
  ])("isCalendarDate(%j) is %j", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  test.each([
    ["UTC", true],
    ["Europe/Moscow", true],
    ["America/New_York", true],
    ["America/Argentina/Buenos_Aires", true],
    ["Asia/Kolkata", true],
    ["Etc/GMT-3", true],
    ["Mars/Olympus", false],
    ["UTC+3", false],
    ["GMT-05:00", false],
    ["+03:00", false],
    ["", false],
    ["Europe/../Moscow", false],
  ])("isTimeZoneName(%j) is %j", (value, expected) => {
    expect(isTimeZoneName(value)).toBe(expected);
  });

  test("daysInRange counts both ends, across a leap day and DST in any zone", () => {
    expect(daysInRange("2026-03-01", "2026-03-01")).toBe(1);
    expect(daysInRange("2024-02-28", "2024-03-01")).toBe(3);
    expect(daysInRange("2026-03-07", "2026-03-09")).toBe(3);
    expect(daysInRange("2026-03-02", "2026-03-01")).toBe(0);
  });
});
