import { describe, expect, test } from "vitest";
import { kindsOf, mayAdjustBalances } from "./permissions";

describe("bulk adjustment permissions", () => {
  test("roles: a batch needs the permission of every kind of operation it holds", () => {
    expect(mayAdjustBalances("support")).toBe(true);
    expect(mayAdjustBalances("owner", ["debit"])).toBe(true);
    expect(mayAdjustBalances("lead")).toBe(false);
    expect(mayAdjustBalances("lead", [])).toBe(true);
  });

  test("a batch holds the kinds of operation its totals count, top-ups first", () => {
    expect(kindsOf(null)).toEqual([]);
    expect(kindsOf({ EUR: { top_up: { count: 0, minor: "0" }, debit: { count: 2, minor: "300" } } })).toEqual(["debit"]);
    expect(
      kindsOf({
        EUR: { top_up: { count: 0, minor: "0" }, debit: { count: 1, minor: "1" } },
        USD: { top_up: { count: 1, minor: "5" }, debit: { count: 0, minor: "0" } },
      }),
    ).toEqual(["top_up", "debit"]);
  });
});
