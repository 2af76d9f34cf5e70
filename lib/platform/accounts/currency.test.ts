import { describe, expect, test } from "vitest";
import { formatAmountNote } from "./currency";
import { currencyDigits, isCurrencyCode } from "@/lib/contract/facts";

describe("amount_note", () => {
  test.each([
    ["USD", "12345", "123.45 USD"],
    ["USD", "0", "0.00 USD"],
    ["USD", "5", "0.05 USD"],
    ["USD", "100", "1.00 USD"],
    ["EUR", "100000000000000", "1000000000000.00 EUR"],
    ["USD", "9223372036854775807", "92233720368547758.07 USD"],
    ["JPY", "500", "500 JPY"],
    ["JPY", "0", "0 JPY"],
    ["KWD", "1234", "1.234 KWD"],
    ["KWD", "7", "0.007 KWD"],
    ["BHD", "1000", "1.000 BHD"],
    ["USD", "-150", "-1.50 USD"],
  ])("amount_note: %s %s minor units is %s (string arithmetic, no float)", (currency, amount, note) => {
    expect(formatAmountNote(BigInt(amount), currency)).toBe(note);
  });

  test("amount_note: minor digits come from Intl's ISO 4217 data", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
  });
});

describe("currency codes", () => {
  test.each([
    ["USD", true],
    ["EUR", true],
    ["KWD", true],
    ["usd", false],
    ["Usd", false],
    ["ABC", false],
    ["US", false],
    ["USDT", false],
    ["", false],
  ])("currency: %s is an ISO 4217 code in capitals: %s", (code, valid) => {
    expect(isCurrencyCode(code)).toBe(valid);
  });
});
