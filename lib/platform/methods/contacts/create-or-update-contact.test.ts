import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "../../operator/fixtures";
import { inspectContact } from "../../operator/inspect";
import { callApi, seedTenant, uniqueId, type Tenant } from "../../testing/tenants";
import { addBot, addContacts, telegramContact } from "../../testing/contacts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

function upsert(tenant: Tenant, params: Record<string, unknown>, call: { verb?: string; form?: "urlencoded"; headers?: Record<string, string> } = {}) {
  return callApi(database.db, "createOrUpdateContact", { key: tenant.key, params: { bot_id: tenant.botId, ...params }, ...call });
}

async function subscriberCount(botId: number): Promise<number> {
  const [row] = await queryRows<{ n: string }>(database.db, sql`SELECT subscriber_count::text AS n FROM platform.bots WHERE id = ${botId}`);
  return Number(row.n);
}

async function contactsWith(botId: number, messengerId: string) {
  return queryRows<{ id: string; deleted: boolean; preview: boolean }>(
    database.db,
    sql`SELECT id::text, deleted, preview FROM platform.contacts WHERE bot_id = ${botId} AND messenger_id = ${messengerId} ORDER BY id`,
  );
}

describe("createOrUpdateContact: create", () => {
  test("a new telegram contact: 201 {data: <contact>}, phone without +, first message 'Created from API', subscriber count + 1", async () => {
    const tenant = await seedTenant(database.db);
    const telegramId = uniqueId();
    const before = await subscriberCount(tenant.botId);
    const answer = await upsert(tenant, {
      messenger: "telegram",
      telegram_id: telegramId,
      telegram_username: "@ann",
      name: "Ann",
      phone: "+79991234567",
      email: "ann@example.com",
      address: "Main street 1",
      tags: ["vip", "new", "vip"],
    });
    expect(answer.status, answer.text).toBe(201);
    expect(Object.keys(answer.body)).toEqual(["data"]);
    const contact = answer.body.data;
    expect(contact).toEqual({
      id: expect.any(Number),
      bot_id: tenant.botId,
      phone: "79991234567",
      email: "ann@example.com",
      name: "Ann",
      address: "Main street 1",
      messenger: "telegram",
      utm: [],
      avatar: null,
      telegram_id: String(telegramId),
      telegram_username: "ann",
      vk_user_id: null,
      created_at: expect.stringMatching(TIMESTAMP),
      unsubscribed_at: null,
      tags: ["vip", "new"],
      variables: [],
    });
    const inspected = await inspectContact(database.db, contact.id);
    expect(inspected?.messages.map((m) => m.text)).toEqual(["Created from API"]);
    expect(inspected?.bot.subscriber_count).toBe(before + 1);
    expect(inspected?.scenarios_started).toBe(0);
    expect(inspected?.outgoing_messages).toBe(0);
    // It is listed and counted like any other contact.
    const listed = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { bot_id: tenant.botId } });
    expect(listed.body.data).toEqual([contact]);
    const got = await callApi(database.db, "getContact", { key: tenant.key, verb: "GET", params: { contact_id: contact.id } });
    expect(got.body).toEqual({ data: contact });
  });

  test.each([
    ["max with max_id", { messenger: "max", max_id: 424242, max_username: "maxi" }, { max_user_id: 424242, max_username: "maxi", vk_user_id: null }],
    ["max with the alias max_user_id", { messenger: "max", max_user_id: "434343" }, { max_user_id: 434343, max_username: null, vk_user_id: null }],
    ["vk with vk_id", { messenger: "vk", vk_id: 5151 }, { vk_user_id: 5151 }],
    ["vk with the alias vk_user_id", { messenger: "vk", vk_user_id: "5252" }, { vk_user_id: 5252 }],
    ["viber with viber_id", { messenger: "viber", viber_id: "01234567890A==" }, { vk_user_id: null, viber_id: "01234567890A==" }],
    [
      "telegram with telegram_id as a string of digits",
      { messenger: "telegram", telegram_id: "777000777" },
      { telegram_id: "777000777", telegram_username: null, vk_user_id: null },
    ],
  ])("%s: 201 with that messenger's keys only", async (_title, params, keys) => {
    const tenant = await seedTenant(database.db);
    const answer = await upsert(tenant, { name: "N", ...params });
    expect(answer.status, answer.text).toBe(201);
    const { id, bot_id, phone, email, name, address, messenger, utm, avatar, created_at, unsubscribed_at, tags, variables, ...specific } = answer.body.data;
    expect(specific).toEqual(keys);
    expect({ bot_id, phone, email, name, address, messenger, utm, avatar, unsubscribed_at, tags, variables }).toEqual({
      bot_id: tenant.botId,
      phone: null,
      email: null,
      name: "N",
      address: null,
      messenger: params.messenger,
      utm: [],
      avatar: null,
      unsubscribed_at: null,
      tags: [],
      variables: [],
    });
    expect(typeof id).toBe("number");
    expect(created_at).toMatch(TIMESTAMP);
  });

  test("the same number in another messenger or another bot is another contact", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const n = uniqueId();
    const statuses = [
      (await upsert(tenant, { messenger: "telegram", telegram_id: n, name: "A" })).status,
      (await upsert(tenant, { messenger: "vk", vk_id: n, name: "B" })).status,
      (await upsert(tenant, { messenger: "max", max_id: n, name: "C" })).status,
      (await upsert(tenant, { bot_id: second, messenger: "telegram", telegram_id: n, name: "D" })).status,
    ];
    expect(statuses).toEqual([201, 201, 201, 201]);
    const count = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, verb: "GET" });
    expect(count.body).toEqual({ count: 4 });
  });

  test("a deleted or preview contact with that messenger id is not found: a new contact is created", async () => {
    const tenant = await seedTenant(database.db);
    const [deleted, preview] = await addContacts(database.db, [
      telegramContact(tenant.botId, { deleted: true }),
      telegramContact(tenant.botId, { preview: true }),
    ]);
    for (const old of [deleted, preview]) {
      const answer = await upsert(tenant, { messenger: "telegram", telegram_id: old.telegram_id, name: "Again" });
      expect(answer.status).toBe(201);
      expect(answer.body.data.id).not.toBe(old.id);
      const rows = await contactsWith(tenant.botId, String(old.telegram_id));
      expect(rows).toHaveLength(2);
    }
  });

  test("GET works too, with tags in the query string", async () => {
    const tenant = await seedTenant(database.db);
    const answer = await upsert(tenant, { messenger: "telegram", telegram_id: uniqueId(), name: "Q", tags: ["a", "b"] }, { verb: "GET" });
    expect(answer.status).toBe(201);
    expect(answer.body.data.tags).toEqual(["a", "b"]);
  });
});

describe("createOrUpdateContact: update", () => {
  test("found by messenger id: 200, name replaced, empty or absent fields kept, tags replaced, variables untouched, no new message", async () => {
    const tenant = await seedTenant(database.db);
    const [existing] = await addContacts(database.db, [
      telegramContact(tenant.botId, {
        name: "Old",
        telegram_username: "old_user",
        phone: "70000000000",
        email: "old@example.com",
        address: "Old street",
        tags: ["a", "b"],
        created_at: "2025-01-01T00:00:00Z",
        variables: [
          { name: "utm_source", value: "ads" },
          { name: "score", value: "10" },
        ],
      }),
    ]);
    const before = await subscriberCount(tenant.botId);
    const answer = await upsert(tenant, {
      messenger: "telegram",
      telegram_id: existing.telegram_id,
      name: "New",
      email: "",
      address: null,
      telegram_username: "",
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: existing.id,
      name: "New",
      phone: "70000000000",
      email: "old@example.com",
      address: "Old street",
      telegram_username: "old_user",
      tags: ["a", "b"],
      utm: { utm_source: "ads" },
      created_at: "2025-01-01T00:00:00+00:00",
    });
    expect(answer.body.data.variables.map((v: { name: string; value: string }) => [v.name, v.value])).toEqual([
      ["utm_source", "ads"],
      ["score", "10"],
    ]);
    expect(await subscriberCount(tenant.botId)).toBe(before);
    expect((await inspectContact(database.db, existing.id))?.messages).toEqual([]);

    const changed = await upsert(tenant, {
      messenger: "telegram",
      telegram_id: existing.telegram_id,
      name: "Newer",
      phone: "+12345678901",
      email: "new@example.com",
      address: "New street",
      telegram_username: "new_user",
      tags: ["c"],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: existing.id,
      name: "Newer",
      phone: "12345678901",
      email: "new@example.com",
      address: "New street",
      telegram_username: "new_user",
      tags: ["c"],
    });
  });

  test("tags: [] in JSON removes them all; absent tags keep them", async () => {
    const tenant = await seedTenant(database.db);
    const [existing] = await addContacts(database.db, [telegramContact(tenant.botId, { tags: ["x", "y"] })]);
    const keep = await upsert(tenant, { messenger: "telegram", telegram_id: existing.telegram_id, name: "K" });
    expect(keep.body.data.tags).toEqual(["x", "y"]);
    const cleared = await upsert(tenant, { messenger: "telegram", telegram_id: existing.telegram_id, name: "K", tags: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.tags).toEqual([]);
  });

  test("max_username changes through the alias-found MAX contact; usernames of other messengers are ignored", async () => {
    const tenant = await seedTenant(database.db);
    const maxId = uniqueId();
    expect((await upsert(tenant, { messenger: "max", max_user_id: maxId, name: "M", telegram_username: "nope" })).status).toBe(201);
    const updated = await upsert(tenant, { messenger: "max", max_id: maxId, name: "M2", max_username: "maxi" });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: "M2", max_user_id: maxId, max_username: "maxi" });
    expect(updated.body.data).not.toHaveProperty("telegram_username");
  });

  test("two simultaneous calls with the same new messenger id: one 201, one 200, one contact, count raised once", async () => {
    const tenant = await seedTenant(database.db);
    for (let round = 0; round < 5; round++) {
      const telegramId = uniqueId();
      const before = await subscriberCount(tenant.botId);
      const answers = await Promise.all([
        upsert(tenant, { messenger: "telegram", telegram_id: telegramId, name: "First" }),
        upsert(tenant, { messenger: "telegram", telegram_id: telegramId, name: "Second" }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
      expect(answers[0].body.data.id).toBe(answers[1].body.data.id);
      expect(await contactsWith(tenant.botId, String(telegramId))).toHaveLength(1);
      expect(await subscriberCount(tenant.botId)).toBe(before + 1);
      expect((await inspectContact(database.db, answers[0].body.data.id))?.messages).toHaveLength(1);
    }
  });
});

describe("createOrUpdateContact: bot and validation errors", () => {
  test("a bot that is not the holder's, unknown, deleted or only joined as a member: 404 {message, errors.bot_id}", async () => {
    const tenant = await seedTenant(database.db);
    const other = await seedTenant(database.db);
    const deletedBot = await addBot(database.db, tenant, { deleted: true });
    const memberProject = randomUUID();
    const memberBot = uniqueId();
    await applyFixtures(database.db, {
      projects: [{ uuid: memberProject, account_id: other.holderId, members: [tenant.holderId] }],
      bots: [{ id: memberBot, project_uuid: memberProject }],
    });
    for (const botId of [other.botId, uniqueId(), deletedBot, memberBot]) {
      const answer = await upsert(tenant, { bot_id: botId, messenger: "telegram", telegram_id: uniqueId(), name: "X" });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: "Bot not found.", errors: { bot_id: ["Bot not found."] } });
    }
    const russian = await upsert(tenant, { bot_id: other.botId, messenger: "telegram", telegram_id: 1, name: "X" }, { headers: { "accept-language": "ru" } });
    expect(russian.body).toEqual({ message: "Бот не найден.", errors: { bot_id: ["Бот не найден."] } });
    expect(await subscriberCount(other.botId)).toBe(0);
  });

  const long = "x".repeat(256);
  test.each([
    ["messenger web is not accepted", { messenger: "web", telegram_id: 1 }, { messenger: ["The selected messenger is invalid."] }],
    ["messenger missing", { telegram_id: 1 }, { messenger: ["The messenger field is required."] }],
    ["name missing", { messenger: "telegram", telegram_id: 1, name: undefined }, { name: ["The name field is required."] }],
    ["name longer than 255", { messenger: "telegram", telegram_id: 1, name: long }, { name: ["The name field must not be greater than 255 characters."] }],
    ["telegram without telegram_id", { messenger: "telegram" }, { telegram_id: ["The telegram id field is required when messenger is telegram."] }],
    ["max without max_id or max_user_id", { messenger: "max", telegram_id: 5 }, { max_id: ["The max id field is required when messenger is max."] }],
    ["vk without vk_id or vk_user_id", { messenger: "vk" }, { vk_id: ["The vk id field is required when messenger is vk."] }],
    ["viber without viber_id", { messenger: "viber" }, { viber_id: ["The viber id field is required when messenger is viber."] }],
    ["telegram_id not a number", { messenger: "telegram", telegram_id: "abc" }, { telegram_id: ["The telegram id field must be an integer."] }],
    ["viber_id longer than 255", { messenger: "viber", viber_id: long }, { viber_id: ["The viber id field must not be greater than 255 characters."] }],
    [
      "telegram_username longer than 255",
      { messenger: "telegram", telegram_id: 1, telegram_username: long },
      { telegram_username: ["The telegram username field must not be greater than 255 characters."] },
    ],
    ["phone without +", { messenger: "telegram", telegram_id: 1, phone: "79991234567" }, { phone: ["The phone field format is invalid."] }],
    ["phone of 8 characters", { messenger: "telegram", telegram_id: 1, phone: "+1234567" }, { phone: ["The phone field format is invalid."] }],
    ["phone of 17 characters", { messenger: "telegram", telegram_id: 1, phone: "+1234567890123456" }, { phone: ["The phone field format is invalid."] }],
    ["phone with letters", { messenger: "telegram", telegram_id: 1, phone: "+7999abc4567" }, { phone: ["The phone field format is invalid."] }],
    ["email format", { messenger: "telegram", telegram_id: 1, email: "not-an-email" }, { email: ["The email field must be a valid email address."] }],
    [
      "address longer than 255",
      { messenger: "telegram", telegram_id: 1, address: long },
      { address: ["The address field must not be greater than 255 characters."] },
    ],
    ["tags not an array", { messenger: "telegram", telegram_id: 1, tags: "vip" }, { tags: ["The tags field must be an array."] }],
    [
      "more than 100 tags",
      { messenger: "telegram", telegram_id: 1, tags: Array.from({ length: 101 }, (_, i) => `t${i}`) },
      { tags: ["The tags field must not have more than 100 items."] },
    ],
    [
      "a tag longer than 255",
      { messenger: "telegram", telegram_id: 1, tags: ["ok", long] },
      { "tags.1": ["The tags.1 field must not be greater than 255 characters."] },
    ],
    ["a tag that is not a string", { messenger: "telegram", telegram_id: 1, tags: [5] }, { "tags.0": ["The tags.0 field must be a string."] }],
    ["bot_id missing", { bot_id: undefined, messenger: "telegram", telegram_id: 1 }, { bot_id: ["The bot id field is required."] }],
  ])("%s: 422 with exactly these errors", async (_title, params, errors) => {
    const tenant = await seedTenant(database.db);
    const answer = await upsert(tenant, { name: "N", ...params });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(errors);
    expect(answer.body.message).toBe(Object.values(errors)[0][0]);
    expect(await subscriberCount(tenant.botId)).toBe(0);
  });

  test("every invalid field is listed at once", async () => {
    const tenant = await seedTenant(database.db);
    const answer = await upsert(tenant, { messenger: "telegram", phone: "123", email: "x" });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: "The name field is required. (and 3 more errors)",
      errors: {
        name: ["The name field is required."],
        phone: ["The phone field format is invalid."],
        email: ["The email field must be a valid email address."],
        telegram_id: ["The telegram id field is required when messenger is telegram."],
      },
    });
  });

  test("phone edges: 9 and 16 characters are accepted; null is the same as absent", async () => {
    const tenant = await seedTenant(database.db);
    const nine = await upsert(tenant, { messenger: "telegram", telegram_id: uniqueId(), name: "N", phone: "+12345678" });
    expect(nine.status).toBe(201);
    expect(nine.body.data.phone).toBe("12345678");
    const sixteen = await upsert(tenant, { messenger: "telegram", telegram_id: uniqueId(), name: "N", phone: "+123456789012345" });
    expect(sixteen.body.data.phone).toBe("123456789012345");
    const none = await upsert(tenant, { messenger: "telegram", telegram_id: uniqueId(), name: "N", phone: null });
    expect(none.status).toBe(201);
    expect(none.body.data.phone).toBeNull();
  });
});
