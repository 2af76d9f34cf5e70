import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { checkedApiRequest } from "./testing/contract-check";
import { translator } from "./i18n";
import { applyFixtures } from "./operator/fixtures";
import { handleFixturesRequest } from "./operator/routes";
import { normalizeInput, readParams } from "./request-params";
import { createListId, field } from "./testing/lists";
import { BASE_URL, callApi, seedTenant, uniqueId, type Tenant } from "./testing/tenants";

/**
 * Bodies built to break the server: nesting deep enough to overflow a recursive
 * walk, U+0000 (which PostgreSQL refuses in text), and keys that mean something
 * to JavaScript objects. Each gets the spec's error shape, never a 5xx, and
 * changes nothing.
 */
let database: Database;
let tenant: Tenant;
beforeAll(async () => {
  database = await createTestDatabase();
  tenant = await seedTenant(database.db);
});
afterAll(async () => {
  await database?.close();
});

const DEPTH = 10_000;
const TOO_DEEP = "The request parameters are nested deeper than 32 levels.";

async function send(method: string, init: { query?: string; body?: string; contentType?: string; key?: string }) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.contentType) headers["content-type"] = init.contentType;
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  const url = `${BASE_URL}/api/v1/${method}${init.query ? `?${init.query}` : ""}`;
  const request = new Request(url, { method: init.body === undefined ? "GET" : "POST", headers, body: init.body });
  const response = await checkedApiRequest(database.db, request, method);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function count(table: "list_schemas" | "list_fields" | "contacts" | "key_holders", where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(`platform.${table}`)} WHERE ${where}`);
  return row.n;
}

describe("deep nesting", () => {
  test("depth: a JSON body nested 10,000 levels is a 400 in the error shape, before authentication, and creates nothing", async () => {
    const before = await count("list_schemas");
    const deep = `{"name":"Deep","project_uuid":"${tenant.projectUuid}","fields":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}`;
    for (const key of [undefined, tenant.key]) {
      const answer = await send("createListSchema", { body: deep, contentType: "application/json", key });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: TOO_DEEP, error: TOO_DEEP });
    }
    const objects = `{"a":${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}}`;
    expect((await send("getMe", { body: objects, contentType: "application/json", key: tenant.key })).status).toBe(400);
    expect(await count("list_schemas")).toBe(before);
  });

  test("depth: 10,000 levels of qs brackets in a query string, an urlencoded and a multipart body are a 400 too", async () => {
    const brackets = `fields${"[a]".repeat(DEPTH)}=x`;
    const viaQuery = await send("getMe", { query: brackets, key: tenant.key });
    const viaForm = await send("getMe", { body: brackets, contentType: "application/x-www-form-urlencoded", key: tenant.key });
    const form = new FormData();
    form.append(`fields${"[a]".repeat(DEPTH)}`, "x");
    const multipartRequest = new Request(`${BASE_URL}/api/v1/getMe`, { method: "POST", headers: { accept: "application/json" }, body: form });
    const viaMultipart = await checkedApiRequest(database.db, multipartRequest, "getMe");
    for (const answer of [viaQuery, viaForm, { status: viaMultipart.status, body: await viaMultipart.json() }]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: TOO_DEEP, error: TOO_DEEP });
    }
  });

  test("depth: up to 32 levels are read as before", async () => {
    const nested = `${'{"a":'.repeat(31)}1${"}".repeat(31)}`;
    const answer = await send("getMe", { body: `{"extra":${nested}}`, contentType: "application/json", key: tenant.key });
    expect(answer.status).toBe(200);
  });
});

describe("U+0000", () => {
  test("nul: a contact's name with U+0000 is a 422 on name, and no contact is created", async () => {
    const telegramId = String(uniqueId());
    const answer = await callApi(database.db, "createOrUpdateContact", {
      key: tenant.key,
      params: { bot_id: tenant.botId, messenger: "telegram", telegram_id: telegramId, name: "Ann\u0000Lee" },
    });
    const text = "The name field must not contain the NUL character (U+0000).";
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: text, errors: { name: [text] } });
    expect(await count("contacts", sql`bot_id = ${tenant.botId}`)).toBe(0);
  });

  test("nul: every field with U+0000 is listed, also in query strings and in parameters the method does not read", async () => {
    const before = await count("list_schemas");
    const answer = await callApi(database.db, "createListSchema", {
      key: tenant.key,
      verb: "GET",
      params: { name: "Orders\u0000", project_uuid: tenant.projectUuid, fields: [{ name: "A\u0000", slug: "a", type: "string" }], note: "\u0000" },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      name: ["The name field must not contain the NUL character (U+0000)."],
      "fields.0.name": ["The fields.0.name field must not contain the NUL character (U+0000)."],
      note: ["The note field must not contain the NUL character (U+0000)."],
    });
    expect(answer.body.message).toBe("The name field must not contain the NUL character (U+0000). (and 2 more errors)");
    expect(await count("list_schemas")).toBe(before);
  });

  test("nul: a list record value and a record key with U+0000 are refused on their path", async () => {
    const schemaId = await createListId(database.db, tenant, [field("title")]);
    const answer = await callApi(database.db, "addListItem", { key: tenant.key, params: { schema_id: schemaId, item: { title: "x\u0000", "b\u0000d": "y" } } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain("item.title");
    expect(Object.keys(answer.body.errors)).toContain("item.b\u0000d");
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM platform.list_items WHERE schema_id = ${schemaId}`);
    expect(row.n).toBe(0);
  });

  test("nul: an api_token with U+0000 is just a wrong key (401); the NUL error joins the field's other errors, in the request's language", async () => {
    const answer = await callApi(database.db, "getMe", { verb: "GET", params: { api_token: `${tenant.key}\u0000` } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: "unauthorized" });
    const ru = await callApi(database.db, "createOrUpdateContact", {
      key: tenant.key,
      headers: { "accept-language": "ru" },
      params: { bot_id: tenant.botId, messenger: "telegram", telegram_id: String(uniqueId()), phone: "\u00007999" },
    });
    expect(ru.status).toBe(422);
    expect(ru.body.errors.phone).toEqual(["Поле phone не должно содержать символ NUL (U+0000).", "Поле phone имеет неверный формат."]);
  });

  test("nul: operator fixtures with U+0000 are a 422 on the dotted path, before the database is touched", async () => {
    const id = uniqueId();
    const answer = await handleFixturesRequest(
      new Request(`${BASE_URL}/api/operator/fixtures`, {
        method: "POST",
        headers: { authorization: "Bearer operator-token", "content-type": "application/json" },
        body: JSON.stringify({ accounts: [{ id, email: `nul${id}@example.com`, name: "Bad\u0000Name", api_key: `key-${id}` }] }),
      }),
      async () => database.db,
      "operator-token",
    );
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({
      message: "The fixture document is invalid.",
      errors: { "accounts.0.name": ["The accounts.0.name field must not contain the NUL character (U+0000)."] },
    });
    expect(await count("key_holders", sql`id = ${id}`)).toBe(0);
  });
});

describe("prototype keys", () => {
  test("proto: parameters are objects without a prototype; a __proto__ key stays data and pollutes nothing", async () => {
    const body = '{"__proto__": {"polluted": "yes", "name": "Hidden"}, "constructor": {"prototype": {"polluted": "yes"}}, "a": {"__proto__": 1}}';
    const params = await readParams(new Request(`${BASE_URL}/x`, { method: "POST", headers: { "content-type": "application/json" }, body }), translator("en"));
    expect(Object.getPrototypeOf(params)).toBeNull();
    expect(Object.keys(params)).toEqual(["__proto__", "constructor", "a"]);
    expect(Object.getOwnPropertyDescriptor(params, "__proto__")?.value).toEqual({ polluted: "yes", name: "Hidden" });
    expect((params as { name?: unknown }).name).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(params.a, "__proto__")?.value).toBe(1);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  test("proto: a createListSchema body whose name sits under __proto__ has no name (422), and nothing is created", async () => {
    const before = await count("list_schemas");
    const answer = await send("createListSchema", {
      key: tenant.key,
      contentType: "application/json",
      body: `{"__proto__": {"name": "Hidden"}, "project_uuid": "${tenant.projectUuid}", "fields": [{"name": "A", "slug": "a", "type": "string"}]}`,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: "The name field is required.", errors: { name: ["The name field is required."] } });
    expect(await count("list_schemas")).toBe(before);
  });

  test("proto: a query string `__proto__[x]=1&constructor[prototype][x]=1` is harmless", async () => {
    const params = await readParams(new Request(`${BASE_URL}/x?__proto__[x]=1&constructor[prototype][x]=1&hasOwnProperty=2`), translator("en"));
    expect(Object.getPrototypeOf(params)).toBeNull();
    expect(Object.keys(params)).toEqual(["constructor", "hasOwnProperty"]);
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });

  test("normalizeInput copies without recursion into objects without a prototype, keeping key order", () => {
    const copy = normalizeInput({ b: " 1 ", a: ["", { c: " x " }] }) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(["b", "a"]);
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(Object.getPrototypeOf((copy.a as unknown[])[1])).toBeNull();
    expect(JSON.stringify(copy)).toBe('{"b":"1","a":[null,{"c":"x"}]}');
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(() => normalizeInput(deep, Number.POSITIVE_INFINITY)).not.toThrow();
    expect(() => normalizeInput(deep)).toThrow("nested deeper than 32 levels");
  });

  test.each(["__proto__", "constructor", "prototype"])("proto: slug %s is reserved: 422 on the slug field, nothing created", async (slug) => {
    const lists = await count("list_schemas");
    const created = await callApi(database.db, "createListSchema", {
      key: tenant.key,
      params: { name: "L", project_uuid: tenant.projectUuid, fields: [field("a"), field(slug)] },
    });
    expect(created.status).toBe(422);
    expect(Object.keys(created.body.errors)).toEqual(["fields.1.slug"]);
    expect(created.body.errors["fields.1.slug"][0]).toMatch(/^The fields\.1\.slug is reserved; reserved slugs: .*__proto__, constructor, prototype\.$/);
    expect(await count("list_schemas")).toBe(lists);

    const schemaId = await createListId(database.db, tenant, [field("a")]);
    const query = `schema_id=${schemaId}&field[name]=X&field[slug]=${slug}&field[type]=string`;
    const added = await callApi(database.db, "addListSchemaField", { key: tenant.key, verb: "GET", query });
    expect(added.status).toBe(422);
    expect(Object.keys(added.body.errors)).toEqual(["field.slug"]);
    expect(await count("list_fields", sql`schema_id = ${schemaId}`)).toBe(1);
  });

  test("proto: operator fixtures refuse list field keys __proto__, constructor and prototype (a parsed record would drop __proto__)", async () => {
    const schemaId = crypto.randomUUID();
    const fields = '{"ok": {"name": "OK", "type": "string"}, "__proto__": {"name": "P", "type": "string"}, "constructor": {"name": "C", "type": "string"}}';
    const document = `{"list_schemas": [{"id": "${schemaId}", "project_uuid": "${tenant.projectUuid}", "name": "L", "fields": ${fields}}]}`;
    await expect(applyFixtures(database.db, JSON.parse(document))).rejects.toMatchObject({
      status: 422,
      body: {
        message: "The fixture document is invalid.",
        errors: {
          "list_schemas.0.fields.__proto__": ["The list schemas.0.fields.  proto   field is invalid."],
          "list_schemas.0.fields.constructor": ["The list schemas.0.fields.constructor field is invalid."],
        },
      },
    });
    expect(await count("list_schemas", sql`id = ${schemaId}`)).toBe(0);
  });

  test("depth: operator fixtures nested 10,000 levels are a 422 on the document", async () => {
    const deep = JSON.parse(`{"accounts": [{"id": 1, "email": "d@example.com", "payload": ${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}]}`);
    await expect(applyFixtures(database.db, deep)).rejects.toMatchObject({
      status: 422,
      body: { message: "The fixture document is invalid.", errors: { document: ["The input is nested deeper than 32 levels."] } },
    });
  });
});
