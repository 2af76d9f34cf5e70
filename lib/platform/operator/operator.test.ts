import { describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { handleFixturesRequest, handleInspectRequest } from "./routes";
import { checkOperatorToken, OPERATOR_FAILURES_PER_MINUTE } from "./token";
import { callApi, uniqueId } from "../testing/tenants";
import { createTestDatabase } from "@/lib/db/testing/database";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const TOKEN = "operator-secret-token";
const database = useTestDatabase();

const getDb = async () => database.db;

function post(body: unknown, token: string | null = TOKEN): Request {
  return new Request("http://platform.test/api/operator/fixtures", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function load(body: unknown, token: string | null = TOKEN) {
  const response = await handleFixturesRequest(post(body, token), getDb, TOKEN);
  return { status: response.status, body: await response.json() };
}

async function inspect(contactId: number | string, token = TOKEN) {
  const request = new Request(`http://platform.test/api/operator/inspect?contact_id=${contactId}`, { headers: { authorization: `Bearer ${token}` } });
  const response = await handleInspectRequest(request, getDb, TOKEN);
  return { status: response.status, body: await response.json() };
}

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(`platform.${table}`)}`);
  return row.n;
}

function documentFor(ids: { holder: number; project: string; bot: number; contact: number; account: number; list: string }) {
  return {
    accounts: [{ id: ids.holder, email: "owner@example.com", name: "Owner", plan: "pro", api_key: `key-${ids.holder}`, blocked: false }],
    projects: [{ uuid: ids.project, account_id: ids.holder, name: "Shop", members: [] }],
    bots: [{ id: ids.bot, project_uuid: ids.project, name: "Shop bot", deleted: false }],
    contacts: [
      {
        id: ids.contact,
        bot_id: ids.bot,
        messenger: "telegram",
        name: "Ann",
        telegram_id: "5551234",
        telegram_username: "ann",
        phone: "79991234567",
        email: null,
        address: null,
        avatar: null,
        created_at: "2026-01-05T10:00:00+00:00",
        unsubscribed_at: null,
        preview: false,
        deleted: false,
        tags: ["vip"],
        variables: [{ name: "utm_source", value: "ads", type: 0 }],
      },
    ],
    contact_accounts: [{ id: ids.account, contact_id: ids.contact, currency: "USD", amount: 250, blocked_at: null, created_at: "2026-01-05T10:00:00+00:00" }],
    list_schemas: [{ id: ids.list, project_uuid: ids.project, bot_id: null, name: "Orders", fields: { sku: { name: "SKU", type: "string" } } }],
    deprecations: [{ method: "someOldMethod", sunset: "2030-01-01T00:00:00Z", replacement: null }],
    generate_contacts: [
      { bot_id: ids.bot, count: 100, messenger: "telegram", created_from: "2024-01-01T00:00:00Z", created_to: "2026-01-01T00:00:00Z", preview_every: 10 },
    ],
  };
}

const freshIds = () => ({ holder: uniqueId(), project: randomUUID(), bot: uniqueId(), contact: uniqueId(), account: uniqueId(), list: randomUUID() });

describe("operator token", () => {
  test("operator: no token configured means the routes do not exist (404)", async () => {
    const response = await handleFixturesRequest(post({}), getDb, "");
    expect(response.status).toBe(404);
    const inspectResponse = await handleInspectRequest(new Request("http://x/api/operator/inspect?contact_id=1"), getDb, "");
    expect(inspectResponse.status).toBe(404);
  });

  test.each([
    ["missing", null],
    ["wrong", "not-the-token"],
    ["a prefix", TOKEN.slice(0, 5)],
  ])("operator: a %s token is 401 {error: 'unauthorized'}", async (_name, token) => {
    expect(await load({}, token)).toEqual({ status: 401, body: { error: "unauthorized" } });
  });
});

describe("operator token: failures throttled per address", () => {
  // A fixed minute (30 s in): the count does not start afresh halfway through the test. A random address per run.
  const minute = new Date("2100-01-01T00:00:30Z");
  const address = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
  const check = (from: string, token: string, at = minute) =>
    checkOperatorToken(
      new Request("http://platform.test/api/operator/inspect?contact_id=1", { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": from } }),
      getDb,
      TOKEN,
      at,
    );
  const statusOf = async (answer: Awaited<ReturnType<typeof check>>) => (answer.ok ? 200 : answer.response.status);

  test("past the failures a minute allows, the address waits (429, Retry-After) and even the right token is not compared; another address is not held", async () => {
    const guesser = address();
    const other = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    // Right tokens between the guesses give their attempt back: only failures count.
    expect(await statusOf(await check(guesser, TOKEN))).toBe(200);
    for (let i = 0; i < OPERATOR_FAILURES_PER_MINUTE; i++) expect(await statusOf(await check(guesser, `wrong-${i}`))).toBe(401);
    const refused = await check(guesser, "one-more-guess");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe("30");
    expect(await refused.response.json()).toEqual({ message: "Too Many Attempts." });
    expect(await statusOf(await check(guesser, TOKEN))).toBe(429);
    expect(await statusOf(await check(other, TOKEN))).toBe(200);
    // The next minute starts afresh.
    expect(await statusOf(await check(guesser, TOKEN, new Date("2100-01-01T00:01:05Z")))).toBe(200);
  });
});

describe("fixtures", () => {
  test("fixtures: the example document applies and reports what it applied", async () => {
    const ids = freshIds();
    const answer = await load(documentFor(ids));
    expect(answer).toEqual({
      status: 200,
      body: { applied: { accounts: 1, projects: 1, bots: 1, contacts: 1, contact_accounts: 1, list_schemas: 1, deprecations: 1, generated_contacts: 100 } },
    });
    const me = await callApi(database.db, "getMe", { key: `key-${ids.holder}` });
    expect(me.body.data.projects[0].bots).toEqual([{ id: ids.bot, name: "Shop bot" }]);
  });

  test("fixtures: loading again upserts by id (no duplicates) and a new api_key regenerates the key", async () => {
    const ids = freshIds();
    const doc = documentFor(ids);
    await load({ ...doc, generate_contacts: [] });
    const before = await count("contacts");
    const again = { ...doc, generate_contacts: [], accounts: [{ ...doc.accounts[0], name: "Renamed", api_key: `new-${ids.holder}` }] };
    expect((await load(again)).status).toBe(200);
    expect(await count("contacts")).toBe(before);
    expect((await callApi(database.db, "getMe", { key: `key-${ids.holder}` })).status).toBe(401);
    const me = await callApi(database.db, "getMe", { key: `new-${ids.holder}` });
    expect(me.body.data.name).toBe("Renamed");
  });

  test("fixtures: an invalid document is 422 with dotted paths and changes nothing", async () => {
    const ids = freshIds();
    const before = await count("key_holders");
    const doc = documentFor(ids);
    const bad = { ...doc, bots: [{ ...doc.bots[0], id: "ten" }], contacts: [{ ...doc.contacts[0], messenger: "icq" }] };
    const answer = await load(bad);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(["bots.0.id", "contacts.0.messenger"]);
    expect(typeof answer.body.message).toBe("string");
    expect(await count("key_holders")).toBe(before);
  });

  test("fixtures: a database constraint failure rolls the whole document back (422)", async () => {
    const ids = freshIds();
    const before = { holders: await count("key_holders"), projects: await count("projects") };
    const doc = documentFor(ids);
    const bad = { ...doc, generate_contacts: [], bots: [{ ...doc.bots[0], project_uuid: randomUUID() }] };
    const answer = await load(bad);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(["bots.0"]);
    expect({ holders: await count("key_holders"), projects: await count("projects") }).toEqual(before);
  });

  test("fixtures: generate_contacts is deterministic, spreads created_at evenly and marks every n-th as preview", async () => {
    const fresh = await createTestDatabase();
    try {
      const run = async () => {
        const ids = {
          holder: 1,
          project: "8d4f0c9e-5a7b-4c1d-9e2f-000000000001",
          bot: 10,
          contact: 100,
          account: 500,
          list: "0b6c3c1e-1111-4a2b-8c3d-000000000001",
        };
        const response = await handleFixturesRequest(post({ reset: true, ...documentFor(ids) }), async () => fresh.db, TOKEN);
        expect(response.status).toBe(200);
        return queryRows<{ id: string; messenger_id: string; created_at: Date; preview: boolean }>(
          fresh.db,
          sql`SELECT id::text, messenger_id, created_at, preview FROM platform.contacts WHERE id > 100 ORDER BY id`,
        );
      };
      const first = await run();
      const second = await run();
      expect(second).toEqual(first);
      expect(first).toHaveLength(100);
      expect(first[0].id).toBe("101");
      expect(new Date(first[0].created_at).toISOString()).toBe("2024-01-01T00:00:00.000Z");
      expect(new Date(first[99].created_at).toISOString()).toBe("2026-01-01T00:00:00.000Z");
      expect(first.filter((c) => c.preview).map((c) => Number(c.id) - 100)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
      const [bot] = await queryRows<{ subscriber_count: string }>(fresh.db, sql`SELECT subscriber_count::text FROM platform.bots WHERE id = 10`);
      expect(bot.subscriber_count).toBe("91");
    } finally {
      await fresh.close();
    }
  });

  test("fixtures: reset deletes all platform data first", async () => {
    const fresh = await createTestDatabase();
    try {
      const apply = (doc: unknown) => handleFixturesRequest(post(doc), async () => fresh.db, TOKEN);
      await apply(documentFor(freshIds()));
      const ids = freshIds();
      expect((await apply({ reset: true, ...documentFor(ids), generate_contacts: [] })).status).toBe(200);
      const [row] = await queryRows<{ holders: number; contacts: number }>(
        fresh.db,
        sql`SELECT (SELECT count(*)::int FROM platform.key_holders) AS holders, (SELECT count(*)::int FROM platform.contacts) AS contacts`,
      );
      expect(row).toEqual({ holders: 1, contacts: 1 });
    } finally {
      await fresh.close();
    }
  });
});

describe("inspect", () => {
  test("inspect: shows the contact, its bot, messages and accounts with their journal", async () => {
    const ids = freshIds();
    await load({ ...documentFor(ids), generate_contacts: [] });
    const answer = await inspect(ids.contact);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      contact: { id: ids.contact, bot_id: ids.bot, preview: false, deleted: false },
      bot: { id: ids.bot, subscriber_count: 1 },
      messages: [],
      scenarios_started: 0,
      outgoing_messages: 0,
      accounts: [
        {
          id: ids.account,
          currency: "USD",
          amount: 250,
          journal: [
            {
              kind: "deposit",
              title: "Operator adjustment",
              amount: 250,
              description: "Balance set by an operator fixture",
              balance_after: 250,
              created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
            },
          ],
        },
      ],
    });
  });

  test("inspect: 404 for a contact that does not exist, 422 for a malformed id", async () => {
    expect((await inspect(987654321)).status).toBe(404);
    expect((await inspect("abc")).status).toBe(422);
  });
});
