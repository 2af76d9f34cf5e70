import { expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { testDriver } from "@/lib/db/testing/database";
import { queryRows } from "@/lib/db/client";
import { callApi, seedTenant, type Tenant } from "../../testing/tenants";
import { MAX_LISTS_PER_PROJECT } from "../../lists/constants";
import { createList, field } from "../../testing/lists";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const LIMIT_TEXT = "A project cannot have more than 5000 lists";

/** Real lists, inserted set-based: each with one field, as createListSchema would leave them. */
async function insertLists(tenant: Tenant, count: number): Promise<void> {
  await database.db.execute(sql`
    WITH made AS (
      INSERT INTO platform.list_schemas (project_uuid, name, created_at, updated_at)
      SELECT ${tenant.projectUuid}::uuid, 'Bulk ' || n, now() - make_interval(secs => ${count} - n), now()
      FROM generate_series(1, ${count}) AS n
      RETURNING id
    )
    INSERT INTO platform.list_fields (schema_id, slug, position, name, type)
    SELECT id, 'title', 0, 'Title', 'string' FROM made`);
}

async function listCount(projectUuid: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM platform.list_schemas WHERE project_uuid = ${projectUuid}::uuid`,
  );
  return row.n;
}

test(`limit: two creates racing at 4,999 lists: exactly one 201 and one 403 (${testDriver()})`, async () => {
  const tenant = await seedTenant(database.db);
  await insertLists(tenant, MAX_LISTS_PER_PROJECT - 1);
  expect(await listCount(tenant.projectUuid)).toBe(4999);

  const answers = await Promise.all([
    createList(database.db, tenant, [field("a")], { name: "Racer 1" }),
    createList(database.db, tenant, [field("a")], { name: "Racer 2" }),
  ]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
  const refused = answers.find((answer) => answer.status === 403)!;
  expect(refused.body).toEqual({ message: LIMIT_TEXT, error: LIMIT_TEXT });
  expect(await listCount(tenant.projectUuid)).toBe(5000);
});

test("limit: at 5,000 lists, by project and by bot: 403 with message and error both the text; nothing stored", async () => {
  const tenant = await seedTenant(database.db);
  await insertLists(tenant, MAX_LISTS_PER_PROJECT);
  const byProject = await createList(database.db, tenant, [field("a")]);
  expect(byProject.status).toBe(403);
  expect(byProject.body).toEqual({ message: LIMIT_TEXT, error: LIMIT_TEXT });
  const byBot = await callApi(database.db, "createListSchema", { key: tenant.key, params: { name: "L", bot_id: tenant.botId, fields: [field("a")] } });
  expect(byBot.status).toBe(403);
  expect(byBot.body).toEqual({ message: LIMIT_TEXT, error: LIMIT_TEXT });
  expect(await listCount(tenant.projectUuid)).toBe(5000);

  // The limit is per project: a second project of the same holder still takes lists.
  const other = await seedTenant(database.db);
  expect((await createList(database.db, other, [field("a")])).status).toBe(201);

  // After a delete there is room for one more.
  const page = await callApi(database.db, "getListSchemas", { key: tenant.key, params: { page: 1 } });
  expect(page.body.meta.total).toBe(5000);
  expect((await callApi(database.db, "deleteListSchema", { key: tenant.key, params: { schema_id: page.body.data[0].id } })).status).toBe(204);
  expect((await createList(database.db, tenant, [field("a")])).status).toBe(201);
  expect((await createList(database.db, tenant, [field("a")])).status).toBe(403);
});

test("limit: the text is localized (ru)", async () => {
  const tenant = await seedTenant(database.db);
  await insertLists(tenant, MAX_LISTS_PER_PROJECT);
  const answer = await callApi(database.db, "createListSchema", {
    key: tenant.key,
    headers: { "accept-language": "ru" },
    params: { name: "L", project_uuid: tenant.projectUuid, fields: [field("a")] },
  });
  expect(answer.status).toBe(403);
  expect(answer.body).toEqual({ message: "В проекте не может быть больше 5000 списков", error: "В проекте не может быть больше 5000 списков" });
});
