import { describe, expect, test } from "vitest";
import { amountErrorVars, formatAmountLimit, parseAmountText, type AmountBounds } from "./parse-amount";

const MOVEMENT: AmountBounds = { min: 1n, max: 10n ** 14n };
const ANY: AmountBounds = { min: 0n, max: 9007199254740991n };

describe("parseAmountText: what people type, in their language, to exact minor units", () => {
  test.each([
    ["1000.5", "USD", "en", "100050"],
    ["1000,5", "USD", "en", "100050"],
    ["1000,5", "RUB", "ru", "100050"],
    ["1,000.50", "USD", "en", "100050"],
    ["1,000", "USD", "en", "100000"],
    ["12,345,678.90", "USD", "en", "1234567890"],
    ["1 000,50", "RUB", "ru", "100050"],
    ["1\u00a0000,50", "RUB", "ru", "100050"],
    ["1\u202f000,50", "RUB", "ru", "100050"],
    ["1 000 000", "RUB", "ru", "100000000"],
    ["1 000.50", "USD", "en", "100050"],
    ["1.000,50", "EUR", "en", "100050"],
    ["1000.5", "RUB", "ru", "100050"],
    ["12,50", "USD", "en", "1250"],
    ["0,500", "KWD", "en", "500"],
    ["1,000", "KWD", "ru", "1000"],
    [" 0.01 ", "USD", "en", "1"],
    [".5", "USD", "en", "50"],
    ["+3", "EUR", "en", "300"],
    ["0.29", "USD", "en", "29"],
    ["1500", "JPY", "en", "1500"],
    ["1,500", "JPY", "en", "1500"],
    ["1.234", "KWD", "en", "1234"],
    ["0.001", "KWD", "ru", "1"],
    ["1000000000000.00", "USD", "en", "100000000000000"],
    ["1 000 000 000 000,00", "RUB", "ru", "100000000000000"],
    ["100000000000000", "JPY", "en", "100000000000000"],
    ["100000000000.000", "KWD", "en", "100000000000000"],
  ])("%j %s (%s) → %s", (text, currency, locale, minor) => {
    expect(parseAmountText(text, currency, locale, MOVEMENT)).toEqual({ ok: true, minor });
  });

  test.each([
    ["", "USD", "en", "required"],
    ["   ", "USD", "ru", "required"],
    ["abc", "USD", "en", "format"],
    ["12 USD", "USD", "en", "format"],
    ["1e3", "USD", "en", "format"],
    ["0x10", "USD", "en", "format"],
    ["1.2.3", "USD", "en", "format"],
    ["1,2.5", "USD", "en", "format"],
    ["1,00,000", "USD", "en", "format"],
    ["10 00", "RUB", "ru", "format"],
    ["12.", "USD", "en", "format"],
    [".", "USD", "en", "format"],
    ["١٢", "USD", "en", "format"],
    ["-5", "USD", "en", "negative"],
    ["−5", "RUB", "ru", "negative"],
    ["12.505", "USD", "en", "decimals"],
    ["1 000,505", "RUB", "ru", "decimals"],
    ["1,000", "RUB", "ru", "decimals"],
    ["12.5", "JPY", "en", "decimals"],
    ["12,0", "JPY", "ru", "decimals"],
    ["1.2345", "KWD", "en", "decimals"],
    ["0", "USD", "en", "too_small"],
    ["0,00", "RUB", "ru", "too_small"],
    ["1000000000000.01", "USD", "en", "too_large"],
    ["1 000 000 000 000,01", "RUB", "ru", "too_large"],
    ["100000000000001", "JPY", "en", "too_large"],
    ["100000000000.001", "KWD", "en", "too_large"],
    ["9".repeat(80), "USD", "en", "too_large"],
  ])("%j %s (%s) is refused: %s", (text, currency, locale, error) => {
    expect(parseAmountText(text, currency, locale, MOVEMENT)).toEqual({ ok: false, error });
  });

  test("zero is an amount where the bounds allow it; a sign only where they allow negatives", () => {
    expect(parseAmountText("0", "EUR", "en", ANY)).toEqual({ ok: true, minor: "0" });
    expect(parseAmountText("-1.50", "EUR", "en", ANY)).toEqual({ ok: false, error: "negative" });
    expect(parseAmountText("-1.50", "EUR", "en", { min: -1000n, max: 1000n })).toEqual({ ok: true, minor: "-150" });
    expect(parseAmountText("-10.01", "EUR", "en", { min: -1000n, max: 1000n })).toEqual({ ok: false, error: "too_small" });
  });
});

describe("the limit in money, not in minor units", () => {
  test.each([
    [10n ** 14n, "RUB", "ru", "1\u00a0000\u00a0000\u00a0000\u00a0000,00\u00a0RUB"],
    [10n ** 14n, "USD", "en", "USD\u00a01,000,000,000,000.00"],
    [10n ** 14n, "JPY", "en", "JPY\u00a0100,000,000,000,000"],
    [10n ** 14n, "KWD", "en", "KWD\u00a0100,000,000,000.000"],
  ])("%s %s (%s) → %j", (minor, currency, locale, text) => {
    expect(formatAmountLimit(minor, currency, locale)).toBe(text);
  });

  test("error placeholders for bounds", () => {
    expect(amountErrorVars("USD", "en", MOVEMENT)).toEqual({ min: "USD\u00a00.01", max: "USD\u00a01,000,000,000,000.00" });
  });
});
