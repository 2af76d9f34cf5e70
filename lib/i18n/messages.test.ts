import { describe, expect, test } from "vitest";
import { messageAreas, messages } from "./messages";
import { negotiateLocale } from "./negotiate";
import { translate, translator } from "./translate";

const placeholders = (text: string) => [...new Set(text.match(/:[a-z_0-9]+/gi) ?? [])].sort();
const pluralBlocks = (text: string) => [...text.matchAll(/\{([a-z_0-9]+), plural,(.*?)\}\s*\}/gi)];

describe("dictionaries", () => {
  test("English and Russian have the same keys in every area", () => {
    for (const area of messageAreas) expect(Object.keys(area.ru).sort()).toEqual(Object.keys(area.en).sort());
  });

  test("no key is defined by two areas", () => {
    const total = messageAreas.reduce((sum, area) => sum + Object.keys(area.en).length, 0);
    expect(Object.keys(messages.en)).toHaveLength(total);
  });

  test.each(Object.keys(messages.en))("%s: same placeholders in both languages, no empty text", (key) => {
    const k = key as keyof typeof messages.en;
    expect(messages.en[k].length).toBeGreaterThan(0);
    expect(messages.ru[k].length).toBeGreaterThan(0);
    expect(placeholders(messages.ru[k])).toEqual(placeholders(messages.en[k]));
  });

  test.each(["en", "ru"] as const)("%s: every plural block names a variable of the text, has an `other` form and only the language's categories", (lang) => {
    const categories = new Set<string>(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
    for (const [key, text] of Object.entries(messages[lang])) {
      for (const [, name, body] of pluralBlocks(text)) {
        const selectors = [...body.matchAll(/([a-z]+|=\d+)\s*\{/gi)].map((m) => m[1]);
        expect(selectors, key).toContain("other");
        for (const selector of selectors) expect(selector.startsWith("=") || categories.has(selector), `${key}: ${selector}`).toBe(true);
        expect(text.replace(pluralBlocks(text)[0][0], ""), key).not.toContain(", plural,");
        expect(body, key).toContain(`:${name}`);
      }
    }
  });

  test.each([
    ["en", 1, "Export 1 contact"],
    ["en", 0, "Export 0 contacts"],
    ["en", "12,345", "Export 12,345 contacts"],
    ["ru", 1, "Выгрузить 1 контакт"],
    ["ru", 3, "Выгрузить 3 контакта"],
    ["ru", 5, "Выгрузить 5 контактов"],
    ["ru", 21, "Выгрузить 21 контакт"],
    ["ru", "12\u00a0344", "Выгрузить 12\u00a0344 контакта"],
  ] as const)("plural forms: %s, %s", (lang, count, text) => {
    expect(translator(lang)("exports.start", { count })).toBe(text);
  });

  test("plural forms: an exact form wins over the category; text around the block stays", () => {
    expect(translate({ k: "In X ({d, plural, =0 {whole units} one {:d decimal} other {:d decimals}})" }, "k", { d: 0 })).toBe("In X (whole units)");
    expect(translate({ k: "In X ({d, plural, =0 {whole units} one {:d decimal} other {:d decimals}})" }, "k", { d: 3 })).toBe("In X (3 decimals)");
  });

  test("placeholders: longest name first; unknown keys come back as they are", () => {
    expect(translate({ k: ":max of :m" }, "k", { m: 1, max: 2 })).toBe("2 of 1");
    expect(translate({}, "plain text")).toBe("plain text");
  });

  test.each([
    [null, "en"],
    ["ru-RU,ru;q=0.9,en;q=0.8", "ru"],
    ["de-DE,de;q=0.9", "en"],
    ["en-GB,ru;q=0.5", "en"],
    ["fr;q=0.9,ru;q=0.8", "ru"],
  ])("Accept-Language %s → %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});
