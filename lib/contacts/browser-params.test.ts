import { describe, expect, test } from "vitest";
import { loadContactBrowserParams, serializeContactBrowserParams, toPlatformFilters } from "./browser-params";

describe("contact browser URL", () => {
  test.each([
    ["", { bot: null, from: null, to: null, page: 1, size: 20 }],
    ["?bot=101&from=2025-01-01&to=2025-01-31&page=3&size=50", { bot: 101, from: "2025-01-01", to: "2025-01-31", page: 3, size: 50 }],
    ["?size=500&page=2", { bot: null, from: null, to: null, page: 2, size: 500 }],
    // Tolerant: whatever does not parse is its default.
    ["?bot=abc&page=-2&size=33", { bot: null, from: null, to: null, page: 1, size: 20 }],
    ["?bot=12abc&page=1.5&size=20.0", { bot: null, from: null, to: null, page: 1, size: 20 }],
    ["?bot=0&page=0&from=2025-02-30&to=tomorrow", { bot: null, from: null, to: null, page: 1, size: 20 }],
    ["?page=99999999999999999999", { bot: null, from: null, to: null, page: 1, size: 20 }],
  ])("%s parses as %j", (search, expected) => {
    expect(loadContactBrowserParams(search)).toEqual(expected);
  });

  test("links leave defaults out", () => {
    expect(serializeContactBrowserParams({ bot: 5, from: null, to: null, page: 1, size: 20 })).toBe("?bot=5");
    expect(serializeContactBrowserParams({ bot: null, from: "2025-01-01", to: null, page: 2, size: 100 })).toBe("?from=2025-01-01&page=2&size=100");
  });

  test("the platform's filters: bot_id and the days in the viewer's zone", () => {
    expect(toPlatformFilters({ bot: 7, from: "2025-03-10", to: "2025-03-10" }, "Europe/Moscow")).toEqual({
      bot_id: 7,
      date_from: Date.parse("2025-03-09T21:00:00Z") / 1000,
      date_to: Date.parse("2025-03-10T20:59:59Z") / 1000,
    });
    expect(toPlatformFilters({ bot: null, from: null, to: null }, "UTC")).toEqual({});
  });
});
