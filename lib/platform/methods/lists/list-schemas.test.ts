import { beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "../../operator/fixtures";
import { BASE_URL, callApi, seedTenant, type Tenant } from "../../testing/tenants";
import { createListId, field, seedMemberProject } from "../../testing/lists";
import { reloadConfig } from "@/lib/core/config.mjs";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const NOT_FOUND = "List not found.";
const notFoundBody = { message: NOT_FOUND, error: NOT_FOUND, errors: { schema_id: [NOT_FOUND] } };
const FORBIDDEN = "The list belongs to a project of another account.";
const PATH = `${BASE_URL}/api/v1/getListSchemas`;

/** `count` lists in a project, created a second apart (oldest first), named "<prefix> <n>". */
async function insertLists(projectUuid: string, count: number, prefix: string, startSecondsAgo: number): Promise<void> {
  await database.db.execute(sql`
    WITH made AS (
      INSERT INTO platform.list_schemas (project_uuid, name, created_at, updated_at)
      SELECT ${projectUuid}::uuid, ${prefix} || ' ' || n, now() - make_interval(secs => ${startSecondsAgo}::float8 - n), now()
      FROM generate_series(1, ${count}) AS n
      RETURNING id
    )
    INSERT INTO platform.list_fields (schema_id, slug, position, name, type)
    SELECT id, 'title', 0, 'Title', 'string' FROM made`);
}

describe("getListSchemas", () => {
  let owner: Tenant;
  let secondProject: string;
  beforeAll(async () => {
    owner = await seedTenant(database.db);
    secondProject = randomUUID();
    await applyFixtures(database.db, { projects: [{ uuid: secondProject, account_id: owner.holderId }] });
    // 60 lists in the first project and 40 in the second, interleaved in time.
    await insertLists(owner.projectUuid, 60, "A", 10_000);
    await insertLists(secondProject, 40, "B", 10_030.5);
    // Lists the holder must not see: another account's, and a project the holder is only a member of.
    const other = await seedTenant(database.db);
    await createListId(database.db, other, [field("a")]);
    const member = await seedMemberProject(database.db, owner);
    await insertLists(member.projectUuid, 3, "M", 100);
  });

  test("50 per page over all own projects, oldest first, with links and meta", async () => {
    const first = await callApi(database.db, "getListSchemas", { key: owner.key, verb: "GET" });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(["data", "links", "meta"]);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.links).toEqual({ first: `${PATH}?page=1`, last: `${PATH}?page=2`, prev: null, next: `${PATH}?page=2` });
    // Exactly the spec's keys: no meta.links (only getContacts' page mode has them).
    expect(first.body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, path: PATH, per_page: 50, to: 50, total: 100 });

    const second = await callApi(database.db, "getListSchemas", { key: owner.key, params: { page: 2 } });
    expect(second.body.data).toHaveLength(50);
    expect(second.body.links).toEqual({ first: `${PATH}?page=1`, last: `${PATH}?page=2`, prev: `${PATH}?page=1`, next: null });
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 51, to: 100, total: 100 });

    const all = [...first.body.data, ...second.body.data];
    // A n was created 10,000 − n seconds ago, B n 10,030.5 − n: B 1…30 first, then the two interleave.
    const expected = [
      ...Array.from({ length: 60 }, (_, i) => ({ name: `A ${i + 1}`, ago: 10_000 - (i + 1) })),
      ...Array.from({ length: 40 }, (_, i) => ({ name: `B ${i + 1}`, ago: 10_030.5 - (i + 1) })),
    ].sort((a, b) => b.ago - a.ago);
    expect(all.map((list) => list.name)).toEqual(expected.map((list) => list.name));
    expect(all.slice(28, 34).map((list) => list.name)).toEqual(["B 29", "B 30", "B 31", "A 1", "B 32", "A 2"]);
    const times = all.map((list) => list.created_at);
    expect([...times].sort()).toEqual(times);
    expect(new Set(all.map((list) => list.project))).toEqual(new Set([owner.projectUuid, secondProject]));
    expect(all.every((list) => !list.name.startsWith("M"))).toBe(true);
    expect(all[0]).toEqual({
      id: expect.any(String),
      fields: { title: { name: "Title", type: "string", is_required: true, is_hidden: false, is_encryptable: false } },
      name: "B 1",
      bot_id: null,
      project: secondProject,
      is_menu: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  test("the order is stable: the same page twice gives the same lists", async () => {
    const once = await callApi(database.db, "getListSchemas", { key: owner.key, params: { page: 2 } });
    const twice = await callApi(database.db, "getListSchemas", { key: owner.key, params: { page: 2 } });
    expect(twice.body.data.map((list: { id: string }) => list.id)).toEqual(once.body.data.map((list: { id: string }) => list.id));
  });

  test.each([
    { page: "abc", current: 1 },
    { page: 0, current: 1 },
    { page: -3, current: 1 },
    { page: "2", current: 2 },
  ])("page $page is read as page $current (Laravel's paginator)", async ({ page, current }) => {
    const answer = await callApi(database.db, "getListSchemas", { key: owner.key, params: { page } });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.current_page).toBe(current);
  });

  test("a page past the end is empty", async () => {
    const answer = await callApi(database.db, "getListSchemas", { key: owner.key, params: { page: 3 } });
    expect(answer.body.data).toEqual([]);
    expect(answer.body.meta).toMatchObject({ current_page: 3, from: null, to: null, last_page: 2, total: 100 });
  });

  test("a holder without lists gets an empty first page", async () => {
    const empty = await seedTenant(database.db);
    const answer = await callApi(database.db, "getListSchemas", { key: empty.key });
    expect(answer.body.data).toEqual([]);
    expect(answer.body.links).toEqual({ first: `${PATH}?page=1`, last: `${PATH}?page=1`, prev: null, next: null });
    expect(answer.body.meta).toMatchObject({ current_page: 1, from: null, last_page: 1, to: null, total: 0, per_page: 50 });
  });
});

describe("getListSchema", () => {
  test("200 with the list", async () => {
    const owner = await seedTenant(database.db);
    const id = await createListId(database.db, owner, [field("b"), field("a", "money", { currency: "JPY" })], { bot_id: owner.botId, name: "Mine" });
    const answer = await callApi(database.db, "getListSchema", { key: owner.key, verb: "GET", params: { schema_id: id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        id,
        fields: {
          b: { name: "Field b", type: "string", is_required: true, is_hidden: false, is_encryptable: false },
          a: { name: "Field a", type: "money", currency: "JPY", is_required: true, is_hidden: false, is_encryptable: false },
        },
        name: "Mine",
        bot_id: owner.botId,
        project: owner.projectUuid,
        is_menu: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
  });

  test.each([
    { case: "a UUID that names no list", schema_id: "00000000-0000-4000-8000-00000000abcd" },
    { case: "a malformed id", schema_id: "not-a-uuid" },
    { case: "a number", schema_id: 12 },
  ])("404 for $case: message, error and errors.schema_id the same text", async ({ schema_id }) => {
    const owner = await seedTenant(database.db);
    const answer = await callApi(database.db, "getListSchema", { key: owner.key, params: { schema_id } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(notFoundBody);
  });

  test("404 in Russian carries the same text three times", async () => {
    const owner = await seedTenant(database.db);
    const answer = await callApi(database.db, "getListSchema", { key: owner.key, headers: { "accept-language": "ru" }, params: { schema_id: randomUUID() } });
    expect(answer.body).toEqual({ message: "Список не найден.", error: "Список не найден.", errors: { schema_id: ["Список не найден."] } });
  });

  test("422 when schema_id is missing", async () => {
    const owner = await seedTenant(database.db);
    const answer = await callApi(database.db, "getListSchema", { key: owner.key });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: "The schema id field is required.", errors: { schema_id: ["The schema id field is required."] } });
  });

  test("403 for another account's list and for a list in a project the holder only joined", async () => {
    const owner = await seedTenant(database.db);
    const other = await seedTenant(database.db);
    const foreign = await createListId(database.db, other, [field("a")]);
    const member = await seedMemberProject(database.db, owner);
    await insertLists(member.projectUuid, 1, "Member", 10);
    const [memberList] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM platform.list_schemas WHERE project_uuid = ${member.projectUuid}::uuid`,
    );
    for (const schema_id of [foreign, memberList.id]) {
      for (const method of ["getListSchema", "deleteListSchema", "getListItems"]) {
        const answer = await callApi(database.db, method, { key: owner.key, params: { schema_id } });
        expect(answer.status, method).toBe(403);
        expect(answer.body).toEqual({ error: FORBIDDEN, message: FORBIDDEN });
      }
    }
    // Nothing was deleted.
    expect((await callApi(database.db, "getListSchema", { key: other.key, params: { schema_id: foreign } })).status).toBe(200);
  });
});

describe("deleteListSchema", () => {
  test("204 without a body; the list, its fields and records are gone; every later call answers 404", async () => {
    const owner = await seedTenant(database.db);
    process.env.PLATFORM_ENCRYPTION_KEY = "cd".repeat(32);
    reloadConfig();
    const id = await createListId(database.db, owner, [field("a"), field("s", "string", { is_encryptable: true, is_required: false })]);
    const items: string[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await callApi(database.db, "addListItem", { key: owner.key, params: { schema_id: id, item: { a: `v${i}`, s: "secret" } } });
      expect(added.status).toBe(201);
      items.push(added.body.data.id);
    }
    const keep = await createListId(database.db, owner, [field("a")]);
    const kept = await callApi(database.db, "addListItem", { key: owner.key, params: { schema_id: keep, item: { a: "stay" } } });

    const answer = await callApi(database.db, "deleteListSchema", { key: owner.key, verb: "GET", params: { schema_id: id } });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");

    const [rows] = await queryRows<{ lists: number; fields: number; items: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM platform.list_schemas WHERE id = ${id}::uuid) AS lists,
                 (SELECT count(*)::int FROM platform.list_fields WHERE schema_id = ${id}::uuid) AS fields,
                 (SELECT count(*)::int FROM platform.list_items WHERE schema_id = ${id}::uuid) AS items`,
    );
    expect(rows).toEqual({ lists: 0, fields: 0, items: 0 });

    for (const method of ["getListSchema", "deleteListSchema", "getListItems", "addListSchemaField", "deleteListSchemaField", "addListItem"]) {
      const again = await callApi(database.db, method, { key: owner.key, params: { schema_id: id, slug: "a", field: field("x"), item: { a: "x" } } });
      expect(again.status, method).toBe(404);
      expect(again.body).toEqual(notFoundBody);
    }
    const recordGone = { message: "Record not found.", error: "Record not found.", errors: { item_id: ["Record not found."] } };
    for (const itemId of items) {
      const update = await callApi(database.db, "updateListItem", { key: owner.key, params: { item_id: itemId, item: { a: "x" } } });
      expect(update.status).toBe(404);
      expect(update.body).toEqual(recordGone);
      const remove = await callApi(database.db, "deleteListItem", { key: owner.key, params: { item_id: itemId } });
      expect(remove.status).toBe(404);
      expect(remove.body).toEqual(recordGone);
    }
    // Another list of the same holder is untouched.
    const other = await callApi(database.db, "getListItems", { key: owner.key, params: { schema_id: keep } });
    expect(other.body.data.map((item: { id: string }) => item.id)).toEqual([kept.body.data.id]);
  });

  test("404 for a list that never existed or a malformed id", async () => {
    const owner = await seedTenant(database.db);
    for (const schema_id of [randomUUID(), "x"]) {
      const answer = await callApi(database.db, "deleteListSchema", { key: owner.key, params: { schema_id } });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(notFoundBody);
    }
  });
});
