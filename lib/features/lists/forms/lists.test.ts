import { describe, expect, test } from "vitest";
import { RESERVED_SLUGS } from "@/lib/contract/reserved-slugs";
import { SlugSchema as PlatformSlugSchema } from "@/lib/platform/lists/field-definition";
import {
  AddFieldFormSchema,
  CreateListFormSchema,
  DeleteFieldFormSchema,
  DeleteListFormSchema,
  FieldSlugSchema,
  toCreateListRequest,
  type CreateListFormInput,
  type ListFieldFormInput,
} from "./lists";
import { addFieldErrorPath, createListErrorPath } from "./list-fields";
import { RESERVED_SLUGS_TEXT } from "@/lib/i18n/messages/lists";
import { placeErrors } from "@/lib/core/actions/server-errors";

const field = (overrides: Partial<ListFieldFormInput> = {}): ListFieldFormInput => ({
  name: "Title",
  slug: "title",
  type: "string",
  currency: "USD",
  is_required: true,
  is_hidden: false,
  is_encryptable: false,
  slugFollowsName: true,
  ...overrides,
});

const PROJECT = "6f1b8a2e-3c4d-4e5f-8a9b-000000000001";
const form = (overrides: Partial<CreateListFormInput> = {}): CreateListFormInput => ({
  name: "Orders",
  targetKind: "project",
  projectUuid: PROJECT,
  botId: "",
  fields: [field()],
  ...overrides,
});

/** Issues as {dotted path: message}, the shape the form shows them in. */
function issuesOf(input: unknown): Record<string, string> {
  const result = CreateListFormSchema.safeParse(input);
  if (result.success) return {};
  const issues: Record<string, string> = {};
  // The form shows the first issue of each input.
  for (const issue of result.error.issues) issues[issue.path.join(".")] ??= issue.message;
  return issues;
}

describe("copies of the platform's rules", () => {
  test("the designer's message names every reserved slug of the contract", () => {
    // The messages import no domain code, so they spell them out.
    expect(RESERVED_SLUGS_TEXT).toBe(RESERVED_SLUGS.join(", "));
  });

  test.each([
    "title",
    "Title",
    "a-b_c",
    "0",
    "x".repeat(255),
    "x".repeat(256),
    "",
    "a b",
    "a.b",
    "цена",
    "é",
    "a/b",
    "id",
    "ID",
    "Created_At",
    "project",
    "project_uuid",
    "bot_id",
    "deleted_at",
    "ids",
    "my_id",
  ])("slug %j: the form and the platform agree on whether it is valid", (slug) => {
    expect(FieldSlugSchema.safeParse(slug).success).toBe(PlatformSlugSchema.safeParse(slug).success);
  });
});

describe("designer form schema", () => {
  test("a valid form parses; the request carries only the chosen target and no UI state", () => {
    const parsed = CreateListFormSchema.parse(
      form({ fields: [field(), field({ name: "Price", slug: "price", type: "money", currency: "EUR", is_required: false })] }),
    );
    expect(toCreateListRequest(parsed)).toEqual({
      name: "Orders",
      project_uuid: PROJECT,
      fields: [
        { name: "Title", slug: "title", type: "string", is_required: true, is_hidden: false, is_encryptable: false },
        { name: "Price", slug: "price", type: "money", currency: "EUR", is_required: false, is_hidden: false, is_encryptable: false },
      ],
    });
  });

  test("a bot target sends bot_id as a number and no project_uuid", () => {
    const parsed = CreateListFormSchema.parse(form({ targetKind: "bot", botId: "102", projectUuid: PROJECT }));
    const request = toCreateListRequest(parsed);
    expect(request.bot_id).toBe(102);
    expect("project_uuid" in request).toBe(false);
  });

  test.each<[string, CreateListFormInput, Record<string, string>]>([
    ["name required", form({ name: "  " }), { name: "form.required" }],
    ["name at most 255", form({ name: "n".repeat(256) }), { name: "lists.form.too_long" }],
    ["name of 255 is fine", form({ name: "n".repeat(255) }), {}],
    ["slug required", form({ fields: [field({ slug: "" })] }), { "fields.0.slug": "form.required" }],
    ["slug charset", form({ fields: [field({ slug: "цена" })] }), { "fields.0.slug": "lists.form.slug_charset" }],
    ["slug with a space", form({ fields: [field({ slug: "a b" })] }), { "fields.0.slug": "lists.form.slug_charset" }],
    ["slug at most 255", form({ fields: [field({ slug: "s".repeat(256) })] }), { "fields.0.slug": "lists.form.too_long" }],
    ["reserved slug", form({ fields: [field({ slug: "created_at" })] }), { "fields.0.slug": "lists.form.slug_reserved" }],
    ["reserved slug in another case", form({ fields: [field({ slug: "ID" })] }), { "fields.0.slug": "lists.form.slug_reserved" }],
    [
      "a repeated slug is an error on the later row",
      form({ fields: [field({ slug: "a" }), field({ slug: "b" }), field({ slug: "a" })] }),
      { "fields.2.slug": "lists.form.slug_duplicate" },
    ],
    ["slugs are case-sensitive (Name and name are two)", form({ fields: [field({ slug: "Name" }), field({ slug: "name" })] }), {}],
    ["at least one field", form({ fields: [] }), { fields: "lists.form.fields_min" }],
    ["at most 30 fields", form({ fields: Array.from({ length: 31 }, (_, i) => field({ slug: `f${i}` })) }), { fields: "lists.form.fields_max" }],
    ["30 fields are fine", form({ fields: Array.from({ length: 30 }, (_, i) => field({ slug: `f${i}` })) }), {}],
    ["money needs a currency", form({ fields: [field({ type: "money", currency: "" })] }), { "fields.0.currency": "lists.form.currency_required" }],
    ["money needs a known currency", form({ fields: [field({ type: "money", currency: "XYZ" })] }), { "fields.0.currency": "lists.form.currency_unknown" }],
    [
      "a currency in lower case is not a code",
      form({ fields: [field({ type: "money", currency: "eur" })] }),
      { "fields.0.currency": "lists.form.currency_unknown" },
    ],
    ["another type ignores the currency", form({ fields: [field({ type: "number", currency: "" })] }), {}],
    ["unknown type", form({ fields: [field({ type: "colour" as never })] }), { "fields.0.type": "lists.form.type" }],
    ["project required", form({ projectUuid: "" }), { projectUuid: "lists.form.project_required" }],
    ["project must be a UUID", form({ projectUuid: "not-a-uuid" }), { projectUuid: "lists.form.project_uuid" }],
    ["bot required", form({ targetKind: "bot", botId: "" }), { botId: "lists.form.bot_required" }],
    ["bot id is a whole number", form({ targetKind: "bot", botId: "12a" }), { botId: "lists.form.bot_id" }],
    ["bot id 0 is refused", form({ targetKind: "bot", botId: "0" }), { botId: "lists.form.bot_id" }],
  ])("%s", (_title, input, expected) => {
    expect(issuesOf(input)).toEqual(expected);
  });

  test("several errors at once, each on its own input", () => {
    expect(
      issuesOf(form({ name: "", fields: [field({ slug: "id" }), field({ name: "", slug: "x" }), field({ slug: "x", type: "money", currency: "" })] })),
    ).toEqual({
      name: "form.required",
      "fields.0.slug": "lists.form.slug_reserved",
      "fields.1.name": "form.required",
      "fields.2.currency": "lists.form.currency_required",
      "fields.2.slug": "lists.form.slug_duplicate",
    });
  });
});

describe("add field, delete field, delete list schemas", () => {
  test("addListSchemaField: money without a currency is refused on field.currency", () => {
    const result = AddFieldFormSchema.safeParse({ schemaId: "s", field: { name: "Price", slug: "price", type: "money" } });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["field.currency", "lists.form.currency_required"]]);
  });

  test("addListSchemaField: the field is sent with its defaults, currency only for money", () => {
    expect(AddFieldFormSchema.parse({ schemaId: "s", field: { name: "Note", slug: "note", type: "string", currency: "USD" } })).toEqual({
      schemaId: "s",
      field: { name: "Note", slug: "note", type: "string", is_required: true, is_hidden: false, is_encryptable: false },
    });
  });

  test("deleting a field needs its slug typed exactly", () => {
    expect(DeleteFieldFormSchema.safeParse({ schemaId: "s", slug: "price", confirmation: "price" }).success).toBe(true);
    const wrong = DeleteFieldFormSchema.safeParse({ schemaId: "s", slug: "price", confirmation: "Price" });
    expect(wrong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["confirmation", "lists.form.confirm_slug"]]);
  });

  test("deleting a list needs its name typed (surrounding spaces do not matter)", () => {
    expect(DeleteListFormSchema.safeParse({ schemaId: "s", name: "Orders", confirmation: " Orders " }).success).toBe(true);
    expect(DeleteListFormSchema.safeParse({ schemaId: "s", name: "Orders", confirmation: "orders" }).success).toBe(false);
  });
});

describe("server errors land where they belong", () => {
  test.each([
    ["name", "name"],
    ["project_uuid", "projectUuid"],
    ["projectUuid", "projectUuid"],
    ["bot_id", "botId"],
    ["fields", "fields.root"],
    ["fields.3.slug", "fields.3.slug"],
    ["fields.0.currency", "fields.0.currency"],
    ["fields.12.is_encryptable", "fields.12.is_encryptable"],
    ["fields.3.colour", null],
    ["is_menu", null],
    ["schema_id", null],
    ["_form", null],
  ])("createListSchema key %s → form path %s", (key, path) => {
    expect(createListErrorPath(key)).toBe(path);
  });

  test.each([
    ["field.slug", "field.slug"],
    ["field.currency", "field.currency"],
    ["schema_id", null],
    ["slug", null],
  ])("addListSchemaField key %s → form path %s", (key, path) => {
    expect(addFieldErrorPath(key)).toBe(path);
  });

  test("placed errors go on their inputs, the rest to the top, nothing is dropped", () => {
    expect(placeErrors({ "fields.3.slug": ["The fields.3.slug is reserved."], schema_id: ["List not found."], name: ["a", "b"] }, createListErrorPath)).toEqual(
      {
        placed: [
          { path: "fields.3.slug", message: "The fields.3.slug is reserved." },
          { path: "name", message: "a b" },
        ],
        unplaced: ["List not found."],
      },
    );
  });
});
