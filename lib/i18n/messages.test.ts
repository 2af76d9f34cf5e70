import { describe, expect, test } from "vitest";
import { messageAreas, messages } from "./messages";
import { negotiateLocale } from "./config";
import { translate } from "./translate";

const placeholders = (text: string) => (text.match(/:[a-z_0-9]+/gi) ?? []).sort();

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
