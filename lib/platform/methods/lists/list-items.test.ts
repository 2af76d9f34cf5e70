import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { applyFixtures } from "../../operator/fixtures";
import { BASE_URL, callApi, seedTenant, uniqueId, type Tenant } from "../../testing/tenants";
import { createListId, field, keysInOrder, seedMemberProject } from "../../testing/lists";
import { reloadConfig } from "@/lib/core/config.mjs";

let database: Database;
let owner: Tenant;
let contactId: number;
const KEY = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

beforeAll(async () => {
  process.env.PLATFORM_ENCRYPTION_KEY = KEY;
  reloadConfig();
  database = await createTestDatabase();
  owner = await seedTenant(database.db);
  contactId = uniqueId();
  await applyFixtures(database.db, { contacts: [{ id: contactId, bot_id: owner.botId, messenger: "telegram", telegram_id: String(contactId), name: "Ann" }] });
});
afterEach(() => {
  process.env.PLATFORM_ENCRYPTION_KEY = KEY;
  reloadConfig();
});
afterAll(async () => {
  await database?.close();
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const RECORD_NOT_FOUND = { message: "Record not found.", error: "Record not found.", errors: { item_id: ["Record not found."] } };
const LIST_NOT_FOUND = { message: "List not found.", error: "List not found.", errors: { schema_id: ["List not found."] } };

function add(tenant: Tenant, schemaId: string, item: unknown) {
  return callApi(database.db, "addListItem", { key: tenant.key, params: { schema_id: schemaId, item } });
}

function update(tenant: Tenant, itemId: string, item: unknown) {
  return callApi(database.db, "updateListItem", { key: tenant.key, params: { item_id: itemId, item } });
}

async function rawData(itemId: string): Promise<Record<string, unknown>> {
  const [row] = await queryRows<{ data: unknown }>(database.db, sql`SELECT data FROM platform.list_items WHERE id = ${itemId}::uuid`);
  return (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
}

describe("addListItem", () => {
  test("201 with the record: id, schema_id, values in field order (null when unset), timestamps", async () => {
    const id = await createListId(database.db, owner, [
      field("title"),
      field("10", "number", { is_required: false }),
      field("b", "bool", { is_required: false }),
    ]);
    const answer = await add(owner, id, { title: "First", 10: "42" });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body.data)).toEqual(["id", "schema_id", "values", "created_at", "updated_at"]);
    expect(answer.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      schema_id: id,
      values: { title: "First", 10: 42, b: null },
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(keysInOrder(answer.text, ["data", "values"])).toEqual(["title", "10", "b"]);
    // Unset optional fields are not stored.
    expect(await rawData(answer.body.data.id)).toEqual({ title: "First", 10: 42 });
  });

  test("every type takes its valid values, stored and returned in one form", async () => {
    const botId = owner.botId;
    const id = await createListId(database.db, owner, [
      field("s"),
      field("n", "number"),
      field("b", "bool"),
      field("d", "date"),
      field("dt", "datetime"),
      field("m", "money", { currency: "EUR" }),
      field("f", "file"),
      field("i", "image"),
      field("c", "contact"),
      field("bot", "bot"),
    ]);
    const answer = await add(owner, id, {
      s: "text",
      n: "3.5",
      b: "false",
      d: "2024-02-29",
      dt: "2024-03-01T12:00:00+02:00",
      m: "1999",
      f: "https://example.com/doc.pdf",
      i: "http://example.com/p.png",
      c: String(contactId),
      bot: botId,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.values).toEqual({
      s: "text",
      n: 3.5,
      b: false,
      d: "2024-02-29",
      dt: "2024-03-01T10:00:00+00:00",
      m: 1999,
      f: "https://example.com/doc.pdf",
      i: "http://example.com/p.png",
      c: contactId,
      bot: botId,
    });
    expect(await rawData(answer.body.data.id)).toEqual(answer.body.data.values);
  });

  test("a form-encoded item works", async () => {
    const id = await createListId(database.db, owner, [field("title"), field("qty", "number")]);
    const answer = await callApi(database.db, "addListItem", {
      key: owner.key,
      form: "urlencoded",
      params: { schema_id: id, item: { title: "Form", qty: "2" } },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.values).toEqual({ title: "Form", qty: 2 });
  });

  const invalid: { type: string; value: unknown; text: string }[] = [
    { type: "string", value: 12, text: "The item.v field must be a string of at most 65535 characters." },
    { type: "number", value: "ten", text: "The item.v field must be a number." },
    { type: "bool", value: "yes", text: "The item.v field must be true or false." },
    { type: "date", value: "2023-02-29", text: "The item.v field must be a date in the format YYYY-MM-DD." },
    { type: "datetime", value: "2024-01-01 10:00", text: "The item.v field must be an ISO 8601 date and time." },
    { type: "money", value: 10.5, text: "The item.v field must be an amount in minor units: an integer from 0 to 9007199254740991." },
    { type: "money", value: -100, text: "The item.v field must be an amount in minor units: an integer from 0 to 9007199254740991." },
    { type: "file", value: "ftp://example.com/x", text: "The item.v field must be an http or https URL of at most 2048 characters." },
    { type: "image", value: "not a url", text: "The item.v field must be an http or https URL of at most 2048 characters." },
    { type: "contact", value: "abc", text: "The item.v field must be the id of one of your contacts." },
    { type: "contact", value: 999_999_999_999, text: "The item.v field must be the id of one of your contacts." },
    { type: "bot", value: 1.5, text: "The item.v field must be the id of one of your bots." },
    { type: "bot", value: 999_999_999_999, text: "The item.v field must be the id of one of your bots." },
  ];
  test.each(invalid)("422 on item.<slug>: $type refuses $value", async ({ type, value, text }) => {
    const id = await createListId(database.db, owner, [field("v", type)]);
    const answer = await add(owner, id, { v: value });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: text, errors: { "item.v": [text] } });
  });

  test("contact and bot values must be the holder's live ones", async () => {
    const other = await seedTenant(database.db);
    const [foreignContact, deletedContact, previewContact, deadBotContact] = [uniqueId(), uniqueId(), uniqueId(), uniqueId()];
    const [deletedBot, memberBot] = [uniqueId(), (await seedMemberProject(database.db, owner)).botId];
    await applyFixtures(database.db, {
      bots: [{ id: deletedBot, project_uuid: owner.projectUuid, deleted: true }],
      contacts: [
        { id: foreignContact, bot_id: other.botId, messenger: "telegram", telegram_id: String(foreignContact) },
        { id: deletedContact, bot_id: owner.botId, messenger: "telegram", telegram_id: String(deletedContact), deleted: true },
        { id: previewContact, bot_id: owner.botId, messenger: "telegram", telegram_id: String(previewContact), preview: true },
        { id: deadBotContact, bot_id: deletedBot, messenger: "telegram", telegram_id: String(deadBotContact) },
      ],
    });
    const id = await createListId(database.db, owner, [field("c", "contact", { is_required: false }), field("bot", "bot", { is_required: false })]);
    const contactText = "The item.c field must be the id of one of your contacts.";
    for (const c of [foreignContact, deletedContact, previewContact, deadBotContact]) {
      const answer = await add(owner, id, { c });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ "item.c": [contactText] });
    }
    for (const bot of [other.botId, deletedBot, memberBot]) {
      const answer = await add(owner, id, { bot });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ "item.bot": ["The item.bot field must be the id of one of your bots."] });
    }
    expect((await add(owner, id, { c: contactId, bot: owner.botId })).status).toBe(201);
  });

  test("required fields must be present (absent, null or empty); unknown slugs are refused; every error at once in field order", async () => {
    const id = await createListId(database.db, owner, [field("a"), field("b"), field("opt", "string", { is_required: false }), field("n", "number")]);
    const answer = await add(owner, id, { zz: 1, b: "", n: "x", opt: null, first_name: "?" });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      "item.a": ["The item.a field is required."],
      "item.b": ["The item.b field is required."],
      "item.n": ["The item.n field must be a number."],
      "item.zz": ["The item.zz field is not a field of this list."],
      "item.first_name": ["The item.first name field is not a field of this list."],
    });
    expect(answer.body.message).toBe("The item.a field is required. (and 4 more errors)");
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM platform.list_items WHERE schema_id = ${id}::uuid`);
    expect(n).toBe(0);
  });

  test.each([
    { case: "absent", item: undefined, text: "The item field is required." },
    { case: "an empty object", item: {}, text: "The item field is required." },
    { case: "an array", item: ["a"], text: "The item field must be an object of field slugs and values." },
    { case: "a string", item: "a", text: "The item field must be an object of field slugs and values." },
  ])("422 on item when it is $case", async ({ item, text }) => {
    const id = await createListId(database.db, owner, [field("a", "string", { is_required: false })]);
    const answer = await add(owner, id, item);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: text, errors: { item: [text] } });
  });

  test("404 for a missing list; 403 for another account's list", async () => {
    const missing = await add(owner, randomUUID(), { a: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(LIST_NOT_FOUND);
    const other = await seedTenant(database.db);
    const foreign = await createListId(database.db, other, [field("a")]);
    const answer = await add(owner, foreign, { a: "x" });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: "The list belongs to a project of another account.", message: "The list belongs to a project of another account." });
  });
});

describe("record methods: verbs", () => {
  test.each(["addListItem", "updateListItem", "deleteListItem"])("%s is POST only: GET answers 405", async (method) => {
    const answer = await callApi(database.db, method, { key: owner.key, verb: "GET", params: { item_id: randomUUID() } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
  });
});

describe("getListItems", () => {
  test("50 per page, oldest first, paginator links and meta", async () => {
    const id = await createListId(database.db, owner, [field("n", "number")]);
    await database.db.execute(sql`
      INSERT INTO platform.list_items (schema_id, data, created_at, updated_at)
      SELECT ${id}::uuid, jsonb_build_object('n', n), now() - make_interval(secs => 1000 - n), now()
      FROM generate_series(1, 120) AS n`);
    const path = `${BASE_URL}/api/v1/getListItems`;
    const first = await callApi(database.db, "getListItems", { key: owner.key, verb: "GET", params: { schema_id: id } });
    expect(first.status).toBe(200);
    expect(first.body.data.map((item: { values: { n: number } }) => item.values.n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(first.body.links).toEqual({ first: `${path}?page=1`, last: `${path}?page=3`, prev: null, next: `${path}?page=2` });
    expect(first.body.meta).toEqual({ current_page: 1, from: 1, last_page: 3, path, per_page: 50, to: 50, total: 120 });
    const third = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id, page: 3 } });
    expect(third.body.data.map((item: { values: { n: number } }) => item.values.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 101));
    expect(third.body.meta).toMatchObject({ current_page: 3, from: 101, to: 120 });
  });

  test("an empty list; 404 for a malformed schema_id; 422 without schema_id", async () => {
    const id = await createListId(database.db, owner, [field("a")]);
    const empty = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    expect(empty.body.data).toEqual([]);
    expect(empty.body.meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
    const bad = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: "bad" } });
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual(LIST_NOT_FOUND);
    const none = await callApi(database.db, "getListItems", { key: owner.key });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ schema_id: ["The schema id field is required."] });
  });
});

describe("updateListItem", () => {
  test("partial: only the slugs sent change; null clears an optional field; updated_at moves", async () => {
    const id = await createListId(database.db, owner, [field("a"), field("b", "number", { is_required: false }), field("c", "string", { is_required: false })]);
    const created = await add(owner, id, { a: "one", b: 1, c: "keep" });
    const itemId = created.body.data.id;
    await database.db.execute(
      sql`UPDATE platform.list_items SET created_at = now() - interval '1 hour', updated_at = now() - interval '1 hour' WHERE id = ${itemId}::uuid`,
    );

    const answer = await update(owner, itemId, { a: "two", b: null });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: itemId, schema_id: id, values: { a: "two", b: null, c: "keep" } });
    expect(answer.body.data.updated_at > answer.body.data.created_at).toBe(true);
    expect(await rawData(itemId)).toEqual({ a: "two", c: "keep" });
  });

  test("422: a required field cannot be cleared; values are checked by type; unknown slugs refused; nothing changes", async () => {
    const id = await createListId(database.db, owner, [field("a"), field("d", "date", { is_required: false })]);
    const itemId = (await add(owner, id, { a: "x", d: "2024-01-01" })).body.data.id;
    const answer = await update(owner, itemId, { a: null, d: "2024-02-30", id: "x" });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      "item.a": ["The item.a field is required."],
      "item.d": ["The item.d field must be a date in the format YYYY-MM-DD."],
      "item.id": ["The item.id field is not a field of this list."],
    });
    expect(await rawData(itemId)).toEqual({ a: "x", d: "2024-01-01" });
    const empty = await update(owner, itemId, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ item: ["The item field is required."] });
  });

  test("two concurrent updates of different slugs both stick", async () => {
    const id = await createListId(database.db, owner, [field("a", "number"), field("b", "number")]);
    const itemId = (await add(owner, id, { a: 0, b: 0 })).body.data.id;
    const answers = await Promise.all([update(owner, itemId, { a: 1 }), update(owner, itemId, { b: 2 })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await rawData(itemId)).toEqual({ a: 1, b: 2 });
  });

  test("404 for a missing or malformed item_id; 403 for another account's record", async () => {
    for (const item_id of [randomUUID(), "nope"]) {
      const answer = await update(owner, item_id, { a: "x" });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(RECORD_NOT_FOUND);
    }
    const other = await seedTenant(database.db);
    const foreign = await createListId(database.db, other, [field("a")]);
    const itemId = (await add(other, foreign, { a: "theirs" })).body.data.id;
    const answer = await update(owner, itemId, { a: "mine" });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: "The record belongs to a list of another account.", message: "The record belongs to a list of another account." });
    expect(await rawData(itemId)).toEqual({ a: "theirs" });
  });
});

describe("deleteListItem", () => {
  test("204; the record is gone from getListItems; a second delete is 404", async () => {
    const id = await createListId(database.db, owner, [field("a")]);
    const keep = (await add(owner, id, { a: "keep" })).body.data.id;
    const gone = (await add(owner, id, { a: "gone" })).body.data.id;
    const answer = await callApi(database.db, "deleteListItem", { key: owner.key, params: { item_id: gone } });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    const items = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    expect(items.body.data.map((item: { id: string }) => item.id)).toEqual([keep]);
    const again = await callApi(database.db, "deleteListItem", { key: owner.key, params: { item_id: gone } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(RECORD_NOT_FOUND);
  });

  test("403 for another account's record, which stays", async () => {
    const other = await seedTenant(database.db);
    const foreign = await createListId(database.db, other, [field("a")]);
    const itemId = (await add(other, foreign, { a: "theirs" })).body.data.id;
    const answer = await callApi(database.db, "deleteListItem", { key: owner.key, params: { item_id: itemId } });
    expect(answer.status).toBe(403);
    expect(await rawData(itemId)).toEqual({ a: "theirs" });
  });
});

describe("encrypted fields", () => {
  const SECRET = "Tell nobody: 4111-1111";

  async function encryptedList() {
    return createListId(database.db, owner, [
      field("plain"),
      field("secret", "string", { is_encryptable: true }),
      field("amount", "money", { currency: "USD", is_encryptable: true, is_required: false }),
      field("who", "contact", { is_encryptable: true, is_required: false }),
    ]);
  }

  test("stored as AES-256-GCM ciphertext (no plain text in the row), returned decrypted", async () => {
    const id = await encryptedList();
    const schema = await callApi(database.db, "getListSchema", { key: owner.key, params: { schema_id: id } });
    expect(schema.body.data.fields.secret.is_encryptable).toBe(true);
    const answer = await add(owner, id, { plain: "visible", secret: SECRET, amount: 123456789, who: contactId });
    expect(answer.status).toBe(201);
    expect(answer.body.data.values).toEqual({ plain: "visible", secret: SECRET, amount: 123456789, who: contactId });

    const data = await rawData(answer.body.data.id);
    expect(data.plain).toBe("visible");
    for (const slug of ["secret", "amount", "who"]) expect(data[slug]).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    const [{ text }] = await queryRows<{ text: string }>(
      database.db,
      sql`SELECT data::text AS text FROM platform.list_items WHERE id = ${answer.body.data.id}::uuid`,
    );
    expect(text).not.toContain("nobody");
    expect(text).not.toContain("4111");
    expect(text).not.toContain("123456789");
    expect(text).not.toContain(String(contactId));

    const items = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    expect(items.body.data[0].values).toEqual({ plain: "visible", secret: SECRET, amount: 123456789, who: contactId });
  });

  test("an update re-encrypts; a value is validated before it is encrypted", async () => {
    const id = await encryptedList();
    const itemId = (await add(owner, id, { plain: "p", secret: "first" })).body.data.id;
    const first = (await rawData(itemId)).secret;
    const answer = await update(owner, itemId, { secret: "second", amount: "77" });
    expect(answer.status).toBe(200);
    expect(answer.body.data.values).toMatchObject({ secret: "second", amount: 77 });
    const data = await rawData(itemId);
    expect(data.secret).not.toBe(first);
    expect(data.secret).toMatch(/^v1:/);
    const invalid = await update(owner, itemId, { amount: "-5" });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(["item.amount"]);
  });

  test("a ciphertext moved to another record does not decrypt (bound to list, record and field): 503", async () => {
    const id = await encryptedList();
    const a = (await add(owner, id, { plain: "a", secret: "for a" })).body.data.id;
    const b = (await add(owner, id, { plain: "b", secret: "for b" })).body.data.id;
    await database.db.execute(
      sql`UPDATE platform.list_items SET data = jsonb_set(data, '{secret}', (SELECT data->'secret' FROM platform.list_items WHERE id = ${a}::uuid)) WHERE id = ${b}::uuid`,
    );
    const answer = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    const text = "Encrypted values of the list cannot be read with the server's encryption key (PLATFORM_ENCRYPTION_KEY).";
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: text, error: text, request_id: answer.headers.get("x-request-id") });
  });

  test("without PLATFORM_ENCRYPTION_KEY: writing or reading an encrypted value is 503 with a message; plain values still work", async () => {
    const id = await encryptedList();
    const itemId = (await add(owner, id, { plain: "p", secret: "s" })).body.data.id;
    delete process.env.PLATFORM_ENCRYPTION_KEY;
    reloadConfig();
    const text = "The list has encrypted fields, but the server has no encryption key (PLATFORM_ENCRYPTION_KEY).";
    const write = await add(owner, id, { plain: "p", secret: "s2" });
    expect(write.status).toBe(503);
    expect(write.body).toEqual({ message: text, error: text, request_id: write.headers.get("x-request-id") });
    const read = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    expect(read.status).toBe(503);
    expect(read.body).toEqual({ message: text, error: text, request_id: read.headers.get("x-request-id") });
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM platform.list_items WHERE schema_id = ${id}::uuid`);
    expect(n).toBe(1);
    // A list without encrypted fields does not need the key.
    const plainList = await createListId(database.db, owner, [field("a")]);
    expect((await add(owner, plainList, { a: "ok" })).status).toBe(201);
    // Deleting the record needs no key either.
    expect((await callApi(database.db, "deleteListItem", { key: owner.key, params: { item_id: itemId } })).status).toBe(204);
  });

  test("with another key the stored values cannot be read: 503", async () => {
    const id = await encryptedList();
    await add(owner, id, { plain: "p", secret: "s" });
    process.env.PLATFORM_ENCRYPTION_KEY = "ef".repeat(32);
    reloadConfig();
    const answer = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
    expect(answer.status).toBe(503);
  });

  test("rotation: with a new key and the old one in PLATFORM_ENCRYPTION_KEYS_PREVIOUS, old values read and new ones use the new key", async () => {
    const id = await encryptedList();
    const old = (await add(owner, id, { plain: "p", secret: "written with the old key" })).body.data.id;
    const NEW = "9a".repeat(32);
    process.env.PLATFORM_ENCRYPTION_KEY = NEW;
    process.env.PLATFORM_ENCRYPTION_KEYS_PREVIOUS = `  ${"77".repeat(32)}, ${KEY} `;
    reloadConfig();
    try {
      const fresh = (await add(owner, id, { plain: "q", secret: "written with the new key" })).body.data.id;
      const read = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } });
      expect(read.status).toBe(200);
      const secrets = Object.fromEntries(read.body.data.map((item: { id: string; values: { secret: string } }) => [item.id, item.values.secret]));
      expect(secrets).toEqual({ [old]: "written with the old key", [fresh]: "written with the new key" });
      // Without the old key the old value no longer opens, the new one still needs only the new key.
      delete process.env.PLATFORM_ENCRYPTION_KEYS_PREVIOUS;
      reloadConfig();
      expect((await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } })).status).toBe(503);
      await callApi(database.db, "deleteListItem", { key: owner.key, params: { item_id: old } });
      expect((await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: id } })).status).toBe(200);
    } finally {
      delete process.env.PLATFORM_ENCRYPTION_KEYS_PREVIOUS;
      reloadConfig();
    }
  });
});
