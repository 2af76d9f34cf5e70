import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { callApi, seedTenant, type Tenant } from "../../testing/tenants";
import { RESERVED_SLUGS_TEXT } from "../../lists/reserved-slugs";
import { createListId, field, keysInOrder, seedMemberProject } from "../../testing/lists";
import { reloadConfig } from "@/lib/core/config.mjs";

let database: Database;
let owner: Tenant;
beforeAll(async () => {
  delete process.env.PLATFORM_ENCRYPTION_KEY;
  reloadConfig();
  database = await createTestDatabase();
  owner = await seedTenant(database.db);
});
afterAll(async () => {
  await database?.close();
});

const NOT_FOUND = { message: "List not found.", error: "List not found.", errors: { schema_id: ["List not found."] } };
const FORBIDDEN = "The list belongs to a project of another account.";

async function schemaOf(tenant: Tenant, schemaId: string) {
  return callApi(database.db, "getListSchema", { key: tenant.key, params: { schema_id: schemaId } });
}

describe("addListSchemaField", () => {
  test("204 without a body; the field is appended at the end, integer-like slugs too; existing records unchanged", async () => {
    const id = await createListId(database.db, owner, [field("b"), field("a")]);
    const record = await callApi(database.db, "addListItem", { key: owner.key, params: { schema_id: id, item: { b: "1", a: "2" } } });
    const before = await queryRows<{ data: unknown; updated_at: string }>(
      database.db,
      sql`SELECT data, updated_at::text FROM platform.list_items WHERE id = ${record.body.data.id}::uuid`,
    );

    const answer = await callApi(database.db, "addListSchemaField", {
      key: owner.key,
      params: { schema_id: id, field: field("7", "money", { currency: "EUR", is_required: false }) },
    });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    const viaGet = await callApi(database.db, "addListSchemaField", {
      key: owner.key,
      verb: "GET",
      query: `schema_id=${id}&field[name]=Count&field[slug]=1&field[type]=number&field[is_hidden]=1`,
    });
    expect(viaGet.status).toBe(204);

    const schema = await schemaOf(owner, id);
    expect(keysInOrder(schema.text, ["data", "fields"])).toEqual(["b", "a", "7", "1"]);
    expect(schema.body.data.fields["7"]).toEqual({
      name: "Field 7",
      type: "money",
      currency: "EUR",
      is_required: false,
      is_hidden: false,
      is_encryptable: false,
    });
    expect(schema.body.data.fields["1"]).toEqual({ name: "Count", type: "number", is_required: true, is_hidden: true, is_encryptable: false });

    const after = await queryRows<{ data: unknown; updated_at: string }>(
      database.db,
      sql`SELECT data, updated_at::text FROM platform.list_items WHERE id = ${record.body.data.id}::uuid`,
    );
    expect(after).toEqual(before);
    const items = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    expect(items.body.data[0].values).toEqual({ b: "1", a: "2", 7: null, 1: null });
  });

  test("a new required field is required on the next addListItem, while old records stay as they are", async () => {
    const id = await createListId(database.db, owner, [field("a")]);
    await callApi(database.db, "addListItem", { key: owner.key, params: { schema_id: id, item: { a: "old" } } });
    expect((await callApi(database.db, "addListSchemaField", { key: owner.key, params: { schema_id: id, field: field("must") } })).status).toBe(204);
    const missing = await callApi(database.db, "addListItem", { key: owner.key, params: { schema_id: id, item: { a: "new" } } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ "item.must": ["The item.must field is required."] });
    // An old record can still be updated without it (partial update).
    const items = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    const update = await callApi(database.db, "updateListItem", { key: owner.key, params: { item_id: items.body.data[0].id, item: { a: "changed" } } });
    expect(update.status).toBe(200);
  });

  const cases: { rule: string; field: unknown; errors: Record<string, string[]> }[] = [
    { rule: "field is required", field: undefined, errors: { field: ["The field field is required."] } },
    { rule: "field must be an object", field: "x", errors: { field: ["The field field must be an object."] } },
    { rule: "field.name is required", field: { slug: "n", type: "string" }, errors: { "field.name": ["The field.name field is required."] } },
    { rule: "field.slug is required", field: { name: "N", type: "string" }, errors: { "field.slug": ["The field.slug field is required."] } },
    {
      rule: "field.slug charset",
      field: field("a.b"),
      errors: { "field.slug": ["The field.slug field must only contain letters, numbers, dashes, and underscores."] },
    },
    {
      rule: "field.slug at most 255",
      field: field("s".repeat(256), "string", { name: "S" }),
      errors: { "field.slug": ["The field.slug field must not be greater than 255 characters."] },
    },
    {
      rule: "field.slug reserved",
      field: field("created_at"),
      errors: { "field.slug": [`The field.slug is reserved; reserved slugs: ${RESERVED_SLUGS_TEXT}.`] },
    },
    { rule: "field.type one of the ten", field: field("t", "list"), errors: { "field.type": ["The selected field.type is invalid."] } },
    {
      rule: "field.currency required for money",
      field: field("m", "money"),
      errors: { "field.currency": ["The field.currency field is required when field.type is money."] },
    },
    {
      rule: "field.currency unknown",
      field: field("m", "money", { currency: "ZZZ" }),
      errors: { "field.currency": ["The selected field.currency is invalid."] },
    },
    {
      rule: "every error at once",
      field: { slug: "id", type: "money" },
      errors: {
        "field.name": ["The field.name field is required."],
        "field.slug": [`The field.slug is reserved; reserved slugs: ${RESERVED_SLUGS_TEXT}.`],
        "field.currency": ["The field.currency field is required when field.type is money."],
      },
    },
  ];

  test.each(cases)("422: $rule", async ({ field: input, errors }) => {
    const id = await createListId(database.db, owner, [field("a")]);
    const answer = await callApi(database.db, "addListSchemaField", { key: owner.key, params: { schema_id: id, field: input } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(errors);
    expect((await schemaOf(owner, id)).body.data.fields).toEqual({ a: expect.any(Object) });
  });

  test("422 on field.slug when the slug exists in the list", async () => {
    const id = await createListId(database.db, owner, [field("a"), field("10")]);
    for (const slug of ["a", "10"]) {
      const answer = await callApi(database.db, "addListSchemaField", { key: owner.key, params: { schema_id: id, field: field(slug, "number") } });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: "The field.slug has already been taken.", errors: { "field.slug": ["The field.slug has already been taken."] } });
    }
  });

  test("422 on field.is_encryptable without PLATFORM_ENCRYPTION_KEY", async () => {
    const id = await createListId(database.db, owner, [field("a")]);
    const answer = await callApi(database.db, "addListSchemaField", {
      key: owner.key,
      params: { schema_id: id, field: field("s", "string", { is_encryptable: true }) },
    });
    const text = "Encrypted fields are unavailable: the server has no encryption key (PLATFORM_ENCRYPTION_KEY).";
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: text, errors: { "field.is_encryptable": [text] } });
  });

  test("404 for a missing list; 403 for another account's list and a member project's list", async () => {
    const missing = await callApi(database.db, "addListSchemaField", { key: owner.key, params: { schema_id: randomUUID(), field: field("x") } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(NOT_FOUND);
    const other = await seedTenant(database.db);
    const foreign = await createListId(database.db, other, [field("a")]);
    const member = await seedMemberProject(database.db, owner);
    const [{ id: memberList }] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO platform.list_schemas (project_uuid, name) VALUES (${member.projectUuid}::uuid, 'Team list') RETURNING id::text AS id`,
    );
    for (const schema_id of [foreign, memberList]) {
      const answer = await callApi(database.db, "addListSchemaField", { key: owner.key, params: { schema_id, field: field("x") } });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: FORBIDDEN, message: FORBIDDEN });
    }
    expect(Object.keys((await schemaOf(other, foreign)).body.data.fields)).toEqual(["a"]);
  });

  test("concurrent adds get distinct positions, in a stable order", async () => {
    const id = await createListId(database.db, owner, [field("a")]);
    const answers = await Promise.all(
      ["p", "q", "r", "s"].map((slug) => callApi(database.db, "addListSchemaField", { key: owner.key, params: { schema_id: id, field: field(slug) } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204]);
    const positions = await queryRows<{ position: number }>(
      database.db,
      sql`SELECT position FROM platform.list_fields WHERE schema_id = ${id}::uuid ORDER BY position`,
    );
    expect(positions.map((row) => Number(row.position))).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("deleteListSchemaField", () => {
  test("204; the field leaves the list and its values are erased in every record, other fields and lists untouched", async () => {
    const id = await createListId(database.db, owner, [
      field("keep"),
      field("gone", "string", { is_required: false }),
      field("10", "number", { is_required: false }),
    ]);
    const otherList = await createListId(database.db, owner, [field("gone")]);
    for (let i = 0; i < 5; i++) {
      const item = i % 2 === 0 ? { keep: `k${i}`, gone: `g${i}`, 10: i } : { keep: `k${i}` };
      expect((await callApi(database.db, "addListItem", { key: owner.key, params: { schema_id: id, item } })).status).toBe(201);
    }
    await callApi(database.db, "addListItem", { key: owner.key, params: { schema_id: otherList, item: { gone: "stays" } } });

    const answer = await callApi(database.db, "deleteListSchemaField", { key: owner.key, verb: "GET", params: { schema_id: id, slug: "gone" } });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");

    expect(keysInOrder((await schemaOf(owner, id)).text, ["data", "fields"])).toEqual(["keep", "10"]);
    const rows = await queryRows<{ data: Record<string, unknown> }>(database.db, sql`SELECT data FROM platform.list_items WHERE schema_id = ${id}::uuid`);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const data = typeof row.data === "string" ? JSON.parse(row.data) : row.data;
      expect(Object.keys(data)).not.toContain("gone");
      expect(data.keep).toMatch(/^k\d$/);
    }
    const [{ withKey }] = await queryRows<{ withKey: number }>(
      database.db,
      sql`SELECT count(*)::int AS "withKey" FROM platform.list_items WHERE schema_id = ${id}::uuid AND data ? 'gone'`,
    );
    expect(withKey).toBe(0);
    const [{ numbers }] = await queryRows<{ numbers: number }>(
      database.db,
      sql`SELECT count(*)::int AS numbers FROM platform.list_items WHERE schema_id = ${id}::uuid AND data ? '10'`,
    );
    expect(numbers).toBe(3);
    const other = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: otherList } });
    expect(other.body.data[0].values).toEqual({ gone: "stays" });

    // Not restorable: a new field with the same slug starts empty everywhere.
    expect(
      (await callApi(database.db, "addListSchemaField", { key: owner.key, params: { schema_id: id, field: field("gone", "string", { is_required: false }) } }))
        .status,
    ).toBe(204);
    const items = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    expect(items.body.data.map((item: { values: Record<string, unknown> }) => item.values.gone)).toEqual([null, null, null, null, null]);
  });

  test.each([
    { case: "a slug the list does not have", slug: "nope" },
    { case: "a reserved slug", slug: "id" },
    { case: "a malformed slug", slug: "a b" },
  ])("422 on slug 'Field not found' for $case", async ({ slug }) => {
    const id = await createListId(database.db, owner, [field("a")]);
    const answer = await callApi(database.db, "deleteListSchemaField", { key: owner.key, params: { schema_id: id, slug } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: "Field not found", errors: { slug: ["Field not found"] } });
  });

  test("422 when slug or schema_id is missing", async () => {
    const answer = await callApi(database.db, "deleteListSchemaField", { key: owner.key, params: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ schema_id: ["The schema id field is required."], slug: ["The slug field is required."] });
  });

  test("404 for a missing list, 403 for another account's", async () => {
    const missing = await callApi(database.db, "deleteListSchemaField", { key: owner.key, params: { schema_id: randomUUID(), slug: "a" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(NOT_FOUND);
    const other = await seedTenant(database.db);
    const foreign = await createListId(database.db, other, [field("a"), field("b")]);
    const answer = await callApi(database.db, "deleteListSchemaField", { key: owner.key, params: { schema_id: foreign, slug: "b" } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: FORBIDDEN, message: FORBIDDEN });
    expect(Object.keys((await schemaOf(other, foreign)).body.data.fields)).toEqual(["a", "b"]);
  });

  test("a field change moves the list's updated_at, never created_at", async () => {
    const id = await createListId(database.db, owner, [field("a"), field("b")]);
    await database.db.execute(
      sql`UPDATE platform.list_schemas SET created_at = now() - interval '1 day', updated_at = now() - interval '1 day' WHERE id = ${id}::uuid`,
    );
    const before = (await schemaOf(owner, id)).body.data;
    await callApi(database.db, "deleteListSchemaField", { key: owner.key, params: { schema_id: id, slug: "b" } });
    const after = (await schemaOf(owner, id)).body.data;
    expect(after.created_at).toBe(before.created_at);
    expect(after.updated_at > before.updated_at).toBe(true);
  });
});
