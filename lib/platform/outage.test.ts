import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing/database";
import { BASE_URL, callApi, seedTenant, type Tenant } from "./testing/tenants";
import { handleFixturesRequest, handleInspectRequest } from "./operator/routes";

/**
 * A database that cannot be reached is an outage, not a bug: the API and the
 * operator routes answer 503 with Retry-After in the error shape (and log it),
 * never an opaque 500. Port 1 on the loopback has no server, so every
 * connection is refused at once (ECONNREFUSED): a real pg pool against a real
 * dead address, on any machine.
 */
const UNREACHABLE_URL = "postgres://postgres:postgres@127.0.0.1:1/x";
const UNREACHABLE_TEXT = "The service's database cannot be reached right now. Nothing was changed; try again in a few seconds.";

let unreachable: Database;
let live: Database;
let tenant: Tenant;
beforeAll(async () => {
  unreachable = await openDatabase({ url: UNREACHABLE_URL, migrate: false, poolSize: 1 });
  live = await createTestDatabase();
  tenant = await seedTenant(live.db);
});
afterAll(async () => {
  await unreachable?.close();
  await live?.close();
});

describe("the API", () => {
  test("outage: a query to an unreachable server is a 503 with Retry-After and the error shape", async () => {
    const answer = await callApi(unreachable.db, "getMe", { key: tenant.key });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    expect(answer.body).toEqual({ message: UNREACHABLE_TEXT, error: UNREACHABLE_TEXT, request_id: answer.headers.get("x-request-id") });
  });

  test("outage: a database that cannot even be opened (the route's opener fails) is a 503 too; what needs no database is still answered", async () => {
    const opener = async () => (await openDatabase({ url: UNREACHABLE_URL })).db;
    const answer = await callApi(opener, "getMe", { key: tenant.key });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    expect(answer.body.message).toBe(UNREACHABLE_TEXT);
    const unknown = await callApi(opener, "noSuchMethod", { key: tenant.key });
    expect(unknown.status).toBe(404);
  });

  test("outage: texts follow Accept-Language", async () => {
    const answer = await callApi(unreachable.db, "getMe", { key: tenant.key, headers: { "accept-language": "ru" } });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe("База данных сервиса сейчас недоступна. Ничего не изменено; повторите попытку через несколько секунд.");
  });
});

describe("the operator routes", () => {
  const text = "The database cannot be reached right now. Nothing was changed; try again in a few seconds.";
  const headers = { authorization: "Bearer outage-token", "content-type": "application/json" };

  test("outage: fixtures against an unreachable server are a 503 with Retry-After", async () => {
    const request = new Request(`${BASE_URL}/api/operator/fixtures`, { method: "POST", headers, body: JSON.stringify({ deprecations: [] }) });
    const answer = await handleFixturesRequest(request, async () => unreachable.db, "outage-token");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    const body = await answer.json();
    expect(body).toEqual({ message: text, error: text, request_id: expect.any(String) });
  });

  test("outage: inspect with a database that cannot be opened is a 503", async () => {
    const request = new Request(`${BASE_URL}/api/operator/inspect?contact_id=1`, { headers });
    const answer = await handleInspectRequest(request, async () => (await openDatabase({ url: UNREACHABLE_URL })).db, "outage-token");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    expect((await answer.json()).message).toBe(text);
  });
});
