import { describe, expect, test } from "vitest";
import { activityFilterValues, isActivityFiltered, loadActivitySearchParams } from "./activity-filters";

/** The Activity page's form fields and "is anything filtered" from its URL. */
describe("activity filters for the form", () => {
  test("the URL's filters become the form's texts: ids as digits, days as YYYY-MM-DD", () => {
    expect(activityFilterValues(loadActivitySearchParams("?user=7&contact=42&kind=debit&from=2026-01-05&to=2026-01-31&page=3"))).toEqual({
      user: "7",
      contact: "42",
      kind: "debit",
      from: "2026-01-05",
      to: "2026-01-31",
    });
  });

  test("no filter, or one that does not parse, is an empty field", () => {
    const empty = { user: "", contact: "", kind: "", from: "", to: "" };
    expect(activityFilterValues(loadActivitySearchParams(""))).toEqual(empty);
    expect(activityFilterValues(loadActivitySearchParams("?user=abc&kind=steal&from=2026-13-45&to=yesterday"))).toEqual(empty);
  });

  test("any filter, a batch included, counts as filtered; the page alone does not", () => {
    expect(isActivityFiltered(loadActivitySearchParams(""))).toBe(false);
    expect(isActivityFiltered(loadActivitySearchParams("?page=4"))).toBe(false);
    expect(isActivityFiltered(loadActivitySearchParams("?kind=steal"))).toBe(false);
    for (const query of ["?user=7", "?contact=42", "?kind=open", "?from=2026-01-05", "?to=2026-01-31", "?batch=0f6c2a9e-3b1d-4c5e-8f7a-1b2c3d4e5f60"]) {
      expect(isActivityFiltered(loadActivitySearchParams(query)), query).toBe(true);
    }
  });
});
