import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { applyFixtures } from "./operator/fixtures";
import { checkedApiRequest } from "./testing/contract-check";
import { callApi, seedTenant, uniqueId, BASE_URL } from "./testing/tenants";

let database: Database;

/** The window is a calendar minute of the database clock: start a counting test well inside one. */
async function awayFromMinuteEnd(): Promise<void> {
  const [{ second }] = await queryRows<{ second: number }>(database.db, sql`SELECT extract(second FROM clock_timestamp())::float8 AS second`);
  if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("authentication", () => {
  test("auth: Bearer header, api_token in the query, in a JSON body and in form fields all work", async () => {
    const { key } = await seedTenant(database.db);
    const viaHeader = await callApi(database.db, "getMe", { key, verb: "GET" });
    const viaQuery = await callApi(database.db, "getMe", { verb: "GET", params: { api_token: key } });
    const viaJson = await callApi(database.db, "getMe", { verb: "POST", params: { api_token: key } });
    const viaForm = await callApi(database.db, "getMe", { verb: "POST", form: "urlencoded", params: { api_token: key } });
    const viaMultipart = await callApi(database.db, "getMe", { verb: "POST", form: "multipart", params: { api_token: key } });
    for (const answer of [viaHeader, viaQuery, viaJson, viaForm, viaMultipart]) expect(answer.status).toBe(200);
    expect(viaQuery.body).toEqual(viaHeader.body);
  });

  test.each([
    ["no key", undefined],
    ["a wrong key", "key-that-does-not-exist"],
  ])("auth: %s answers 401 {error: 'unauthorized'}", async (_name, key) => {
    const answer = await callApi(database.db, "getMe", { key, verb: "GET" });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: "unauthorized" });
  });

  test("auth: a holder without Pro gets 402 pro_required", async () => {
    const id = uniqueId();
    await applyFixtures(database.db, { accounts: [{ id, email: `free${id}@example.com`, plan: "free", api_key: `free-${id}` }] });
    const answer = await callApi(database.db, "getMe", { key: `free-${id}`, verb: "GET" });
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ error: expect.any(String), code: "pro_required" });
  });

  test("auth: a blocked holder gets 403 {error}", async () => {
    const id = uniqueId();
    await applyFixtures(database.db, { accounts: [{ id, email: `b${id}@example.com`, blocked: true, api_key: `blocked-${id}` }] });
    const answer = await callApi(database.db, "getMe", { key: `blocked-${id}`, verb: "GET" });
    expect(answer.status).toBe(403);
    expect(Object.keys(answer.body)).toEqual(["error"]);
  });

  test("auth: a regenerated key works at once and the old one stops at once", async () => {
    const tenant = await seedTenant(database.db);
    expect((await callApi(database.db, "getMe", { key: tenant.key })).status).toBe(200);
    await applyFixtures(database.db, { accounts: [{ id: tenant.holderId, email: "x@example.com", api_key: `${tenant.key}-new` }] });
    expect((await callApi(database.db, "getMe", { key: tenant.key })).status).toBe(401);
    expect((await callApi(database.db, "getMe", { key: `${tenant.key}-new` })).status).toBe(200);
  });

  test("auth: only the SHA-256 of a key is stored", async () => {
    const tenant = await seedTenant(database.db);
    const rows = await queryRows<{ api_key_hash: string }>(database.db, sql`SELECT api_key_hash FROM platform.key_holders WHERE id = ${tenant.holderId}`);
    expect(rows[0].api_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].api_key_hash).not.toContain(tenant.key);
  });
});

describe("getMe", () => {
  test("getMe: the holder with their own projects and live bots, not projects joined as a member", async () => {
    const owner = await seedTenant(database.db);
    const member = await seedTenant(database.db);
    const joined = randomUUID();
    const deletedBot = uniqueId();
    await applyFixtures(database.db, {
      projects: [{ uuid: joined, account_id: owner.holderId, name: "Joined", members: [member.holderId] }],
      bots: [{ id: deletedBot, project_uuid: owner.projectUuid, name: "Gone", deleted: true }],
    });
    const answer = await callApi(database.db, "getMe", { key: member.key });
    expect(answer.body).toEqual({
      data: {
        id: member.holderId,
        name: `Owner ${member.holderId}`,
        email: `owner${member.holderId}@example.com`,
        plan: "pro",
        projects: [{ uuid: member.projectUuid, name: `Project ${member.holderId}`, bots: [{ id: member.botId, name: `Bot ${member.botId}` }] }],
      },
    });
    const mine = await callApi(database.db, "getMe", { key: owner.key });
    const ownBots = mine.body.data.projects.flatMap((p: { bots: { id: number }[] }) => p.bots.map((b) => b.id));
    expect(ownBots).toContain(owner.botId);
    expect(ownBots).not.toContain(deletedBot);
    expect(mine.body.data.projects.map((p: { uuid: string }) => p.uuid)).toEqual(expect.arrayContaining([owner.projectUuid, joined]));
  });
});

describe("rate limit", () => {
  test("rate limit: headers count down, the 121st request in a minute is 429 with Retry-After", async () => {
    const { key } = await seedTenant(database.db);
    await awayFromMinuteEnd();
    const remaining: number[] = [];
    for (let i = 0; i < 120; i++) {
      const answer = await callApi(database.db, "getMe", { key });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-ratelimit-limit")).toBe("120");
      remaining.push(Number(answer.headers.get("x-ratelimit-remaining")));
    }
    expect(remaining.slice(0, 3)).toEqual([119, 118, 117]);
    expect(remaining.at(-1)).toBe(0);
    const over = await callApi(database.db, "getMe", { key });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: "Too Many Attempts." });
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  test("rate limit: each holder has their own budget, and the limit is configurable", async () => {
    const a = await seedTenant(database.db);
    const b = await seedTenant(database.db);
    const gateway = { rateLimit: 3 };
    await awayFromMinuteEnd();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await callApi(database.db, "getMe", { key: a.key, gateway })).status);
    const other = await callApi(database.db, "getMe", { key: b.key, gateway });
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-limit")).toBe("3");
  });

  test("rate limit: every counted answer names its window's end (X-RateLimit-Reset) with a Date of the same clock", async () => {
    const { key } = await seedTenant(database.db);
    await awayFromMinuteEnd();
    const first = await callApi(database.db, "getMe", { key });
    const second = await callApi(database.db, "getMe", { key });
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(Number.isInteger(reset)).toBe(true);
    // The same calendar minute of the database's clock: the same window, ending on a whole minute.
    expect(second.headers.get("x-ratelimit-reset")).toBe(String(reset));
    expect(reset % 60).toBe(0);
    const date = Date.parse(first.headers.get("date") ?? "") / 1000;
    expect(reset - date).toBeGreaterThan(0);
    expect(reset - date).toBeLessThanOrEqual(60);
    // An answer that is not counted (no key) names no window.
    const anonymous = await callApi(database.db, "getMe", {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-ratelimit-reset")).toBeNull();
  });

  test("rate limit: counted in the database, so concurrent requests share one counter", async () => {
    const { key, holderId } = await seedTenant(database.db);
    await Promise.all(Array.from({ length: 30 }, () => callApi(database.db, "getMe", { key })));
    const rows = await queryRows<{ hits: number }>(
      database.db,
      sql`SELECT sum(hits)::int AS hits FROM platform.rate_limit_counters WHERE bucket = ${`holder:${holderId}`}`,
    );
    expect(rows[0].hits).toBe(30);
  });
});

describe("routing and errors", () => {
  test("an unknown method is a JSON 404", async () => {
    const { key } = await seedTenant(database.db);
    const answer = await callApi(database.db, "noSuchMethod", { key });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.body).toEqual({ message: expect.stringContaining("noSuchMethod"), error: expect.any(String) });
  });

  test.each(["PUT", "PATCH", "DELETE"])("a verb the method does not take (%s) is a JSON 405 with Allow", async (verb) => {
    const { key } = await seedTenant(database.db);
    const answer = await callApi(database.db, "getMe", { key, verb });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST");
    expect(answer.body).toEqual({ message: expect.any(String), error: expect.any(String) });
  });

  test("malformed JSON is a clear 400", async () => {
    const { key } = await seedTenant(database.db);
    const response = await checkedApiRequest(
      database.db,
      new Request(`${BASE_URL}/api/v1/getMe`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, accept: "application/json", "content-type": "application/json" },
        body: "{not json",
      }),
      "getMe",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body is not valid JSON.", error: "The request body is not valid JSON." });
  });

  test("a body over the cap is a 413", async () => {
    const { key } = await seedTenant(database.db);
    const answer = await callApi(database.db, "getMe", { key, params: { padding: "x".repeat(1_100_000) } });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toContain("larger than");
  });

  test("an unexpected failure is a JSON 500 with a request id and no stack", async () => {
    const broken = await createTestDatabase();
    try {
      const tenant = await seedTenant(broken.db);
      // A table the key lookup reads is gone: an error nobody planned for (not an outage).
      await broken.db.execute(sql`ALTER TABLE platform.deprecations RENAME TO deprecations_gone`);
      const answer = await callApi(broken.db, "getMe", { key: tenant.key });
      expect(answer.status).toBe(500);
      expect(Object.keys(answer.body).sort()).toEqual(["error", "request_id"]);
      expect(answer.body.request_id).toBe(answer.headers.get("x-request-id"));
      expect(answer.text).not.toMatch(/at .*\.ts|stack|Error:/);
    } finally {
      await broken.close();
    }
  });

  test("a closed embedded database is an outage: 503 with Retry-After, not a 500", async () => {
    const closed = await createTestDatabase();
    const tenant = await seedTenant(closed.db);
    await closed.close();
    const answer = await callApi(closed.db, "getMe", { key: tenant.key });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    const text = "The service's database cannot be reached right now. Nothing was changed; try again in a few seconds.";
    expect(answer.body).toEqual({ message: text, error: text, request_id: answer.headers.get("x-request-id") });
  });

  test("every answer carries a request id; a client's X-Request-Id is echoed", async () => {
    const { key } = await seedTenant(database.db);
    const answer = await callApi(database.db, "getMe", { key, headers: { "x-request-id": "abc-123" } });
    expect(answer.headers.get("x-request-id")).toBe("abc-123");
  });
});

describe("deprecations", () => {
  test("deprecation: a method before its sunset answers as usual with Deprecation and Sunset headers", async () => {
    const fresh = await createTestDatabase();
    try {
      const { key } = await seedTenant(fresh.db, { deprecations: [{ method: "getMe", sunset: "2099-01-01T00:00:00Z", replacement: null }] });
      const answer = await callApi(fresh.db, "getMe", { key });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("deprecation")).toBe("true");
      expect(answer.headers.get("sunset")).toBe("Thu, 01 Jan 2099 00:00:00 GMT");
      const unauthorized = await callApi(fresh.db, "getMe", {});
      expect(unauthorized.headers.get("deprecation")).toBe("true");
    } finally {
      await fresh.close();
    }
  });

  test("deprecation: after the sunset the method answers 410 method_removed", async () => {
    const fresh = await createTestDatabase();
    try {
      const { key } = await seedTenant(fresh.db, { deprecations: [{ method: "getMe", sunset: "2020-01-01T00:00:00Z" }] });
      const answer = await callApi(fresh.db, "getMe", { key });
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual({ error: expect.any(String), code: "method_removed" });
      expect(answer.headers.get("sunset")).toBe("Wed, 01 Jan 2020 00:00:00 GMT");
    } finally {
      await fresh.close();
    }
  });
});

describe("validation answers", () => {
  async function tenantWithContact() {
    const contactId = uniqueId();
    const tenant = await seedTenant(database.db);
    await applyFixtures(database.db, {
      contacts: [{ id: contactId, bot_id: tenant.botId, messenger: "telegram", name: "Ann", telegram_id: String(contactId) }],
    });
    return { ...tenant, contactId };
  }

  test("validation: with Accept: application/json a failed validation is a JSON 422 listing every invalid field", async () => {
    const { key } = await tenantWithContact();
    const answer = await callApi(database.db, "addContactAccount", { key, params: {} });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: "The contact id field is required. (and 1 more error)",
      errors: { contact_id: ["The contact id field is required."], currency: ["The currency field is required."] },
    });
  });

  test("validation: without Accept: application/json it redirects back to the Referer, else to /", async () => {
    const { key } = await tenantWithContact();
    const back = await callApi(database.db, "addContactAccount", { key, params: {}, noAccept: true, headers: { referer: "https://app.example.com/form" } });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("https://app.example.com/form");
    const home = await callApi(database.db, "addContactAccount", { key, params: {}, noAccept: true });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/");
    // Other errors stay JSON whatever the Accept header says.
    const unauthorized = await callApi(database.db, "getMe", { noAccept: true });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body).toEqual({ error: "unauthorized" });
  });

  test("languages: Accept-Language ru gives Russian texts with the same status, keys and codes", async () => {
    const { key } = await tenantWithContact();
    const en = await callApi(database.db, "addContactAccount", { key, params: { contact_id: "x" } });
    const ru = await callApi(database.db, "addContactAccount", { key, params: { contact_id: "x" }, headers: { "accept-language": "ru-RU,ru;q=0.9,en;q=0.5" } });
    expect(ru.status).toBe(en.status);
    expect(Object.keys(ru.body.errors)).toEqual(Object.keys(en.body.errors));
    expect(ru.body.errors.contact_id[0]).toMatch(/[а-яё]/i);
    expect(en.body.errors.contact_id[0]).toBe("The contact id field must be an integer.");
    const free = uniqueId();
    await applyFixtures(database.db, { accounts: [{ id: free, email: "f@example.com", plan: "free", api_key: `free-ru-${free}` }] });
    const paid = await callApi(database.db, "getMe", { key: `free-ru-${free}`, headers: { "accept-language": "ru" } });
    expect(paid.status).toBe(402);
    expect(paid.body.code).toBe("pro_required");
    expect(paid.body.error).toMatch(/[а-яё]/i);
  });

  test("languages: English is the default, also for languages we do not have", async () => {
    const { key } = await tenantWithContact();
    const answer = await callApi(database.db, "addContactAccount", { key, params: {}, headers: { "accept-language": "de-DE" } });
    expect(answer.body.errors.currency).toEqual(["The currency field is required."]);
  });

  test("405: GET on a POST-only method is refused and changes nothing", async () => {
    const { key, contactId } = await tenantWithContact();
    const answer = await callApi(database.db, "addContactAccount", { key, verb: "GET", params: { contact_id: contactId, currency: "USD" } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    const rows = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM platform.contact_accounts WHERE contact_id = ${contactId}`);
    expect(rows[0].n).toBe(0);
  });
});
