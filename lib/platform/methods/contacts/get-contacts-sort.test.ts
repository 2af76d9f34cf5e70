import { beforeAll, describe, expect, test } from "vitest";
import { callApi, seedTenant, uniqueId } from "../../testing/tenants";
import { addBot, addContacts, telegramContact } from "../../testing/contacts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

async function list(key: string, params: Record<string, unknown> = {}, verb = "GET") {
  const answer = await callApi(database.db, "getContacts", { key, verb, params });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const ids = (body: { data: { id: number }[] }) => body.data.map((contact) => contact.id);

/**
 * Two bots; ids and creation times disagree, and three contacts share one created_at (ties broken by id).
 * By id: a1 < b1 < a2 < b2 < a3 < b3. By creation: b3 (Jan) < a2 = b1 = a3 (Feb, ties) < a1 (Mar) < b2 (Apr).
 */
async function seedOrdered() {
  const tenant = await seedTenant(database.db);
  const second = await addBot(database.db, tenant);
  const base = uniqueId();
  const tie = "2025-02-01T00:00:00Z";
  const [a1, b1, a2, b2, a3, b3] = [1, 2, 3, 4, 5, 6].map((n) => base + n);
  await addContacts(database.db, [
    telegramContact(tenant.botId, { id: a1, name: "Anna one", created_at: "2025-03-01T00:00:00Z" }),
    telegramContact(second, { id: b1, name: "Boris one", created_at: tie }),
    telegramContact(tenant.botId, { id: a2, name: "Anna two", created_at: tie }),
    telegramContact(second, { id: b2, name: "Boris two", created_at: "2025-04-01T00:00:00Z" }),
    telegramContact(tenant.botId, { id: a3, name: "Anna three", created_at: tie }),
    telegramContact(second, { id: b3, name: "Boris three", created_at: "2025-01-01T00:00:00Z" }),
  ]);
  return { tenant, second, a1, b1, a2, b2, a3, b3 };
}

describe("getContacts: the sort extension", () => {
  let s: Awaited<ReturnType<typeof seedOrdered>>;
  beforeAll(async () => {
    s = await seedOrdered();
  });

  test("sort: each order over both bots, ties on created_at broken by id in the same direction", async () => {
    const { a1, b1, a2, b2, a3, b3 } = s;
    const key = s.tenant.key;
    expect(ids(await list(key))).toEqual([a1, b1, a2, b2, a3, b3]);
    expect(ids(await list(key, { sort: "id" }))).toEqual([a1, b1, a2, b2, a3, b3]);
    expect(ids(await list(key, { sort: "-id" }))).toEqual([b3, a3, b2, a2, b1, a1]);
    expect(ids(await list(key, { sort: "created_at" }))).toEqual([b3, b1, a2, a3, a1, b2]);
    expect(ids(await list(key, { sort: "-created_at" }))).toEqual([b2, a1, a3, a2, b1, b3]);
  });

  test("sort: page mode and offset mode page through the same order, meta.total unchanged", async () => {
    const { a1, b1, a2, b2, a3, b3 } = s;
    const key = s.tenant.key;
    const pages = [1, 2, 3].map((page) => list(key, { sort: "-created_at", count: 2, page }));
    const bodies = await Promise.all(pages);
    expect(bodies.map(ids)).toEqual([
      [b2, a1],
      [a3, a2],
      [b1, b3],
    ]);
    expect(bodies.map((body) => body.meta.total)).toEqual([6, 6, 6]);
    const batch = await list(key, { sort: "created_at", offset: 1, limit: 3 });
    expect(ids(batch)).toEqual([b1, a2, a3]);
    expect(batch.meta).toEqual({ offset: 1, limit: 3, total: 6 });
    expect(ids(await list(key, { sort: "-id", offset: 4, limit: 10 }))).toEqual([b1, a1]);
  });

  test("sort: with bot_id, date_from, date_to and search", async () => {
    const { second, a1, a2, a3, b1, b2 } = s;
    const key = s.tenant.key;
    const feb = Date.parse("2025-02-01T00:00:00Z") / 1000;
    const mar = Date.parse("2025-03-01T00:00:00Z") / 1000;
    expect(ids(await list(key, { sort: "-created_at", bot_id: s.tenant.botId }))).toEqual([a1, a3, a2]);
    expect(ids(await list(key, { sort: "-id", date_from: feb, date_to: mar }))).toEqual([a3, a2, b1, a1]);
    expect(ids(await list(key, { sort: "created_at", date_from: feb, bot_id: second }))).toEqual([b1, b2]);
    const found = await list(key, { sort: "-created_at", search: "anna" });
    expect(ids(found)).toEqual([a1, a3, a2]);
    expect(found.meta.total).toBe(3);
    expect(ids(await list(key, { sort: "-id", search: "anna", offset: 1, limit: 1 }))).toEqual([a2]);
  });

  test("sort: POST as JSON and as a form answers the same as GET", async () => {
    const get = ids(await list(s.tenant.key, { sort: "-created_at" }));
    expect(ids(await list(s.tenant.key, { sort: "-created_at" }, "POST"))).toEqual(get);
    const form = await callApi(database.db, "getContacts", { key: s.tenant.key, params: { sort: "-created_at" }, form: "urlencoded" });
    expect(ids(form.body)).toEqual(get);
  });
});

describe("getContacts: sort validation", () => {
  test.each([["name"], ["ID"], ["+id"], ["created"], [5], [["id"]]])("sort = %j is a 422 on sort", async (value) => {
    const { key } = await seedTenant(database.db);
    const answer = await callApi(database.db, "getContacts", { key, params: { sort: value } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: "The selected sort is invalid.", errors: { sort: ["The selected sort is invalid."] } });
  });

  test("sort: blank is the same as absent (ascending id)", async () => {
    const { key, botId } = await seedTenant(database.db);
    const base = uniqueId();
    await addContacts(database.db, [
      telegramContact(botId, { id: base + 2, created_at: "2025-01-01T00:00:00Z" }),
      telegramContact(botId, { id: base + 1, created_at: "2025-02-01T00:00:00Z" }),
    ]);
    expect(ids(await list(key, { sort: "" }))).toEqual([base + 1, base + 2]);
  });
});
