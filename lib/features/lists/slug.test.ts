import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { FieldSlugSchema } from "@/lib/features/lists/forms/lists";
import { slugFromName } from "./slug";

describe("slug from a field's name", () => {
  test.each([
    ["Цена товара", "tsena_tovara"],
    ["Щука и ёжик", "schuka_i_yozhik"],
    ["Дата выдачи (UTC)", "data_vydachi_utc"],
    ["Хлеб", "khleb"],
    ["Съешь ещё", "syesh_eschyo"],
    ["Київ", "kiyiv"],
    ["Price", "price"],
    ["Valid until", "valid_until"],
    ["  Spaces   around  ", "spaces_around"],
    ["Ünïcode €uro", "uenicode_euro"],
    ["Customer's e-mail", "customers_e_mail"],
  ])("%j → %j (transliterated, lower case, words joined by _)", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  test("digits only stay digits (the dashboard reads fields in the platform's order, integer-like slugs too)", () => {
    expect(slugFromName("2024")).toBe("2024");
    expect(slugFromName("Year 2024")).toBe("year_2024");
  });

  test("a reserved slug gets a suffix", () => {
    expect(slugFromName("ID")).toBe("id_field");
    expect(slugFromName("Created at")).toBe("created_at_field");
  });

  test("a slug taken by another row gets _2, _3, …", () => {
    expect(slugFromName("Price", { taken: ["price"] })).toBe("price_2");
    expect(slugFromName("Price", { taken: ["price", "price_2"] })).toBe("price_3");
  });

  test("a name with nothing to transliterate falls back to field_<position>", () => {
    expect(slugFromName("!!!", { position: 2 })).toBe("field_3");
    expect(slugFromName("😀")).toBe("field_1");
  });

  test("a long name is cut to 255 characters", () => {
    expect(slugFromName("Длинное название ".repeat(40)).length).toBeLessThanOrEqual(255);
  });

  test("property: whatever the name, the suggestion passes the form's slug rules and avoids taken slugs", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), (name, taken) => {
        const slug = slugFromName(name, { taken });
        expect(FieldSlugSchema.safeParse(slug).success).toBe(true);
        expect(taken).not.toContain(slug);
      }),
      { numRuns: 300 },
    );
  });
});
