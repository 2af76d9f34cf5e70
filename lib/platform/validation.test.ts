import { describe, expect, test } from "vitest";
import { z } from "zod";
import { boolean, integer, optional, parseParams, text } from "./validation";
import { translator } from "./i18n";
import { ValidationError } from "./errors";

const en = translator("en");
const ru = translator("ru");

function errorsOf(schema: z.ZodType, input: unknown, t = en) {
  try {
    parseParams(schema, input, t);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return { message: error.body.message, errors: error.errors };
    throw error;
  }
}

describe("Laravel-like coercion", () => {
  const Schema = z.object({ n: integer(), b: boolean() });
  test.each([
    [
      { n: 5, b: true },
      { n: 5, b: true },
    ],
    [
      { n: "5", b: "1" },
      { n: 5, b: true },
    ],
    [
      { n: "-12", b: "0" },
      { n: -12, b: false },
    ],
    [
      { n: "+7", b: "true" },
      { n: 7, b: true },
    ],
    [
      { n: 0, b: "false" },
      { n: 0, b: false },
    ],
    [
      { n: 1, b: 1 },
      { n: 1, b: true },
    ],
  ])("accepts %j as %j", (input, expected) => {
    expect(parseParams(Schema, input, en)).toEqual(expected);
  });

  test.each([
    [{ n: "5.5", b: true }, "n", "The n field must be an integer."],
    [{ n: 5.5, b: true }, "n", "The n field must be an integer."],
    [{ n: "abc", b: true }, "n", "The n field must be an integer."],
    [{ n: "1e3", b: true }, "n", "The n field must be an integer."],
    [{ n: true, b: true }, "n", "The n field must be an integer."],
    [{ n: 1, b: "yes" }, "b", "The b field must be true or false."],
    [{ n: 1, b: 2 }, "b", "The b field must be true or false."],
    [{ n: 1, b: "on" }, "b", "The b field must be true or false."],
  ])("refuses %j on %s", (input, key, message) => {
    expect(errorsOf(Schema, input)).toEqual({ message, errors: { [key]: [message] } });
  });

  test("a string of digits too large to be exact is not an integer", () => {
    expect(errorsOf(z.object({ n: integer() }), { n: "123456789012345678901234" })?.errors).toEqual({
      n: ["The n field must be an integer."],
    });
  });
});

describe("messages", () => {
  const Schema = z.object({
    contact_id: integer(),
    name: text().max(5),
    note: optional(text()),
  });

  test("every invalid field is listed, with Laravel's summary and attribute names", () => {
    expect(errorsOf(Schema, { name: "toolong" })).toEqual({
      message: "The contact id field is required. (and 1 more error)",
      errors: {
        contact_id: ["The contact id field is required."],
        name: ["The name field must not be greater than 5 characters."],
      },
    });
  });

  test("null is the same as absent for an optional field; a number is not a string", () => {
    expect(parseParams(Schema, { contact_id: 1, name: "a", note: null }, en)).toEqual({ contact_id: 1, name: "a" });
    expect(errorsOf(Schema, { contact_id: 1, name: 12 })?.errors).toEqual({ name: ["The name field must be a string."] });
  });

  test("Russian texts, same keys", () => {
    const result = errorsOf(Schema, {}, ru);
    expect(Object.keys(result!.errors)).toEqual(["contact_id", "name"]);
    expect(result!.errors.contact_id[0]).toBe("Поле contact id обязательно для заполнения.");
    expect(result!.message).toContain("(и ещё 1 ошибка)");
  });

  test("nested paths are dotted", () => {
    const Nested = z.object({ fields: z.array(z.object({ slug: text().max(3) })).min(1) });
    expect(errorsOf(Nested, { fields: [{ slug: "ok" }, { slug: "long" }] })?.errors).toEqual({
      "fields.1.slug": ["The fields.1.slug field must not be greater than 3 characters."],
    });
  });
});
