import { describe, expect, test } from "vitest";
import { formatTimestamp, parsePage } from "./format";

describe("formatTimestamp", () => {
  const at = "2026-01-05T09:30:00+00:00";

  test("in UTC until the browser has told its zone, marked UTC", () => {
    expect(formatTimestamp(at, "en")).toBe("Jan 5, 2026, 9:30 AM UTC");
  });

  test("in the viewer's zone, with the zone written after the time", () => {
    expect(formatTimestamp(at, "en", "Asia/Tokyo")).toBe("Jan 5, 2026, 6:30 PM GMT+9");
    expect(formatTimestamp(at, "en", "America/New_York")).toBe("Jan 5, 2026, 4:30 AM EST");
    // The day changes with the zone, and Russian writes its own way.
    expect(formatTimestamp("2026-01-05T23:30:00Z", "ru", "Europe/Moscow")).toMatch(/^6 янв\. 2026 г\., 02:30 (GMT\+3|MSK)$/);
  });

  test("nothing is a dash, and an unreadable value is shown as it came", () => {
    expect(formatTimestamp(null, "en", "Asia/Tokyo")).toBe("—");
    expect(formatTimestamp("not a time", "en", "Asia/Tokyo")).toBe("not a time");
  });
});

describe("formatTimestamp without the zone (tables that name it once)", () => {
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
    for (const [locale, timeZone] of cases) expect(formatTimestamp(value, locale, timeZone, { zone: false })).toBe(expected(locale, timeZone));
    expect(formatTimestamp(value, "en", "Asia/Tokyo", { zone: false })).toContain("10:00");
    expect(formatTimestamp(value, "en", "UTC", { zone: false })).not.toBe(formatTimestamp(value, "en", "Asia/Tokyo", { zone: false }));
  });

  test("more zones than are kept: every one still right", () => {
    const zones = Intl.supportedValuesOf("timeZone").slice(0, 150);
    const value = "2026-07-01T00:30:00Z";
    for (const timeZone of [...zones, ...zones.slice(0, 10)]) {
      expect(formatTimestamp(value, "en", timeZone, { zone: false })).toBe(
        new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(value)),
      );
    }
  });

  test("no value, a dash; a value that does not parse, the raw text", () => {
    expect(formatTimestamp(null, "en", "UTC", { zone: false })).toBe("—");
    expect(formatTimestamp("not a date", "en", "UTC", { zone: false })).toBe("not a date");
  });
});

describe("parsePage", () => {
  test.each([
    ["3", 3],
    [undefined, 1],
    ["0", 1],
    ["-2", 1],
    ["abc", 1],
    [["4", "5"], 4],
  ])("%s → %s", (value, page) => {
    expect(parsePage(value as string | string[] | undefined)).toBe(page);
  });
});
