import { beforeAll, describe, expect, test } from "vitest";
import { callApi, seedTenant, type Tenant } from "../testing/tenants";
import { addBot, addContacts, telegramContact } from "../testing/contacts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

/** The `contact_ids` extension of getContacts and getNumberOfContacts (scope.ts). */
const database = useTestDatabase();

const idsOf = (body: { data: { id: number }[] }) => body.data.map((contact) => contact.id);

describe("contact_ids: only the named contacts", () => {
  let tenant: Tenant;
  let other: Tenant;
  let secondBot: number;
  let mine: { id: number }[];
  let elsewhere: { id: number };
  let foreign: { id: number };
  let deleted: { id: number };

  beforeAll(async () => {
    tenant = await seedTenant(database.db);
    other = await seedTenant(database.db);
    secondBot = await addBot(database.db, tenant);
    mine = await addContacts(
      database.db,
      ["2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z", "2026-01-04T00:00:00Z"].map((at, i) =>
        telegramContact(tenant.botId, { created_at: at, name: i === 1 ? "Ivan Petrov" : `Person ${i}` }),
      ),
    );
    [elsewhere] = await addContacts(database.db, [telegramContact(secondBot, { created_at: "2026-01-02T12:00:00Z" })]);
    [foreign] = await addContacts(database.db, [telegramContact(other.botId)]);
    [deleted] = await addContacts(database.db, [telegramContact(tenant.botId, { deleted: true })]);
  });

  async function list(params: Record<string, unknown>, verb = "GET") {
    const answer = await callApi(database.db, "getContacts", { key: tenant.key, verb, params });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  }

  async function count(params: Record<string, unknown>, verb = "GET") {
    const answer = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, verb, params });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.count as number;
  }

  test("lists and counts exactly the holder's live contacts among the ids, in id order, each once", async () => {
    const asked = [mine[2].id, foreign.id, mine[0].id, deleted.id, elsewhere.id, mine[0].id, 999_999_999_999];
    for (const verb of ["GET", "POST"]) {
      const page = await list({ contact_ids: asked }, verb);
      expect(idsOf(page)).toEqual([mine[0].id, mine[2].id, elsewhere.id].sort((a, b) => a - b));
      expect(page.meta.total).toBe(3);
      expect(await count({ contact_ids: asked }, verb)).toBe(3);
    }
  });

  test("urlencoded and multipart forms carry the ids with brackets, like any array", async () => {
    const ids = [mine[1].id, mine[3].id];
    for (const form of ["urlencoded", "multipart"] as const) {
      const answer = await callApi(database.db, "getContacts", { key: tenant.key, params: { contact_ids: ids }, form });
      expect(answer.status, answer.text).toBe(200);
      expect(idsOf(answer.body)).toEqual(ids);
    }
  });

  test("a query string carries them as contact_ids[]=…, contact_ids[0]=… or a repeated contact_ids=…", async () => {
    const [a, b] = [mine[1].id, mine[3].id];
    for (const query of [`contact_ids[]=${a}&contact_ids[]=${b}`, `contact_ids[0]=${a}&contact_ids[1]=${b}`, `contact_ids=${a}&contact_ids=${b}`]) {
      const page = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", query });
      expect(page.status, `${query}: ${page.text}`).toBe(200);
      expect(idsOf(page.body), query).toEqual([a, b]);
      const counted = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, verb: "GET", query });
      expect(counted.body, query).toEqual({ count: 2 });
    }
    // One id alone is a list of one, as a repeated key of one is.
    const single = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", query: `contact_ids[]=${a}` });
    expect(idsOf(single.body)).toEqual([a]);
  });

  test("AND with bot_id, the date range and search; offset mode and the sort extension keep the set", async () => {
    const all = mine.map((c) => c.id).concat(elsewhere.id);
    expect(idsOf(await list({ contact_ids: all, bot_id: secondBot }))).toEqual([elsewhere.id]);
    expect(await count({ contact_ids: all, bot_id: tenant.botId })).toBe(4);
    const from = Date.parse("2026-01-02T00:00:00Z") / 1000;
    const to = Date.parse("2026-01-03T00:00:00Z") / 1000;
    expect(idsOf(await list({ contact_ids: all, date_from: from, date_to: to }))).toEqual([mine[1].id, elsewhere.id, mine[2].id].sort((a, b) => a - b));
    expect(idsOf(await list({ contact_ids: all, search: "petrov" }))).toEqual([mine[1].id]);
    expect(await count({ contact_ids: [mine[0].id], search: "petrov" })).toBe(0);
    const batch = await list({ contact_ids: all, offset: 1, limit: 2 });
    expect(batch.meta).toEqual({ offset: 1, limit: 2, total: 5 });
    expect(idsOf(batch)).toEqual([...all].sort((a, b) => a - b).slice(1, 3));
    const newest = await list({ contact_ids: mine.map((c) => c.id), sort: "-created_at" });
    expect(idsOf(newest)).toEqual(mine.map((c) => c.id).reverse());
  });

  test.each([
    ["an empty array", [], "contact_ids"],
    ["a text", "12,13", "contact_ids"],
    ["a non-integer item", [1, "x"], "contact_ids.1"],
    ["1,001 ids", Array.from({ length: 1001 }, (_, i) => i + 1), "contact_ids"],
  ])("%s is a 422 on %s and changes nothing", async (_title, value, key) => {
    for (const method of ["getContacts", "getNumberOfContacts"]) {
      const answer = await callApi(database.db, method, { key: tenant.key, verb: "POST", params: { contact_ids: value } });
      expect(answer.status, answer.text).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual([key]);
    }
  });

  test("1,000 ids are accepted", async () => {
    const ids = Array.from({ length: 999 }, (_, i) => 900_000_000_000 + i).concat(mine[0].id);
    expect(await count({ contact_ids: ids }, "POST")).toBe(1);
  });
});
