import { describe, expect, test } from "vitest";
import { z } from "zod";
import { allMethods } from "../registry";
import { OPERATION_TEXTS, STATUS_TEXTS, TAG_TEXTS, type Localized, type TagName } from "./texts";

const methods = allMethods();
const CYRILLIC = /[А-Яа-яЁё]/;
const MAX_SUMMARY = 60;

/** The parameters the document shows for a method: the top-level keys of its object schema, or null for a free-form record. */
function parameterKeys(schema: z.ZodType): string[] | null {
  if (schema instanceof z.ZodRecord) return null;
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  throw new Error(`a parameter schema that is neither an object nor a record: ${schema.constructor.name}`);
}

const paramsOf = (name: string) => {
  const method = methods.find(([methodName]) => methodName === name)?.[1];
  if (!method) throw new Error(`no method ${name}`);
  return method.documentedParams ?? method.params;
};

function expectBothLanguages(text: Localized, where: string) {
  expect(text.en.trim(), `${where} (en)`).not.toBe("");
  expect(text.ru.trim(), `${where} (ru)`).not.toBe("");
  expect(text.ru, `${where} (ru) is Russian`).toMatch(CYRILLIC);
}

describe("OPERATION_TEXTS covers the registry", () => {
  test("every method of the registry has texts, and no text names a method the registry lacks", () => {
    expect(methods.length).toBeGreaterThan(20);
    expect(Object.keys(OPERATION_TEXTS).sort()).toEqual(methods.map(([name]) => name).sort());
  });

  test.each(methods.map(([name]) => [name]))("%s: summary and description in English and Russian", (name) => {
    const text = OPERATION_TEXTS[name];
    expectBothLanguages(text.summary, `${name} summary`);
    expectBothLanguages(text.description, `${name} description`);
    expect([...text.summary.en].length, `${name} summary (en)`).toBeLessThanOrEqual(MAX_SUMMARY);
    expect([...text.summary.ru].length, `${name} summary (ru)`).toBeLessThanOrEqual(MAX_SUMMARY);
  });

  test.each(methods.map(([name, method]) => [name, method.extension === true]))("%s: says Extension exactly when it is one (%s)", (name, extension) => {
    const { description } = OPERATION_TEXTS[name];
    expect(description.en.startsWith("Extension:")).toBe(extension);
    expect(description.ru.startsWith("Расширение:")).toBe(extension);
  });
});

describe("parameter texts match the schemas", () => {
  test.each(methods.map(([name]) => [name]))("%s: every top-level parameter is described, and only those", (name) => {
    const keys = parameterKeys(paramsOf(name));
    const described = OPERATION_TEXTS[name].parameters;
    for (const [key, text] of Object.entries(described)) expectBothLanguages(text, `${name}.${key}`);
    // A free-form record (createListSchema validates in its handler) has no keys to compare.
    if (keys === null) return;
    expect(Object.keys(described).sort()).toEqual([...keys].sort());
  });

  test("the schemas that are records are known, so that a new one is not skipped silently", () => {
    const records = methods.filter(([, method]) => parameterKeys(method.documentedParams ?? method.params) === null).map(([name]) => name);
    // createListSchema validates in its handler (its params are a record) until it declares documentedParams.
    expect(records.filter((name) => name !== "createListSchema")).toEqual([]);
    // Its texts name the spec's parameters of createListSchema.
    expect(Object.keys(OPERATION_TEXTS.createListSchema.parameters).sort()).toEqual(["bot_id", "fields", "is_menu", "name", "project_uuid"]);
  });

  test("the alias of addContactAccount takes the same parameters and says it is an alias", () => {
    expect(OPERATION_TEXTS.createContactAccount.parameters).toEqual(OPERATION_TEXTS.addContactAccount.parameters);
    expect(OPERATION_TEXTS.createContactAccount.description.en).toContain("alias of `addContactAccount`");
    expect(OPERATION_TEXTS.createContactAccount.description.ru).toContain("Синоним `addContactAccount`");
  });
});

describe("examples are valid requests", () => {
  test.each(methods.map(([name]) => [name]))("%s: the example passes the method's parameter schema", (name) => {
    const result = paramsOf(name).safeParse(OPERATION_TEXTS[name].example);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  test("createListSchema's example has two fields and a target, as the spec's rules ask", () => {
    const example = OPERATION_TEXTS.createListSchema.example as { name?: unknown; fields?: unknown[]; project_uuid?: unknown; bot_id?: unknown };
    expect(typeof example.name).toBe("string");
    expect(example.fields).toHaveLength(2);
    expect(example.project_uuid ?? example.bot_id).toBeDefined();
  });

  test("createOrUpdateContact's example is a Telegram contact", () => {
    expect(OPERATION_TEXTS.createOrUpdateContact.example).toMatchObject({ messenger: "telegram", telegram_id: expect.any(Number) });
  });
});

describe("tags and statuses", () => {
  test("the operations are grouped as the document's tags are", () => {
    const expected = (name: string): TagName => {
      if (name === "getMe") return "account";
      if (name.includes("ListItem")) return "records";
      if (name.includes("ListSchema")) return "lists";
      if (name.includes("ContactAccount")) return "accounts";
      return "contacts";
    };
    for (const [name] of methods) expect(OPERATION_TEXTS[name].tag, name).toBe(expected(name));
  });

  test("every tag and status text is written in both languages", () => {
    for (const [tag, text] of Object.entries(TAG_TEXTS)) {
      expectBothLanguages(text.name, `tag ${tag} name`);
      expectBothLanguages(text.description, `tag ${tag} description`);
    }
    for (const [status, text] of Object.entries(STATUS_TEXTS)) expectBothLanguages(text, `status ${status}`);
  });
});
