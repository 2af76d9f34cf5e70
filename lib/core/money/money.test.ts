import { describe, expect, test } from "vitest";
import { formatMoney, minorToMajor } from "./money";
import { currencyDigits } from "@/lib/contract/facts";
import { DebitRequestSchema, movementFormSchema, TopUpRequestSchema } from "@/lib/features/ledger/forms";
import { issuesToFieldErrors } from "@/lib/core/actions/zod-messages";
import { translator } from "@/lib/i18n/translate";
import { listCurrencies, searchCurrencies } from "@/lib/core/money/currencies";

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
});

describe("form and request schemas share the amount rule", () => {
  const request = {
    kind: "top_up" as const,
    contactId: 1,
    accountId: 2,
    currency: "KWD",
    locale: "en" as const,
    amount: "1.234",
    description: " Bonus ",
    idempotencyKey: "5f0c4a1e-8a4b-4c6d-9e2f-0123456789ab",
  };

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
    [{ amount: "1,0000" }, { amount: ["ledger.amount.decimals"] }],
    [{ amount: "-1" }, { amount: ["ledger.amount.negative"] }],
    [{ locale: "de" }, { locale: ['Invalid option: expected one of "en"|"ru"'] }],
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
    expect(movementFormSchema("USD", "en").safeParse({ amount: "1", description: "😀".repeat(255) }).success).toBe(true);
    expect(movementFormSchema("USD", "en").safeParse({ amount: "1", description: "😀".repeat(256) }).success).toBe(false);
  });

  test("the form and the request read the amount in the language it was typed in", () => {
    expect(movementFormSchema("USD", "en").safeParse({ amount: "1,000", description: "x" }).success).toBe(true);
    expect(movementFormSchema("USD", "ru").safeParse({ amount: "1,000", description: "x" }).success).toBe(false);
    expect(TopUpRequestSchema.parse({ ...request, currency: "RUB", locale: "ru", amount: "1\u00a0000,50" }).amountMinor).toBe(100050n);
    expect(TopUpRequestSchema.parse({ ...request, currency: "USD", amount: "1,000.50" }).amountMinor).toBe(100050n);
  });

  test("the server's text states the limit in money, in the user's language", () => {
    const result = TopUpRequestSchema.safeParse({ ...request, currency: "RUB", locale: "ru", amount: "1 000 000 000 000,01" });
    const texts = issuesToFieldErrors(result.error!.issues, translator("ru")).amount.map((text) => text.replace(/[\u00a0\u202f]/g, " "));
    expect(texts).toEqual(["Сумма больше наибольшей возможной: не больше 1 000 000 000 000,00 RUB."]);
  });

  test("the form schema is the currency's: JPY refuses decimals, KWD takes three", () => {
    expect(movementFormSchema("JPY", "en").safeParse({ amount: "12.5", description: "x" }).success).toBe(false);
    expect(movementFormSchema("JPY", "en").safeParse({ amount: "12", description: "x" }).success).toBe(true);
    expect(movementFormSchema("KWD", "en").safeParse({ amount: "12.345", description: "x" }).success).toBe(true);
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
