import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { MAX_MINOR_UNITS, RECORD_MONEY_BOUNDS, formatMinorUnits, minorToMajorUnits } from "./money";
import { currencyDigits } from "@/lib/contract/facts";
import { parseAmountText } from "@/lib/core/money/parse-amount";

describe("money of list records: major units typed, integer minor units stored", () => {
  test.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KWD", 3],
  ])("%s has %i decimals", (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });

  test.each<[string | number | bigint, string, string]>([
    [1250, "EUR", "12.50"],
    ["5", "USD", "0.05"],
    [0, "USD", "0.00"],
    [1000, "JPY", "1000"],
    [1005, "KWD", "1.005"],
    [9007199254740991n, "USD", "90071992547409.91"],
    [123456789012345678901234567890n, "USD", "1234567890123456789012345678.90"],
    [-150, "EUR", "-1.50"],
    [1.5, "EUR", "1.5"],
  ])("%s minor units of %s → %j", (minor, currency, major) => {
    expect(minorToMajorUnits(minor, currency)).toBe(major);
  });

  test.each([
    ["0", "EUR", "0"],
    ["12,5", "EUR", "1250"],
    ["90071992547409.91", "USD", "9007199254740991"],
  ])("record money %j %s → %s minor units: 0 is a price, up to 2^53 − 1", (text, currency, minor) => {
    expect(parseAmountText(text, currency, "en", RECORD_MONEY_BOUNDS)).toEqual({ ok: true, minor });
  });

  test.each([
    ["-1", "EUR", "negative"],
    ["90071992547409.92", "USD", "too_large"],
  ])("record money %j %s is refused: %s", (text, currency, error) => {
    expect(parseAmountText(text, currency, "en", RECORD_MONEY_BOUNDS)).toEqual({ ok: false, error });
  });

  test("property: minor → major → minor is the identity for every amount the platform stores", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR_UNITS }), fc.constantFrom("JPY", "EUR", "KWD"), (minor, currency) => {
        expect(parseAmountText(minorToMajorUnits(minor, currency), currency, "en", RECORD_MONEY_BOUNDS)).toEqual({ ok: true, minor: minor.toString() });
        expect(parseAmountText(minorToMajorUnits(minor, currency), currency, "ru", RECORD_MONEY_BOUNDS)).toEqual({ ok: true, minor: minor.toString() });
      }),
      { numRuns: 500 },
    );
  });

  test("formatting uses the exact decimal, in the viewer's language", () => {
    expect(formatMinorUnits(1250, "EUR", "en")).toBe("€12.50");
    expect(formatMinorUnits(9007199254740991, "USD", "en")).toBe("$90,071,992,547,409.91");
    expect(formatMinorUnits(1000, "JPY", "en")).toBe("¥1,000");
    expect(formatMinorUnits(1250, "EUR", "ru").replace(/\s/g, " ")).toBe("12,50 €");
  });
});
