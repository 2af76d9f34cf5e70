import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { MAX_MINOR_UNITS, currencyDigits, formatMinorUnits, majorToMinorUnits, minorToMajorUnits } from "./money";

describe("money of list records: major units typed, integer minor units stored", () => {
  test.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KWD", 3],
  ])("%s has %i decimals", (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });

  test.each<[string, number, string]>([
    ["12.5", 2, "1250"],
    ["12,50", 2, "1250"],
    ["0.1", 2, "10"],
    ["0.29", 2, "29"],
    ["1 234.56", 2, "123456"],
    ["1\u00a0234,56", 2, "123456"],
    [".5", 2, "50"],
    ["7.", 2, "700"],
    ["12.500", 2, "1250"],
    ["1000", 0, "1000"],
    ["1.005", 3, "1005"],
    ["0", 2, "0"],
    ["000012.30", 2, "1230"],
    ["90071992547409.91", 2, "9007199254740991"],
    ["+3", 2, "300"],
  ])("%j with %i decimals → %s minor units (exact, no float)", (text, digits, minor) => {
    expect(majorToMinorUnits(text, digits)).toEqual({ ok: true, minor });
  });

  test.each<[string, number, string]>([
    ["", 2, "format"],
    ["abc", 2, "format"],
    ["1.2.3", 2, "format"],
    ["1e3", 2, "format"],
    [".", 2, "format"],
    ["-1", 2, "negative"],
    ["12.345", 2, "too_many_decimals"],
    ["1.5", 0, "too_many_decimals"],
    ["90071992547409.92", 2, "too_large"],
    ["99999999999999999999", 0, "too_large"],
    ["9".repeat(60), 2, "too_large"],
  ])("%j with %i decimals is refused: %s", (text, digits, reason) => {
    expect(majorToMinorUnits(text, digits)).toEqual({ ok: false, reason });
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

  test("property: minor → major → minor is the identity for every amount the platform stores", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR_UNITS }), fc.constantFrom("JPY", "EUR", "KWD"), (minor, currency) => {
        expect(majorToMinorUnits(minorToMajorUnits(minor, currency), currencyDigits(currency))).toEqual({ ok: true, minor: minor.toString() });
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
