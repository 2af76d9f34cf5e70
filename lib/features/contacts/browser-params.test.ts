import { describe, expect, test } from "vitest";
import {
  CONTACT_SORTS,
  loadContactBrowserParams,
  serializeContactBrowserParams,
  sortFor,
  sortingOf,
  toPlatformFilters,
  type ContactBrowserParams,
} from "./browser-params";

const DEFAULTS: ContactBrowserParams = { q: null, bot: null, from: null, to: null, sort: "id", page: 1, size: 20 };

describe("contact browser URL", () => {
  test.each([
    ["", DEFAULTS],
    ["?bot=101&from=2025-01-01&to=2025-01-31&page=3&size=50", { ...DEFAULTS, bot: 101, from: "2025-01-01", to: "2025-01-31", page: 3, size: 50 }],
    ["?size=500&page=2", { ...DEFAULTS, page: 2, size: 500 }],
    // Tolerant: whatever does not parse is its default.
    ["?bot=abc&page=-2&size=33", DEFAULTS],
    ["?bot=12abc&page=1.5&size=20.0", DEFAULTS],
    ["?bot=0&page=0&from=2025-02-30&to=tomorrow", DEFAULTS],
    ["?page=99999999999999999999", DEFAULTS],
    // The order: the platform's sort values; anything else is the spec's order.
    ["?sort=-created_at&page=2", { ...DEFAULTS, sort: "-created_at", page: 2 }],
    ["?sort=-id", { ...DEFAULTS, sort: "-id" }],
    ["?sort=name", DEFAULTS],
    ["?sort=CREATED_AT", DEFAULTS],
    // The search: trimmed; blank is none; a phone's + survives the query string.
    ["?q=ivan&page=2", { ...DEFAULTS, q: "ivan", page: 2 }],
    ["?q=%20%20Ivan%20Petrov%20", { ...DEFAULTS, q: "Ivan Petrov" }],
    ["?q=%20%20%20", DEFAULTS],
    ["?q=", DEFAULTS],
    ["?q=%2B7%20(999)%20123-45-67", { ...DEFAULTS, q: "+7 (999) 123-45-67" }],
    ["?q=%D0%B0%D1%80%D1%82%D1%91%D0%BC", { ...DEFAULTS, q: "артём" }],
  ])("%s parses as %j", (search, expected) => {
    expect(loadContactBrowserParams(search)).toEqual(expected);
  });

  test("the search is cut to the platform's 200 characters", () => {
    expect(loadContactBrowserParams(`?q=${"a".repeat(200)}`).q).toBe("a".repeat(200));
    expect(loadContactBrowserParams(`?q=${"b".repeat(201)}`).q).toBe("b".repeat(200));
    expect(loadContactBrowserParams(`?q=${encodeURIComponent(`  ${"c".repeat(200)}  `)}`).q).toBe("c".repeat(200));
  });

  test.each(["ivan", "+7 999 123-45-67", "100% & co?", "a=b&c", "артём", "@rich_contact"])("q %j round-trips through a link", (q) => {
    const link = serializeContactBrowserParams({ ...DEFAULTS, q, page: 3 });
    expect(loadContactBrowserParams(link)).toEqual({ ...DEFAULTS, q, page: 3 });
  });

  test("links leave defaults out", () => {
    expect(serializeContactBrowserParams({ ...DEFAULTS, bot: 5 })).toBe("?bot=5");
    expect(serializeContactBrowserParams({ ...DEFAULTS, sort: "id" })).toBe("");
    expect(serializeContactBrowserParams({ ...DEFAULTS, sort: "created_at" })).toBe("?sort=created_at");
    expect(serializeContactBrowserParams({ ...DEFAULTS, from: "2025-01-01", page: 2, size: 100 })).toBe("?from=2025-01-01&page=2&size=100");
    expect(serializeContactBrowserParams({ ...DEFAULTS, q: "ivan" })).toBe("?q=ivan");
  });

  test("the platform's filters: bot_id and the days in the viewer's zone; search only where the platform searches", () => {
    const filters = { q: "ivan", bot: 7, from: "2025-03-10", to: "2025-03-10" };
    const days = { date_from: Date.parse("2025-03-09T21:00:00Z") / 1000, date_to: Date.parse("2025-03-10T20:59:59Z") / 1000 };
    expect(toPlatformFilters(filters, "Europe/Moscow", { search: true })).toEqual({ bot_id: 7, ...days, search: "ivan" });
    expect(toPlatformFilters(filters, "Europe/Moscow", { search: false })).toEqual({ bot_id: 7, ...days });
    expect(toPlatformFilters({ q: null, bot: null, from: null, to: null }, "UTC", { search: true })).toEqual({});
  });
});

describe("the order and the table's sortable columns", () => {
  test("each order is one column and direction, and back", () => {
    expect(CONTACT_SORTS.map(sortingOf)).toEqual([
      { id: "id", desc: false },
      { id: "id", desc: true },
      { id: "created", desc: false },
      { id: "created", desc: true },
    ]);
    for (const sort of CONTACT_SORTS) {
      const { id, desc } = sortingOf(sort);
      expect(sortFor(id, desc)).toBe(sort);
    }
  });
});
