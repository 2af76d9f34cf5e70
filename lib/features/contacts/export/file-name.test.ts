import { describe, expect, test } from "vitest";
import { translator } from "@/lib/i18n/translate";
import { botLabel } from "../bot-names";
import { botSlug, fileNameOf } from "./format";

const at = new Date("2026-01-05T22:30:00Z");

describe("export file names", () => {
  test.each([
    ["Магазин цветов (Онлайн)", "magazin-tsvetov-onlayn"],
    ["Shop bot (Online shop)", "shop-bot-online-shop"],
    ['../../etc/passwd"; rm', "etc-passwd-rm"],
    ["", "bot-101"],
    [null, "bot-101"],
    ["🤖🤖", "bot-101"],
  ])("slug of %j → %s", (name, slug) => {
    expect(botSlug(name, 101)).toBe(slug);
  });

  test("slug: long names are cut to 60 characters without a trailing dash", () => {
    const slug = botSlug("word ".repeat(40), 1);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test("file name: the bot's slug and the start time in the zone it was started in; all bots: no bot part", () => {
    expect(fileNameOf({ format: "csv", createdAt: at, bot: 101, botName: "Магазин", tz: "Asia/Tokyo" })).toBe("contacts-magazin-2026-01-06-0730.csv");
    expect(fileNameOf({ format: "jsonl", createdAt: at, bot: 101, botName: null, tz: "UTC" })).toBe("contacts-bot-101-2026-01-05-2230.jsonl");
    expect(fileNameOf({ format: "csv", createdAt: at, bot: null, tz: "Not/AZone" })).toBe("contacts-2026-01-05-2230.csv");
  });

  test("bot label: getMe's name, else 'Bot 101' in the viewer's language (never a blank)", () => {
    const bots = [{ id: 7, label: "Shop bot (Online shop)" }];
    expect(botLabel(bots, 7, translator("en"))).toBe("Shop bot (Online shop)");
    expect(botLabel(bots, 101, translator("en"))).toBe("Bot 101");
    expect(botLabel(null, 101, translator("ru"))).toBe("Бот 101");
  });
});
