import { describe, expect, test } from "vitest";
import { currencyDigits, formatMoney, MAX_MOVEMENT, minorToMajor, movementBounds, parseMajorAmount } from "./money";
import { DebitRequestSchema, movementFormSchema, TopUpRequestSchema } from "@/lib/ledger/forms";
import { listCurrencies, searchCurrencies } from "@/lib/ledger/currencies";

describe("currency digits come from Intl", () => {
  test.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KWD", 3],
    ["BHD", 3],
  ])("%s has %i minor digits", (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });
});

describe("parseMajorAmount: typed major units to exact minor units", () => {
  test.each([
    ["12.50", "USD", 1250n],
    ["12,50", "USD", 1250n],
    ["12.5", "USD", 1250n],
    ["12", "USD", 1200n],
    [" 0.01 ", "USD", 1n],
    [".5", "USD", 50n],
    ["0000012.30", "USD", 1230n],
    ["1000000000000.00", "USD", MAX_MOVEMENT],
    ["1500", "JPY", 1500n],
    ["1", "JPY", 1n],
    ["100000000000000", "JPY", MAX_MOVEMENT],
    ["1.234", "KWD", 1234n],
    ["1.2", "KWD", 1200n],
    ["0.001", "KWD", 1n],
    ["100000000000.000", "KWD", MAX_MOVEMENT],
    // 0.1 + 0.2 style floats never enter: 0.29 × 100 is 28.999999999999996 as a float.
    ["0.29", "USD", 29n],
    ["90071992547.41", "USD", 9007199254741n],
  ])("%j %s → %s", (input, currency, minor) => {
    expect(parseMajorAmount(input, currency)).toEqual({ ok: true, minor });
  });

  test.each([
    ["", "USD", "required"],
    ["   ", "USD", "required"],
    ["abc", "USD", "format"],
    ["-5", "USD", "format"],
    ["+5", "USD", "format"],
    ["1e3", "USD", "format"],
    ["0x10", "USD", "format"],
    ["1.2.3", "USD", "format"],
    ["1,000.00", "USD", "format"],
    ["1 000", "USD", "format"],
    ["12.", "USD", "format"],
    [".", "USD", "format"],
    ["١٢", "USD", "format"],
    ["12.505", "USD", "decimals"],
    ["12.5", "JPY", "decimals"],
    ["12.0", "JPY", "decimals"],
    ["1.2345", "KWD", "decimals"],
    ["0", "USD", "too_small"],
    ["0.00", "USD", "too_small"],
    ["0.001", "USD", "decimals"],
    ["0", "JPY", "too_small"],
    ["1000000000000.01", "USD", "too_large"],
    ["100000000000001", "JPY", "too_large"],
    ["100000000000.001", "KWD", "too_large"],
    ["99999999999999999999999999999999999999", "USD", "too_large"],
  ])("%j %s is refused: %s", (input, currency, problem) => {
    expect(parseMajorAmount(input, currency)).toEqual({ ok: false, problem });
  });
});

describe("minorToMajor and formatMoney: exact, with the currency's digits", () => {
  test.each([
    [1250n, "USD", "12.50"],
    [5n, "USD", "0.05"],
    [0n, "USD", "0.00"],
    [1500n, "JPY", "1500"],
    [5n, "KWD", "0.005"],
    [12345n, "KWD", "12.345"],
    ["123456789012345678901", "USD", "1234567890123456789.01"],
  ])("%s %s → %s", (minor, currency, major) => {
    expect(minorToMajor(minor, currency)).toBe(major);
  });

  test.each([
    ["1250", "USD", "en", "$12.50"],
    ["1500", "JPY", "en", "¥1,500"],
    ["12345", "KWD", "en", "KWD 12.345"],
    ["0", "USD", "en", "$0.00"],
    // Above 2^53: every digit kept.
    ["900719925474099312", "USD", "en", "$9,007,199,254,740,993.12"],
  ])("%s %s (%s) → %s", (minor, currency, locale, text) => {
    expect(formatMoney(minor, currency, locale).replace(/\u00a0/g, " ")).toBe(text);
  });

  test("ru uses its own separators and keeps the digits", () => {
    expect(formatMoney("123456", "USD", "ru").replace(/[\u00a0\u202f]/g, " ")).toBe("1 234,56 $");
  });

  test("bounds are shown in major units", () => {
    expect(movementBounds("USD")).toEqual({ min: "0.01", max: "1000000000000.00" });
    expect(movementBounds("JPY")).toEqual({ min: "1", max: "100000000000000" });
    expect(movementBounds("KWD")).toEqual({ min: "0.001", max: "100000000000.000" });
  });
});

describe("form and request schemas share the amount rule", () => {
  const request = { kind: "top_up" as const, contactId: 1, accountId: 2, currency: "KWD", amount: "1.234", description: " Bonus ", idempotencyKey: "5f0c4a1e-8a4b-4c6d-9e2f-0123456789ab" };

  test("a top-up request converts the amount with the currency's digits and trims the description", () => {
    const parsed = TopUpRequestSchema.parse(request);
    expect(parsed.amountMinor).toBe(1234n);
    expect(parsed.description).toBe("Bonus");
  });

  test("the kind of a request must match its action", () => {
    expect(DebitRequestSchema.safeParse(request).success).toBe(false);
  });

  test.each([
    [{ amount: "1.2345" }, { amount: ["ledger.amount.decimals"] }],
    [{ amount: "" }, { amount: ["ledger.amount.required"] }],
    [{ description: "   " }, { description: ["ledger.description.required"] }],
    [{ description: "x".repeat(256) }, { description: ["ledger.description.too_long"] }],
    [{ idempotencyKey: "not-a-key" }, { idempotencyKey: ["ledger.key.invalid"] }],
    [{ currency: "usd" }, { currency: ["ledger.currency.invalid"] }],
  ])("refused %j", (change, errors) => {
    const result = TopUpRequestSchema.safeParse({ ...request, ...change });
    expect(result.success).toBe(false);
    const byField: Record<string, string[]> = {};
    for (const issue of result.error!.issues) (byField[issue.path.join(".")] ??= []).push(issue.message);
    expect(byField).toEqual(errors);
  });

  test("255 characters are counted as the platform counts them (code points)", () => {
    expect(movementFormSchema("USD").safeParse({ amount: "1", description: "😀".repeat(255) }).success).toBe(true);
    expect(movementFormSchema("USD").safeParse({ amount: "1", description: "😀".repeat(256) }).success).toBe(false);
  });

  test("the form schema is the currency's: JPY refuses decimals, KWD takes three", () => {
    expect(movementFormSchema("JPY").safeParse({ amount: "12.5", description: "x" }).success).toBe(false);
    expect(movementFormSchema("JPY").safeParse({ amount: "12", description: "x" }).success).toBe(true);
    expect(movementFormSchema("KWD").safeParse({ amount: "12.345", description: "x" }).success).toBe(true);
  });
});

describe("currency picker", () => {
  test("lists ISO 4217 codes with names, leaving out the contact's currencies", () => {
    const all = listCurrencies("en");
    expect(all.find((option) => option.code === "KWD")?.name).toBe("Kuwaiti Dinar");
    const without = listCurrencies("en", ["USD", "EUR"]);
    expect(without.map((option) => option.code)).not.toContain("USD");
    expect(without.map((option) => option.code)).not.toContain("EUR");
    expect(without.length).toBe(all.length - 2);
  });

  test("search matches code or name, exact code first", () => {
    const found = searchCurrencies(listCurrencies("en"), "usd");
    expect(found[0].code).toBe("USD");
    expect(searchCurrencies(listCurrencies("en"), "dinar").map((option) => option.code)).toContain("KWD");
    expect(searchCurrencies(listCurrencies("ru"), "иен").map((option) => option.code)).toContain("JPY");
  });
});
