import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { applyFixtures } from "../../operator/fixtures";
import { BASE_URL, callApi, seedTenant, uniqueId } from "../../testing/tenants";
import { addBot, addContacts, seedContacts, telegramContact, visibleIds } from "../../testing/contacts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const PATH = `${BASE_URL}/api/v1/getContacts`;
const pageUrl = (page: number) => `${PATH}?page=${page}`;

async function list(key: string, params: Record<string, unknown> = {}, verb = "GET") {
  const answer = await callApi(database.db, "getContacts", { key, verb, params });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const ids = (body: { data: { id: number }[] }) => body.data.map((contact) => contact.id);

const COMMON_HEAD = ["id", "bot_id", "phone", "email", "name", "address", "messenger", "utm", "avatar"];
const COMMON_TAIL = ["created_at", "unsubscribed_at", "tags", "variables"];

describe("getContacts: the contact object", () => {
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  const base = uniqueId();
  const ids = { telegram: base + 1, max: base + 2, vk: base + 3, viber: base + 4, web: base + 5 };

  beforeAll(async () => {
    tenant = await seedTenant(database.db);
    await addContacts(database.db, [
      {
        id: ids.telegram,
        bot_id: tenant.botId,
        messenger: "telegram",
        name: "Ann",
        telegram_id: "5551234",
        telegram_username: "ann",
        phone: "79991234567",
        email: "ann@example.com",
        address: "Main street 1",
        avatar: "https://cdn.example.com/ann.jpg",
        created_at: "2026-01-05T10:00:00+00:00",
        unsubscribed_at: "2026-02-01T08:30:00Z",
        tags: ["vip", "new"],
        variables: [
          { id: base + 101, name: "utm_source", value: "ads", type: 0 },
          { id: base + 102, name: "city", value: "Paris", type: 0, schema_id: "s-1", deletable: false, payload: { a: 1 } },
          { id: base + 103, name: "utm_campaign", value: "spring", type: 0 },
          { id: base + 104, name: "photo", value: "https://short.example/x", type: 1 },
        ],
      },
      { id: ids.max, bot_id: tenant.botId, messenger: "max", name: "Max", max_user_id: "123456789", max_username: "maxi", created_at: "2026-01-05T10:00:01Z" },
      { id: ids.vk, bot_id: tenant.botId, messenger: "vk", name: "Vasya", vk_user_id: 987654, created_at: "2026-01-05T10:00:02Z" },
      { id: ids.viber, bot_id: tenant.botId, messenger: "viber", name: "Vi", viber_id: "AbC+dEf==", created_at: "2026-01-05T10:00:03Z" },
      { id: ids.web, bot_id: tenant.botId, messenger: "web", name: "Webby", created_at: "2026-01-05T10:00:04Z" },
    ]);
  });

  const byMessenger = async () => {
    const body = await list(tenant.key, { bot_id: tenant.botId });
    return Object.fromEntries(body.data.map((contact: { messenger: string }) => [contact.messenger, contact]));
  };

  test("telegram: telegram_id as a string, telegram_username, vk_user_id null, utm of the utm_ variables, keys in the spec's order", async () => {
    const { telegram } = await byMessenger();
    expect(telegram).toEqual({
      id: ids.telegram,
      bot_id: tenant.botId,
      phone: "79991234567",
      email: "ann@example.com",
      name: "Ann",
      address: "Main street 1",
      messenger: "telegram",
      utm: { utm_source: "ads", utm_campaign: "spring" },
      avatar: "https://cdn.example.com/ann.jpg",
      telegram_id: "5551234",
      telegram_username: "ann",
      vk_user_id: null,
      created_at: "2026-01-05T10:00:00+00:00",
      unsubscribed_at: "2026-02-01T08:30:00+00:00",
      tags: ["vip", "new"],
      variables: [
        { id: base + 101, name: "utm_source", value: "ads", type: 0, schema_id: null, deletable: true, payload: null },
        { id: base + 102, name: "city", value: "Paris", type: 0, schema_id: "s-1", deletable: false, payload: { a: 1 } },
        { id: base + 103, name: "utm_campaign", value: "spring", type: 0, schema_id: null, deletable: true, payload: null },
        { id: base + 104, name: "photo", value: "https://short.example/x", type: 1, schema_id: null, deletable: true, payload: null },
      ],
    });
    expect(Object.keys(telegram)).toEqual([...COMMON_HEAD, "telegram_id", "telegram_username", "vk_user_id", ...COMMON_TAIL]);
    expect(Object.keys(telegram.utm)).toEqual(["utm_source", "utm_campaign"]);
  });

  test("max: max_user_id as a JSON number and max_username; no telegram or viber keys", async () => {
    const { max } = await byMessenger();
    expect(Object.keys(max)).toEqual([...COMMON_HEAD, "max_user_id", "max_username", "vk_user_id", ...COMMON_TAIL]);
    expect(max).toMatchObject({ messenger: "max", max_user_id: 123456789, max_username: "maxi", vk_user_id: null, utm: [], tags: [], variables: [] });
  });

  test("vk: vk_user_id as a JSON number", async () => {
    const { vk } = await byMessenger();
    expect(Object.keys(vk)).toEqual([...COMMON_HEAD, "vk_user_id", ...COMMON_TAIL]);
    expect(vk).toMatchObject({ messenger: "vk", vk_user_id: 987654 });
  });

  test("viber: viber_id as a string, vk_user_id null", async () => {
    const { viber } = await byMessenger();
    expect(Object.keys(viber)).toEqual([...COMMON_HEAD, "vk_user_id", "viber_id", ...COMMON_TAIL]);
    expect(viber).toMatchObject({ messenger: "viber", viber_id: "AbC+dEf==", vk_user_id: null });
  });

  test("web: no messenger-specific key but vk_user_id null", async () => {
    const { web } = await byMessenger();
    expect(web).toEqual({
      id: ids.web,
      bot_id: tenant.botId,
      phone: null,
      email: null,
      name: "Webby",
      address: null,
      messenger: "web",
      utm: [],
      avatar: null,
      vk_user_id: null,
      created_at: "2026-01-05T10:00:04+00:00",
      unsubscribed_at: null,
      tags: [],
      variables: [],
    });
    expect(Object.keys(web)).toEqual([...COMMON_HEAD, "vk_user_id", ...COMMON_TAIL]);
  });

  test("the JSON text: utm [] when none, numbers for max_user_id and vk_user_id, strings for telegram_id and viber_id", async () => {
    const answer = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { bot_id: tenant.botId } });
    expect(answer.text).toContain('"telegram_id":"5551234"');
    expect(answer.text).toContain('"max_user_id":123456789');
    expect(answer.text).toContain('"vk_user_id":987654');
    expect(answer.text).toContain('"viber_id":"AbC+dEf=="');
    expect(answer.text).toContain('"utm":[]');
  });
});

describe("getContacts: page mode", () => {
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  let all: number[];

  beforeAll(async () => {
    ({ tenant } = await seedContacts(database.db, 45));
    all = await visibleIds(database.db, tenant.holderId);
  });

  test("defaults: page 1 of 20, the paginator's links and meta exactly", async () => {
    const body = await list(tenant.key);
    expect(ids(body)).toEqual(all.slice(0, 20));
    expect(body.links).toEqual({ first: pageUrl(1), last: pageUrl(3), prev: null, next: pageUrl(2) });
    expect(body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 3,
      links: [
        { url: null, label: "&laquo; Previous", active: false },
        { url: pageUrl(1), label: "1", active: true },
        { url: pageUrl(2), label: "2", active: false },
        { url: pageUrl(3), label: "3", active: false },
        { url: pageUrl(2), label: "Next &raquo;", active: false },
      ],
      path: PATH,
      per_page: 20,
      to: 20,
      total: 45,
    });
    expect(Object.keys(body)).toEqual(["data", "links", "meta"]);
  });

  test("pages follow on by ascending id; the last page has next null; past the end data is empty", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(tenant.key, { page, count: 20 }));
    expect(pages.flatMap(ids)).toEqual(all);
    expect(pages[1].links).toEqual({ first: pageUrl(1), last: pageUrl(3), prev: pageUrl(1), next: pageUrl(3) });
    expect(pages[2].links).toEqual({ first: pageUrl(1), last: pageUrl(3), prev: pageUrl(2), next: null });
    expect(pages[2].meta).toMatchObject({ current_page: 3, from: 41, to: 45, last_page: 3, total: 45 });
    const beyond = await list(tenant.key, { page: 4 });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ current_page: 4, from: null, to: null, last_page: 3, total: 45 });
    expect(beyond.links).toEqual({ first: pageUrl(1), last: pageUrl(3), prev: pageUrl(3), next: null });
  });

  test("count sets the page size, 1 and 500 at the edges; links carry only page whatever else is sent", async () => {
    const seven = await list(tenant.key, { count: 7, page: 2, bot_id: tenant.botId, date_from: 0, with: "tags" });
    expect(ids(seven)).toEqual(all.slice(7, 14));
    expect(seven.meta).toMatchObject({ per_page: 7, from: 8, to: 14, last_page: 7, total: 45 });
    expect(seven.links).toEqual({ first: pageUrl(1), last: pageUrl(7), prev: pageUrl(1), next: pageUrl(3) });
    expect(ids(await list(tenant.key, { count: 1, page: 45 }))).toEqual([all[44]]);
    const max = await list(tenant.key, { count: 500 });
    expect(ids(max)).toEqual(all);
    expect(max.meta).toMatchObject({ per_page: 500, last_page: 1 });
  });

  test("POST as JSON and as a form answers the same as GET", async () => {
    const get = await list(tenant.key, { count: 5, page: 3 });
    expect(await list(tenant.key, { count: 5, page: 3 }, "POST")).toEqual(get);
    const form = await callApi(database.db, "getContacts", { key: tenant.key, params: { count: 5, page: 3 }, form: "urlencoded" });
    expect(form.body).toEqual(get);
  });
});

describe("getContacts: offset mode", () => {
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  let all: number[];

  beforeAll(async () => {
    ({ tenant } = await seedContacts(database.db, 23));
    all = await visibleIds(database.db, tenant.holderId);
  });

  test("batches across boundaries: meta {offset, limit, total}, no links, the batches add up to every contact once", async () => {
    const batches = [];
    for (let offset = 0; offset < 30; offset += 5) {
      const body = await list(tenant.key, { offset, limit: 5 });
      expect(Object.keys(body)).toEqual(["data", "meta"]);
      expect(body.meta).toEqual({ offset, limit: 5, total: 23 });
      expect(ids(body)).toEqual(all.slice(offset, offset + 5));
      batches.push(body);
    }
    expect(batches.flatMap(ids)).toEqual(all);
    expect(batches[4].data).toHaveLength(3);
    expect(batches[5].data).toEqual([]);
  });

  test("offset alone takes limit 100; limit alone starts at 0; page and count are ignored", async () => {
    expect((await list(tenant.key, { offset: 20 })).meta).toEqual({ offset: 20, limit: 100, total: 23 });
    const limitOnly = await list(tenant.key, { limit: 3, page: 5, count: 2 });
    expect(limitOnly.meta).toEqual({ offset: 0, limit: 3, total: 23 });
    expect(ids(limitOnly)).toEqual(all.slice(0, 3));
    expect(ids(await list(tenant.key, { offset: 22, limit: 1000 }))).toEqual([all[22]]);
  });

  test("an offset that does not follow a previous batch is still exact", async () => {
    for (const offset of [17, 3, 11, 0, 22]) {
      expect(ids(await list(tenant.key, { offset, limit: 4 }))).toEqual(all.slice(offset, offset + 4));
    }
  });
});

describe("getContacts: order and filters", () => {
  test("sorted by ascending id, not by creation time or insertion order", async () => {
    const tenant = await seedTenant(database.db);
    const base = uniqueId();
    await addContacts(database.db, [
      telegramContact(tenant.botId, { id: base + 30, created_at: "2025-01-01T00:00:00Z" }),
      telegramContact(tenant.botId, { id: base + 10, created_at: "2025-03-01T00:00:00Z" }),
      telegramContact(tenant.botId, { id: base + 20, created_at: "2025-02-01T00:00:00Z" }),
    ]);
    expect(ids(await list(tenant.key))).toEqual([base + 10, base + 20, base + 30]);
    expect(ids(await list(tenant.key, { offset: 1, limit: 2 }))).toEqual([base + 20, base + 30]);
  });

  test("date_from and date_to are inclusive Unix seconds; date_to covers its whole second", async () => {
    const tenant = await seedTenant(database.db);
    const t = Date.parse("2025-06-15T12:34:56Z") / 1000;
    const at = (seconds: number) => new Date(seconds * 1000).toISOString();
    const contacts = await addContacts(database.db, [
      telegramContact(tenant.botId, { created_at: at(t - 1) }),
      telegramContact(tenant.botId, { created_at: at(t) }),
      telegramContact(tenant.botId, { created_at: at(t + 0.999) }),
      telegramContact(tenant.botId, { created_at: at(t + 1) }),
      telegramContact(tenant.botId, { created_at: at(t + 2) }),
    ]);
    const [before, exact, sameSecond, next, after] = contacts.map((c) => c.id);
    expect(ids(await list(tenant.key, { date_from: t }))).toEqual([exact, sameSecond, next, after]);
    expect(ids(await list(tenant.key, { date_to: t }))).toEqual([before, exact, sameSecond]);
    expect(ids(await list(tenant.key, { date_from: t, date_to: t }))).toEqual([exact, sameSecond]);
    expect(ids(await list(tenant.key, { date_from: t + 1, date_to: t + 1, offset: 0 }))).toEqual([next]);
    const window = await list(tenant.key, { date_from: t - 1, date_to: t + 1 });
    expect(ids(window)).toEqual([before, exact, sameSecond, next]);
    expect(window.meta.total).toBe(4);
    expect((await list(tenant.key, { date_from: t + 3 })).meta.total).toBe(0);
    expect((await list(tenant.key, { date_from: t + 1, date_to: t })).data).toEqual([]);
  });

  test("bot_id limits to that bot; without it every own bot is listed, merged by id", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const base = uniqueId();
    await addContacts(database.db, [
      telegramContact(tenant.botId, { id: base + 1 }),
      telegramContact(second, { id: base + 2 }),
      telegramContact(tenant.botId, { id: base + 3 }),
      telegramContact(second, { id: base + 4 }),
      telegramContact(second, { id: base + 5 }),
    ]);
    expect(ids(await list(tenant.key))).toEqual([base + 1, base + 2, base + 3, base + 4, base + 5]);
    expect(ids(await list(tenant.key, { offset: 1, limit: 3 }))).toEqual([base + 2, base + 3, base + 4]);
    expect(ids(await list(tenant.key, { bot_id: second }))).toEqual([base + 2, base + 4, base + 5]);
    expect(ids(await list(tenant.key, { bot_id: String(tenant.botId) }))).toEqual([base + 1, base + 3]);
  });

  test("a foreign, unknown, deleted or member-only bot_id gives an empty list with total 0, not an error", async () => {
    const tenant = await seedTenant(database.db);
    const other = await seedTenant(database.db);
    const hidden = await addContacts(database.db, [telegramContact(other.botId)]);
    const deletedBot = await addBot(database.db, tenant, { deleted: true });
    hidden.push(...(await addContacts(database.db, [telegramContact(deletedBot)])));
    const memberProject = randomUUID();
    const memberBot = uniqueId();
    await applyFixtures(database.db, {
      projects: [{ uuid: memberProject, account_id: other.holderId, members: [tenant.holderId] }],
      bots: [{ id: memberBot, project_uuid: memberProject }],
    });
    hidden.push(...(await addContacts(database.db, [telegramContact(memberBot)])));
    for (const botId of [other.botId, uniqueId(), deletedBot, memberBot]) {
      const page = await list(tenant.key, { bot_id: botId });
      expect(page).toEqual({
        data: [],
        links: { first: pageUrl(1), last: pageUrl(1), prev: null, next: null },
        meta: {
          current_page: 1,
          from: null,
          last_page: 1,
          links: [
            { url: null, label: "&laquo; Previous", active: false },
            { url: pageUrl(1), label: "1", active: true },
            { url: null, label: "Next &raquo;", active: false },
          ],
          path: PATH,
          per_page: 20,
          to: null,
          total: 0,
        },
      });
      expect(await list(tenant.key, { bot_id: botId, offset: 0 })).toEqual({ data: [], meta: { offset: 0, limit: 100, total: 0 } });
      // The other orders, a search and contact ids check the bot in their own statements too.
      const empty = { data: [], meta: { offset: 0, limit: 100, total: 0 } };
      for (const extra of [{ sort: "-created_at" }, { sort: "id", date_from: 0 }, { search: "Contact" }, { contact_ids: hidden.map((c) => c.id) }]) {
        expect(await list(tenant.key, { bot_id: botId, offset: 0, ...extra }), JSON.stringify(extra)).toEqual(empty);
      }
    }
    // The same bots' contacts are there to be found: the tenant's own bot lists its contact in each of these ways.
    const [own] = await addContacts(database.db, [telegramContact(tenant.botId)]);
    for (const extra of [{}, { sort: "-created_at" }, { search: "Contact" }, { contact_ids: [own.id, ...hidden.map((c) => c.id)] }]) {
      expect(ids(await list(tenant.key, { bot_id: tenant.botId, offset: 0, ...extra })), JSON.stringify(extra)).toEqual([own.id]);
    }
  });

  test("preview and deleted contacts, a deleted bot's contacts, member projects and other holders never appear", async () => {
    const tenant = await seedTenant(database.db);
    const other = await seedTenant(database.db);
    const deletedBot = await addBot(database.db, tenant, { deleted: true });
    const memberProject = randomUUID();
    const memberBot = uniqueId();
    await applyFixtures(database.db, {
      projects: [{ uuid: memberProject, account_id: other.holderId, members: [tenant.holderId] }],
      bots: [{ id: memberBot, project_uuid: memberProject }],
    });
    const [visible] = await addContacts(database.db, [
      telegramContact(tenant.botId),
      telegramContact(tenant.botId, { preview: true }),
      telegramContact(tenant.botId, { deleted: true }),
      telegramContact(deletedBot),
      telegramContact(memberBot),
      telegramContact(other.botId),
    ]);
    expect(ids(await list(tenant.key))).toEqual([visible.id]);
    expect((await list(tenant.key)).meta.total).toBe(1);
    expect(await list(tenant.key, { offset: 0, limit: 10 })).toMatchObject({ meta: { total: 1 } });
    const count = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, verb: "GET" });
    expect(count.body).toEqual({ count: 1 });
  });
});

describe("getContacts: validation", () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await seedTenant(database.db));
  });

  test.each([
    ["count", 0, "The count field must be at least 1."],
    ["count", 501, "The count field must not be greater than 500."],
    ["count", "abc", "The count field must be an integer."],
    ["count", 2.5, "The count field must be an integer."],
    ["page", 0, "The page field must be at least 1."],
    ["page", -3, "The page field must be at least 1."],
    ["offset", -1, "The offset field must be at least 0."],
    ["offset", "1.5", "The offset field must be an integer."],
    ["limit", 0, "The limit field must be at least 1."],
    ["limit", 1001, "The limit field must not be greater than 1000."],
    ["bot_id", "ten", "The bot id field must be an integer."],
    ["date_from", "yesterday", "The date from field must be an integer."],
    ["date_to", 1.5, "The date to field must be an integer."],
  ])("%s = %j is a 422 on %s", async (field, value, text) => {
    const answer = await callApi(database.db, "getContacts", { key, params: { [field]: value } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: text, errors: { [field]: [text] } });
  });

  test("every invalid field is listed, in Russian when asked", async () => {
    const answer = await callApi(database.db, "getContacts", {
      key,
      verb: "GET",
      params: { count: 0, limit: 5000 },
      headers: { "accept-language": "ru" },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      count: ["Поле count должно быть не меньше 1."],
      limit: ["Поле limit не может быть больше 1000."],
    });
  });

  test("edges are accepted: count 1 and 500, limit 1 and 1000, offset 0, page 1", async () => {
    for (const params of [{ count: 1 }, { count: 500 }, { limit: 1 }, { limit: 1000 }, { offset: 0 }, { page: 1 }]) {
      expect((await callApi(database.db, "getContacts", { key, params })).status).toBe(200);
    }
  });
});
