import { describe, expect, test } from "vitest";
import { checkValue, MAX_MONEY_VALUE } from "./values";
import { type FieldType } from "@/lib/contract/facts";

/** Each type: values it takes (with the form they are stored in) and values it refuses (with the message key). */
const accepted: [FieldType, unknown, unknown][] = [
  ["string", "hello", "hello"],
  ["string", "x".repeat(65_535), "x".repeat(65_535)],
  ["string", "Привет, 世界", "Привет, 世界"],
  ["number", 5, 5],
  ["number", -2.5, -2.5],
  ["number", "12", 12],
  ["number", "-0.75", -0.75],
  ["number", "1e3", 1000],
  ["number", ".5", 0.5],
  ["bool", true, true],
  ["bool", false, false],
  ["bool", 1, true],
  ["bool", 0, false],
  ["bool", "1", true],
  ["bool", "0", false],
  ["bool", "true", true],
  ["bool", "false", false],
  ["date", "2024-02-29", "2024-02-29"],
  ["date", "1999-12-31", "1999-12-31"],
  ["datetime", "2026-01-05T10:00:00Z", "2026-01-05T10:00:00+00:00"],
  ["datetime", "2026-01-05T10:00:00+03:00", "2026-01-05T07:00:00+00:00"],
  ["datetime", "2026-01-05T10:00:00-0230", "2026-01-05T12:30:00+00:00"],
  ["datetime", "2026-01-05T10:00:00.123456+00:00", "2026-01-05T10:00:00+00:00"],
  ["datetime", "2026-01-05T10:00", "2026-01-05T10:00:00+00:00"],
  ["datetime", "2026-01-01T01:00:00+02", "2025-12-31T23:00:00+00:00"],
  ["money", 0, 0],
  ["money", 12345, 12345],
  ["money", "990", 990],
  ["money", MAX_MONEY_VALUE, MAX_MONEY_VALUE],
  ["money", String(MAX_MONEY_VALUE), MAX_MONEY_VALUE],
  ["file", "https://example.com/a.pdf", "https://example.com/a.pdf"],
  ["file", "http://example.com/path?q=1#x", "http://example.com/path?q=1#x"],
  ["image", "https://cdn.example.com/i.png", "https://cdn.example.com/i.png"],
  ["contact", 17, 17],
  ["contact", "17", 17],
  ["bot", 9, 9],
  ["bot", "9", 9],
];

const refused: [FieldType, unknown, string][] = [
  ["string", 5, "lists.value.string"],
  ["string", true, "lists.value.string"],
  ["string", "x".repeat(65_536), "lists.value.string"],
  ["string", "nul\u0000byte", "lists.value.string"],
  ["string", { a: 1 }, "lists.value.string"],
  ["number", "abc", "lists.value.number"],
  ["number", "12abc", "lists.value.number"],
  ["number", "0x1A", "lists.value.number"],
  ["number", true, "lists.value.number"],
  ["number", Infinity, "lists.value.number"],
  ["number", "1e400", "lists.value.number"],
  ["number", [1], "lists.value.number"],
  ["bool", "yes", "validation.boolean"],
  ["bool", 2, "validation.boolean"],
  ["bool", "on", "validation.boolean"],
  ["date", "2023-02-29", "lists.value.date"],
  ["date", "2024-13-01", "lists.value.date"],
  ["date", "2024-1-1", "lists.value.date"],
  ["date", "01.02.2024", "lists.value.date"],
  ["date", "2024-01-01T00:00:00Z", "lists.value.date"],
  ["date", 20240101, "lists.value.date"],
  ["datetime", "2024-01-01", "lists.value.datetime"],
  ["datetime", "2024-01-01 10:00:00", "lists.value.datetime"],
  ["datetime", "2024-02-30T10:00:00Z", "lists.value.datetime"],
  ["datetime", "2024-01-01T24:00:00Z", "lists.value.datetime"],
  ["datetime", "2024-01-01T10:60:00Z", "lists.value.datetime"],
  ["datetime", "2024-01-01T10:00:00+15:00", "lists.value.datetime"],
  ["datetime", "yesterday", "lists.value.datetime"],
  ["datetime", 1_700_000_000, "lists.value.datetime"],
  ["money", 10.5, "lists.value.money"],
  ["money", "10.50", "lists.value.money"],
  ["money", -1, "lists.value.money"],
  ["money", "-1", "lists.value.money"],
  ["money", MAX_MONEY_VALUE + 1, "lists.value.money"],
  ["money", "9007199254740992", "lists.value.money"],
  ["money", "12345678901234567890", "lists.value.money"],
  ["money", true, "lists.value.money"],
  ["file", "ftp://example.com/a", "lists.value.url"],
  ["file", "javascript:alert(1)", "lists.value.url"],
  ["file", "example.com/a.pdf", "lists.value.url"],
  ["file", "https://exa mple.com", "lists.value.url"],
  ["file", `https://example.com/${"a".repeat(2048)}`, "lists.value.url"],
  ["image", 5, "lists.value.url"],
  ["image", "/relative/path.png", "lists.value.url"],
  ["contact", 0, "lists.value.contact"],
  ["contact", -4, "lists.value.contact"],
  ["contact", 1.5, "lists.value.contact"],
  ["contact", "abc", "lists.value.contact"],
  ["bot", "9.0", "lists.value.bot"],
  ["bot", true, "lists.value.bot"],
];

describe("record values by type", () => {
  test.each(accepted)("%s takes %j, stored as %j", (type, raw, stored) => {
    expect(checkValue(type, raw)).toEqual({ ok: true, value: stored });
  });

  test.each(refused)("%s refuses %j (%s)", (type, raw, i18n) => {
    const result = checkValue(type, raw);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.i18n).toBe(i18n);
  });
});
