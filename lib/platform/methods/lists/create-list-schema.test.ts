import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { applyFixtures } from "../../operator/fixtures";
import { callApi, seedTenant, uniqueId, type Tenant } from "../../testing/tenants";
import { RESERVED_SLUGS } from "@/lib/contract/reserved-slugs";
import { RESERVED_SLUGS_TEXT } from "../../lists/reserved-slugs";
import { createList, field, keysInOrder, seedMemberProject } from "../../testing/lists";
import { reloadConfig } from "@/lib/core/config.mjs";

let database: Database;
let tenant: Tenant;
beforeAll(async () => {
  delete process.env.PLATFORM_ENCRYPTION_KEY;
  reloadConfig();
  database = await createTestDatabase();
  tenant = await seedTenant(database.db);
});
afterAll(async () => {
  await database?.close();
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const reserved = (key: string) => `The ${key} is reserved; reserved slugs: ${RESERVED_SLUGS_TEXT}.`;

describe("createListSchema: success", () => {
  test("creates a list in a project: 201, the spec's object, defaults, bot_id null, money defaults to USD", async () => {
    const answer = await createList(
      database.db,
      tenant,
      [field("title"), field("price", "money"), field("eur", "money", { currency: "EUR", is_required: false, is_hidden: true, is_encryptable: false })],
      { name: "Products", is_menu: true },
    );
    expect(answer.status).toBe(201);
    const data = answer.body.data;
    expect(Object.keys(data)).toEqual(["id", "fields", "name", "bot_id", "project", "is_menu", "created_at", "updated_at"]);
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fields: {
        title: { name: "Field title", type: "string", is_required: true, is_hidden: false, is_encryptable: false },
        price: { name: "Field price", type: "money", currency: "USD", is_required: true, is_hidden: false, is_encryptable: false },
        eur: { name: "Field eur", type: "money", currency: "EUR", is_required: false, is_hidden: true, is_encryptable: false },
      },
      name: "Products",
      bot_id: null,
      project: tenant.projectUuid,
      is_menu: true,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    // Definition keys in the spec's order; currency only on money.
    expect(Object.keys(data.fields.price)).toEqual(["name", "type", "currency", "is_required", "is_hidden", "is_encryptable"]);
    expect(Object.keys(data.fields.title)).toEqual(["name", "type", "is_required", "is_hidden", "is_encryptable"]);
  });

  test("a currency sent for a non-money field is not kept", async () => {
    const answer = await createList(database.db, tenant, [field("a", "string", { currency: "EUR" })]);
    expect(answer.status).toBe(201);
    expect(answer.body.data.fields.a).toEqual({ name: "Field a", type: "string", is_required: true, is_hidden: false, is_encryptable: false });
  });

  test("by bot: the list goes to the bot's project and carries bot_id", async () => {
    const answer = await callApi(database.db, "createListSchema", {
      key: tenant.key,
      params: { name: "By bot", bot_id: tenant.botId, fields: [field("a")] },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ bot_id: tenant.botId, project: tenant.projectUuid });
  });

  test("bot wins when both are sent, even over a project that does not exist or is another account's", async () => {
    const other = await seedTenant(database.db);
    for (const project_uuid of [other.projectUuid, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const answer = await callApi(database.db, "createListSchema", {
        key: tenant.key,
        params: { name: "Both", project_uuid, bot_id: String(tenant.botId), fields: [field("a")] },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({ bot_id: tenant.botId, project: tenant.projectUuid });
    }
  });

  test("fields keep the order sent, integer-like slugs included (response text, getListSchema, getListSchemas)", async () => {
    const owner = await seedTenant(database.db);
    const slugs = ["b", "10", "a", "2", "z-1", "0", "_x"];
    const answer = await createList(
      database.db,
      owner,
      slugs.map((slug) => field(slug)),
    );
    expect(answer.status).toBe(201);
    expect(keysInOrder(answer.text, ["data", "fields"])).toEqual(slugs);
    const one = await callApi(database.db, "getListSchema", { key: owner.key, params: { schema_id: answer.body.data.id } });
    expect(keysInOrder(one.text, ["data", "fields"])).toEqual(slugs);
    const all = await callApi(database.db, "getListSchemas", { key: owner.key, verb: "GET" });
    expect(keysInOrder(all.text, ["data", 0, "fields"])).toEqual(slugs);
    const rows = await queryRows<{ slug: string; position: number }>(
      database.db,
      sql`SELECT slug, position FROM platform.list_fields WHERE schema_id = ${answer.body.data.id}::uuid ORDER BY position`,
    );
    expect(rows.map((row) => [row.slug, Number(row.position)])).toEqual(slugs.map((slug, index) => [slug, index]));
  });

  test("GET with bracket notation fields[0][name]… works, booleans as 0/1", async () => {
    const query = [
      "name=Via+GET",
      `project_uuid=${tenant.projectUuid}`,
      "fields[0][name]=First",
      "fields[0][slug]=first",
      "fields[0][type]=number",
      "fields[0][is_required]=0",
      "fields[1][name]=Second",
      "fields[1][slug]=10",
      "fields[1][type]=money",
      "fields[1][currency]=GBP",
      "fields[1][is_hidden]=1",
      "is_menu=false",
    ].join("&");
    const answer = await callApi(database.db, "createListSchema", { key: tenant.key, verb: "GET", query });
    expect(answer.status).toBe(201);
    expect(keysInOrder(answer.text, ["data", "fields"])).toEqual(["first", "10"]);
    expect(answer.body.data).toMatchObject({
      name: "Via GET",
      is_menu: false,
      fields: {
        first: { name: "First", type: "number", is_required: false, is_hidden: false, is_encryptable: false },
        10: { name: "Second", type: "money", currency: "GBP", is_required: true, is_hidden: true, is_encryptable: false },
      },
    });
  });

  test("urlencoded and multipart forms work like JSON", async () => {
    for (const form of ["urlencoded", "multipart"] as const) {
      const answer = await callApi(database.db, "createListSchema", {
        key: tenant.key,
        form,
        params: { name: `Form ${form}`, project_uuid: tenant.projectUuid, fields: [field("x", "bool", { is_encryptable: "0" })] },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data.fields.x).toEqual({ name: "Field x", type: "bool", is_required: true, is_hidden: false, is_encryptable: false });
    }
  });

  test("30 fields are accepted; every type is accepted", async () => {
    const types = ["string", "number", "bool", "date", "datetime", "money", "file", "image", "contact", "bot"];
    const fields = Array.from({ length: 30 }, (_, index) => field(`f${index}`, types[index % types.length]));
    const answer = await createList(database.db, tenant, fields);
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body.data.fields)).toHaveLength(30);
  });
});

describe("createListSchema: 422, each error on its dotted key", () => {
  const base = () => ({ name: "L", project_uuid: tenant.projectUuid, fields: [field("a")] });
  const cases: { rule: string; params: () => Record<string, unknown>; errors: Record<string, string[]> }[] = [
    { rule: "name is required", params: () => ({ ...base(), name: undefined }), errors: { name: ["The name field is required."] } },
    { rule: "name empty is required", params: () => ({ ...base(), name: "  " }), errors: { name: ["The name field is required."] } },
    {
      rule: "name at most 255",
      params: () => ({ ...base(), name: "n".repeat(256) }),
      errors: { name: ["The name field must not be greater than 255 characters."] },
    },
    { rule: "name must be a string", params: () => ({ ...base(), name: 5 }), errors: { name: ["The name field must be a string."] } },
    {
      rule: "project_uuid or bot_id is required",
      params: () => ({ ...base(), project_uuid: undefined }),
      errors: {
        project_uuid: ["The project uuid field is required when bot id is not present."],
        bot_id: ["The bot id field is required when project uuid is not present."],
      },
    },
    { rule: "bot_id must be an integer", params: () => ({ ...base(), bot_id: "abc" }), errors: { bot_id: ["The bot id field must be an integer."] } },
    { rule: "fields is required", params: () => ({ ...base(), fields: undefined }), errors: { fields: ["The fields field is required."] } },
    { rule: "fields empty is required", params: () => ({ ...base(), fields: [] }), errors: { fields: ["The fields field is required."] } },
    { rule: "fields must be an array", params: () => ({ ...base(), fields: "abc" }), errors: { fields: ["The fields field must be an array."] } },
    {
      rule: "at most 30 fields",
      params: () => ({ ...base(), fields: Array.from({ length: 31 }, (_, i) => field(`f${i}`)) }),
      errors: { fields: ["The fields field must not have more than 30 items."] },
    },
    {
      rule: "fields.N.name is required",
      params: () => ({ ...base(), fields: [field("a"), { slug: "b", type: "string" }] }),
      errors: { "fields.1.name": ["The fields.1.name field is required."] },
    },
    {
      rule: "fields.N.name at most 255",
      params: () => ({ ...base(), fields: [field("a", "string", { name: "n".repeat(256) })] }),
      errors: { "fields.0.name": ["The fields.0.name field must not be greater than 255 characters."] },
    },
    {
      rule: "fields.N.slug is required",
      params: () => ({ ...base(), fields: [{ name: "A", type: "string" }] }),
      errors: { "fields.0.slug": ["The fields.0.slug field is required."] },
    },
    {
      rule: "fields.N.slug letters, digits, - and _",
      params: () => ({ ...base(), fields: [field("a b")] }),
      errors: { "fields.0.slug": ["The fields.0.slug field must only contain letters, numbers, dashes, and underscores."] },
    },
    {
      rule: "fields.N.slug: non-ASCII letters are not allowed",
      params: () => ({ ...base(), fields: [field("цена")] }),
      errors: { "fields.0.slug": ["The fields.0.slug field must only contain letters, numbers, dashes, and underscores."] },
    },
    {
      rule: "fields.N.slug at most 255",
      params: () => ({ ...base(), fields: [field("s".repeat(256), "string", { name: "S" })] }),
      errors: { "fields.0.slug": ["The fields.0.slug field must not be greater than 255 characters."] },
    },
    {
      rule: "fields.N.slug unique within the list (the repeat carries the error)",
      params: () => ({ ...base(), fields: [field("a"), field("b"), field("a"), field("a")] }),
      errors: { "fields.2.slug": ["The fields.2.slug field has a duplicate value."], "fields.3.slug": ["The fields.3.slug field has a duplicate value."] },
    },
    {
      rule: "fields.N.slug reserved, any case",
      params: () => ({ ...base(), fields: [field("ok"), field("ID")] }),
      errors: { "fields.1.slug": [reserved("fields.1.slug")] },
    },
    {
      rule: "fields.N.type is required",
      params: () => ({ ...base(), fields: [{ name: "A", slug: "a" }] }),
      errors: { "fields.0.type": ["The fields.0.type field is required."] },
    },
    {
      rule: "fields.N.type one of the ten",
      params: () => ({ ...base(), fields: [field("a", "text")] }),
      errors: { "fields.0.type": ["The selected fields.0.type is invalid."] },
    },
    {
      rule: "fields.N.currency unknown",
      params: () => ({ ...base(), fields: [field("a", "money", { currency: "XYZ" })] }),
      errors: { "fields.0.currency": ["The selected fields.0.currency is invalid."] },
    },
    {
      rule: "fields.N.currency lowercase",
      params: () => ({ ...base(), fields: [field("a", "money", { currency: "usd" })] }),
      errors: { "fields.0.currency": ["The selected fields.0.currency is invalid."] },
    },
    {
      rule: "fields.N.is_required boolean",
      params: () => ({ ...base(), fields: [field("a", "string", { is_required: "maybe" })] }),
      errors: { "fields.0.is_required": ["The fields.0.is required field must be true or false."] },
    },
    {
      rule: "fields.N.is_hidden boolean",
      params: () => ({ ...base(), fields: [field("a", "string", { is_hidden: 2 })] }),
      errors: { "fields.0.is_hidden": ["The fields.0.is hidden field must be true or false."] },
    },
    { rule: "fields.N must be an object", params: () => ({ ...base(), fields: ["abc"] }), errors: { "fields.0": ["The fields.0 field must be an object."] } },
    { rule: "is_menu boolean", params: () => ({ ...base(), is_menu: "yes" }), errors: { is_menu: ["The is menu field must be true or false."] } },
    {
      rule: "bot_id that does not exist",
      params: () => ({ ...base(), project_uuid: undefined, bot_id: 999_999_999_999 }),
      errors: { bot_id: ["The selected bot id is invalid."] },
    },
    {
      rule: "project_uuid that does not exist",
      params: () => ({ ...base(), project_uuid: "00000000-0000-4000-8000-000000000001" }),
      errors: { project_uuid: ["The selected project uuid is invalid."] },
    },
    {
      rule: "project_uuid that is not a UUID",
      params: () => ({ ...base(), project_uuid: "nope" }),
      errors: { project_uuid: ["The selected project uuid is invalid."] },
    },
    {
      rule: "every invalid field at once, in parameter order, a missing bot among them",
      params: () => ({ name: undefined, bot_id: 999_999_999_998, fields: [{ name: "A", slug: "id", type: "x" }, field("b", "money", { currency: "ABC" })] }),
      errors: {
        name: ["The name field is required."],
        bot_id: ["The selected bot id is invalid."],
        "fields.0.slug": [reserved("fields.0.slug")],
        "fields.0.type": ["The selected fields.0.type is invalid."],
        "fields.1.currency": ["The selected fields.1.currency is invalid."],
      },
    },
  ];

  test.each(cases)("$rule", async ({ params, errors }) => {
    const answer = await callApi(database.db, "createListSchema", { key: tenant.key, params: params() });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(errors);
    expect(Object.keys(answer.body.errors)).toEqual(Object.keys(errors));
    const messages = Object.values(errors).flat();
    const more = messages.length - 1;
    expect(answer.body).toEqual({
      message: more === 0 ? messages[0] : `${messages[0]} (and ${more} more error${more === 1 ? "" : "s"})`,
      errors,
    });
  });

  test.each(RESERVED_SLUGS.map((slug) => ({ slug })))("reserved slug $slug is refused on fields.N.slug, the list in the text", async ({ slug }) => {
    const answer = await callApi(database.db, "createListSchema", { key: tenant.key, params: { ...base(), fields: [field("ok"), field(slug)] } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ "fields.1.slug": [reserved("fields.1.slug")] });
  });

  test("a deleted bot counts as not existing: 422", async () => {
    const botId = uniqueId();
    await applyFixtures(database.db, { bots: [{ id: botId, project_uuid: tenant.projectUuid, deleted: true }] });
    const answer = await callApi(database.db, "createListSchema", { key: tenant.key, params: { name: "L", bot_id: botId, fields: [field("a")] } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: "The selected bot id is invalid.", errors: { bot_id: ["The selected bot id is invalid."] } });
  });

  test("an encryptable field without PLATFORM_ENCRYPTION_KEY: 422 on fields.N.is_encryptable", async () => {
    const text = "Encrypted fields are unavailable: the server has no encryption key (PLATFORM_ENCRYPTION_KEY).";
    const answer = await createList(database.db, tenant, [field("a"), field("secret", "string", { is_encryptable: true })]);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: text, errors: { "fields.1.is_encryptable": [text] } });
  });

  test("texts follow Accept-Language (ru)", async () => {
    const answer = await callApi(database.db, "createListSchema", {
      key: tenant.key,
      headers: { "accept-language": "ru" },
      params: { ...base(), fields: [field("id")] },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ "fields.0.slug": [`Значение fields.0.slug зарезервировано; зарезервированные слаги: ${RESERVED_SLUGS_TEXT}.`] });
  });

  test("no list is stored when validation fails", async () => {
    const owner = await seedTenant(database.db);
    await createList(database.db, owner, [field("id")]);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM platform.list_schemas WHERE project_uuid = ${owner.projectUuid}::uuid`,
    );
    expect(row.n).toBe(0);
  });
});

describe("createListSchema: 403", () => {
  const projectText = "The project belongs to another account.";
  const botText = "The bot belongs to a project of another account.";

  test("another account's project and bot", async () => {
    const other = await seedTenant(database.db);
    const byProject = await callApi(database.db, "createListSchema", {
      key: tenant.key,
      params: { name: "L", project_uuid: other.projectUuid, fields: [field("a")] },
    });
    expect(byProject.status).toBe(403);
    expect(byProject.body).toEqual({ error: projectText, message: projectText });
    const byBot = await callApi(database.db, "createListSchema", { key: tenant.key, params: { name: "L", bot_id: other.botId, fields: [field("a")] } });
    expect(byBot.status).toBe(403);
    expect(byBot.body).toEqual({ error: botText, message: botText });
  });

  test("a project (and its bot) the holder joined as a team member", async () => {
    const member = await seedMemberProject(database.db, tenant);
    const byProject = await callApi(database.db, "createListSchema", {
      key: tenant.key,
      params: { name: "L", project_uuid: member.projectUuid, fields: [field("a")] },
    });
    expect(byProject.status).toBe(403);
    expect(byProject.body).toEqual({ error: projectText, message: projectText });
    const byBot = await callApi(database.db, "createListSchema", { key: tenant.key, params: { name: "L", bot_id: member.botId, fields: [field("a")] } });
    expect(byBot.status).toBe(403);
    expect(byBot.body).toEqual({ error: botText, message: botText });
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM platform.list_schemas WHERE project_uuid = ${member.projectUuid}::uuid`,
    );
    expect(row.n).toBe(0);
  });

  test("validation errors come before the 403", async () => {
    const other = await seedTenant(database.db);
    const answer = await callApi(database.db, "createListSchema", {
      key: tenant.key,
      params: { name: "L", project_uuid: other.projectUuid, fields: [field("id")] },
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(["fields.0.slug"]);
  });
});
