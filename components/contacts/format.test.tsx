import { describe, expect, test } from "vitest";
import { formatDateTime } from "./format";

describe("formatDateTime", () => {
  test("each language and zone keeps its own format, in any order of use", () => {
    const value = "2026-01-05T13:00:00Z";
    const expected = (locale: "en" | "ru", timeZone: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(value));
    const cases = [
      ["en", "UTC"],
      ["ru", "UTC"],
      ["en", "Asia/Tokyo"],
      ["en", "UTC"],
      ["ru", "America/New_York"],
      ["ru", "UTC"],
      ["en", "Asia/Tokyo"],
    ] as const;
    for (const [locale, timeZone] of cases) expect(formatDateTime(value, locale, timeZone)).toBe(expected(locale, timeZone));
    expect(formatDateTime(value, "en", "Asia/Tokyo")).toContain("10:00");
    expect(formatDateTime(value, "en", "UTC")).not.toBe(formatDateTime(value, "en", "Asia/Tokyo"));
  });

  test("more zones than are kept: every one still right", () => {
    const zones = Intl.supportedValuesOf("timeZone").slice(0, 150);
    const value = "2026-07-01T00:30:00Z";
    for (const timeZone of [...zones, ...zones.slice(0, 10)]) {
      expect(formatDateTime(value, "en", timeZone)).toBe(
        new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(value)),
      );
    }
  });

  test("no value, a dash; a value that does not parse, the raw text", () => {
    expect(formatDateTime(null, "en", "UTC")).toBe("—");
    expect(formatDateTime("not a date", "en", "UTC")).toBe("not a date");
  });
});
