import { describe, expect, test } from "vitest";
import { ColumnMappingSchema, guessMapping } from "./mapping";

describe("guessMapping: columns found by their names", () => {
  test("the names of the issue's template, in order", () => {
    expect(guessMapping(["contact_id", "currency", "amount", "description"])).toEqual({
      mapping: { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 },
      missing: [],
    });
  });

  test("English names as people write them: case, spaces, _ and - do not matter; a direction column is found", () => {
    expect(guessMapping(["Note", "TYPE", "Sum", "Currency", "Contact ID"])).toEqual({
      mapping: { description: 0, direction: 1, amount: 2, currency: 3, contact_id: 4 },
      missing: [],
    });
    expect(guessMapping(["contact-id", "currency", "amount", "operation", "reason"]).mapping).toEqual({
      contact_id: 0,
      currency: 1,
      amount: 2,
      direction: 3,
      description: 4,
    });
    expect(guessMapping(["Id", "currency", "amount", "kind", "comment"]).mapping.contact_id).toBe(0);
    expect(guessMapping(["contact", "currency", "amount", "direction", "description"]).mapping.direction).toBe(3);
  });

  test("Russian names (Excel in a Russian locale)", () => {
    expect(guessMapping(["ID контакта", "Валюта", "Сумма", "Операция", "Назначение"])).toEqual({
      mapping: { contact_id: 0, currency: 1, amount: 2, direction: 3, description: 4 },
      missing: [],
    });
    expect(guessMapping(["Контакт", "валюта", "СУММА", "Тип", "Комментарий"]).mapping).toEqual({
      contact_id: 0,
      currency: 1,
      amount: 2,
      direction: 3,
      description: 4,
    });
    expect(guessMapping(["контакт", "валюта", "сумма", "направление", "описание"]).mapping.direction).toBe(3);
  });

  test("required columns not named are missing; direction never is (null: signed amounts)", () => {
    expect(guessMapping(["client", "currency", "value", "description"])).toEqual({
      mapping: { currency: 1, direction: null, description: 3 },
      missing: ["contact_id", "amount"],
    });
    expect(guessMapping([]).missing).toEqual(["contact_id", "currency", "amount", "description"]);
  });

  test("a column named twice: the first header that names it wins", () => {
    expect(guessMapping(["id", "contact", "currency", "amount", "comment", "note"]).mapping).toEqual({
      contact_id: 0,
      currency: 2,
      amount: 3,
      direction: null,
      description: 4,
    });
  });
});

describe("ColumnMappingSchema: the mapping form's answer", () => {
  const schema = ColumnMappingSchema(5);
  const issues = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  };

  test("a full mapping passes; direction may be null, absent or an empty choice; select values as digit strings are numbers", () => {
    expect(schema.parse({ contact_id: 0, currency: 1, amount: 2, direction: 3, description: 4 })).toEqual({
      contact_id: 0,
      currency: 1,
      amount: 2,
      direction: 3,
      description: 4,
    });
    expect(schema.parse({ contact_id: "4", currency: "0", amount: "1", direction: "", description: "2" })).toEqual({
      contact_id: 4,
      currency: 0,
      amount: 1,
      direction: null,
      description: 2,
    });
    expect(schema.parse({ contact_id: 0, currency: 1, amount: 2, description: 3 }).direction).toBeNull();
  });

  test.each([
    [
      "a required field not chosen",
      { contact_id: 0, currency: "", amount: 2, description: 3 },
      [{ path: "currency", message: "adjustments.mapping.required" }],
    ],
    ["a required field absent", { contact_id: 0, currency: 1, amount: 2 }, [{ path: "description", message: "adjustments.mapping.required" }]],
    ["a column past the header", { contact_id: 5, currency: 1, amount: 2, description: 3 }, [{ path: "contact_id", message: "adjustments.mapping.invalid" }]],
    ["a negative column", { contact_id: 0, currency: 1, amount: -1, description: 3 }, [{ path: "amount", message: "adjustments.mapping.invalid" }]],
    ["a fractional column", { contact_id: 0, currency: 1.5, amount: 2, description: 3 }, [{ path: "currency", message: "adjustments.mapping.invalid" }]],
    ["not a number", { contact_id: "first", currency: 1, amount: 2, description: 3 }, [{ path: "contact_id", message: "adjustments.mapping.invalid" }]],
    [
      "direction past the header",
      { contact_id: 0, currency: 1, amount: 2, direction: 9, description: 3 },
      [{ path: "direction", message: "adjustments.mapping.invalid" }],
    ],
    [
      "one column for two fields: the later field has the error",
      { contact_id: 0, currency: 1, amount: 2, direction: 2, description: 3 },
      [{ path: "direction", message: "adjustments.mapping.duplicate" }],
    ],
    [
      "one column for three fields",
      { contact_id: 1, currency: 1, amount: 2, description: 1 },
      [
        { path: "currency", message: "adjustments.mapping.duplicate" },
        { path: "description", message: "adjustments.mapping.duplicate" },
      ],
    ],
  ])("%s", (_name, value, expected) => {
    expect(issues(value)).toEqual(expected);
  });

  test("the duplicate's issue names the field that has the column first", () => {
    const result = schema.safeParse({ contact_id: 0, currency: 1, amount: 0, description: 3 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["amount"], params: { field: "contact_id" } });
  });
});
