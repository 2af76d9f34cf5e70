import { describe, expect, test } from "vitest";
import type { FieldDefinition } from "@/lib/contract/facts";
import { buildRecordFormSchema, toItemRequest, valueProblem } from "./list-records";
import { recordErrorPath, toFormValue } from "./record-values";

const f = (slug: string, type: FieldDefinition["type"], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  slug,
  name: slug,
  type,
  currency: type === "money" ? "EUR" : null,
  isRequired: true,
  isHidden: false,
  isEncryptable: false,
  ...extra,
});

const FIELDS: FieldDefinition[] = [
  f("title", "string"),
  f("price", "money"),
  f("paid", "bool", { isRequired: false }),
  f("qty", "number", { isRequired: false }),
  f("due", "date", { isRequired: false }),
  f("at", "datetime", { isRequired: false }),
  f("scan", "file", { isRequired: false }),
  f("customer", "contact", { isRequired: false }),
  f("bot", "bot", { isRequired: false }),
  f("yen", "money", { currency: "JPY", isRequired: false }),
];

describe("record values by type", () => {
  test.each<[FieldDefinition["type"], string, string | null]>([
    ["string", "hello", null],
    ["string", "x".repeat(65_536), "records.value.string"],
    ["number", "12", null],
    ["number", "-0.5", null],
    ["number", "1e3", null],
    ["number", "12abc", "records.value.number"],
    ["bool", "true", null],
    ["bool", "yes", "records.value.bool"],
    ["date", "2024-02-29", null],
    ["date", "2023-02-29", "records.value.date"],
    ["date", "05.01.2026", "records.value.date"],
    ["datetime", "2026-01-05T10:00", null],
    ["datetime", "2026-01-05T10:00:00+03:00", null],
    ["datetime", "2026-02-30T10:00", "records.value.datetime"],
    ["datetime", "2026-01-05 10:00", "records.value.datetime"],
    ["money", "12.50", null],
    ["money", "12.505", "records.value.money_too_many_decimals"],
    ["money", "-1", "records.value.money_negative"],
    ["money", "ten", "records.value.money_format"],
    ["file", "https://files.example.com/a.pdf", null],
    ["file", "javascript:alert(1)", "records.value.url"],
    ["file", "ftp://example.com/a", "records.value.url"],
    ["image", `https://example.com/${"a".repeat(2048)}`, "records.value.url"],
    ["contact", "42", null],
    ["contact", "0", "records.value.contact"],
    ["bot", "1.5", "records.value.bot"],
  ])("%s %j → %s", (type, text, problem) => {
    expect(valueProblem(f("v", type), text)).toBe(problem);
  });
});

describe("record form schema", () => {
  const empty = FIELDS.map(() => "");

  test("add: required fields must have a value, each error on its input", () => {
    const result = buildRecordFormSchema(FIELDS).safeParse({ values: empty });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["values.0", "form.required"],
      ["values.1", "form.required"],
    ]);
  });

  test("edit: a required field empty before stays allowed (records older than the field), emptying one is not", () => {
    const initial = ["Chair", "", ...empty.slice(2)];
    expect(buildRecordFormSchema(FIELDS, { initial }).safeParse({ values: initial }).success).toBe(true);
    const cleared = ["", "", ...empty.slice(2)];
    expect(
      buildRecordFormSchema(FIELDS, { initial })
        .safeParse({ values: cleared })
        .error?.issues.map((i) => i.path.join(".")),
    ).toEqual(["values.0"]);
  });

  test("add: the item holds converted values; money in minor units as a string of digits, empty optionals left out", () => {
    const values = ["Chair", "12.5", "true", "3", "2026-01-05", "2026-01-05T10:00", "https://f.example.com/x", "7", "101", "1500", ""].slice(0, FIELDS.length);
    expect(buildRecordFormSchema(FIELDS).safeParse({ values }).success).toBe(true);
    expect(toItemRequest(FIELDS, values)).toEqual({
      title: "Chair",
      price: "1250",
      paid: true,
      qty: 3,
      due: "2026-01-05",
      at: "2026-01-05T10:00",
      scan: "https://f.example.com/x",
      customer: 7,
      bot: 101,
      yen: "1500",
    });
    expect(toItemRequest(FIELDS, ["Chair", "1", ...empty.slice(2)])).toEqual({ title: "Chair", price: "100" });
  });

  test("edit: only changed values are sent; an emptied optional value is null", () => {
    const initial = ["Chair", "12.50", "true", "3", "", "", "", "", "", ""];
    const values = ["Chair", "13", "", "3", "", "", "", "", "", ""];
    expect(toItemRequest(FIELDS, values, { initial })).toEqual({ price: "1300", paid: null });
  });

  test("stored values as form text: money in major units, datetimes without +00:00", () => {
    expect(toFormValue(FIELDS[1], 1250)).toBe("12.50");
    expect(toFormValue(FIELDS[9], 1500)).toBe("1500");
    expect(toFormValue(FIELDS[2], false)).toBe("false");
    expect(toFormValue(FIELDS[5], "2026-01-05T07:00:00+00:00")).toBe("2026-01-05T07:00:00");
    expect(toFormValue(FIELDS[0], null)).toBe("");
    expect(toFormValue(FIELDS[7], 42)).toBe("42");
  });

  test("a stored value read back into the form converts to the same request value", () => {
    const text = toFormValue(FIELDS[1], 9007199254740991);
    expect(toItemRequest([FIELDS[1]], [text])).toEqual({ price: "9007199254740991" });
  });
});

describe("record errors land on the input of their field", () => {
  const pathOf = recordErrorPath(FIELDS);
  test.each([
    ["item.title", "values.0"],
    ["item.customer", "values.7"],
    ["values.3", "values.3"],
    ["item.colour", null],
    ["item", null],
    ["item_id", null],
    ["schema_id", null],
  ])("%s → %s", (key, path) => {
    expect(pathOf(key)).toBe(path);
  });
});
