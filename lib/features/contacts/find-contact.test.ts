import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { Database } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "@/lib/api/client";
import { startTestPlatform, type TestPlatform } from "@/lib/api/testing/platform";
import { findContact } from "./find-contact";
import { getHiddenColumns, saveHiddenColumns } from "./column-settings";

/** The contact page's loader against the real platform over HTTP, with and without the getContact extension. */
let database: Database;
let withExtension: TestPlatform;
let withoutExtension: TestPlatform;
let tenant: Tenant;
const CREATED = "2025-06-01T09:00:00+00:00";
const createdSecond = Date.parse(CREATED) / 1000;
let ids: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  withExtension = await startTestPlatform(database.db);
  withoutExtension = await startTestPlatform(database.db);
  withoutExtension.hide(["getContact"]);
  tenant = await seedTenant(database.db);
  // Three contacts created in the same second: the fallback must pick the right one.
  ids = [uniqueId(), uniqueId(), uniqueId()];
  await applyFixtures(database.db, {
    contacts: ids.map((id, i) => ({ id, bot_id: tenant.botId, messenger: "telegram", name: `Same second ${i}`, telegram_id: String(id), created_at: CREATED })),
  });
});
afterAll(async () => {
  await withExtension?.close();
  await withoutExtension?.close();
  await database?.close();
});

const client = (platform: TestPlatform, key = tenant.key) => new PlatformClient({ db: database.db, baseUrl: platform.baseUrl, apiKey: key });

describe("findContact", () => {
  test("extension: getContact answers, whatever the hints", async () => {
    const found = await findContact(client(withExtension), ids[1], { botId: null, created: null });
    expect(found).toMatchObject({ found: true, via: "getContact", contact: { id: ids[1], name: "Same second 1" } });
  });

  test("extension: an unknown contact is not_found, someone else's is forbidden", async () => {
    expect(await findContact(client(withExtension), uniqueId(), { botId: null, created: null })).toEqual({ found: false, reason: "not_found" });
    const other = await seedTenant(database.db);
    expect(await findContact(client(withExtension, other.key), ids[0], { botId: null, created: null })).toEqual({ found: false, reason: "forbidden" });
  });

  test("fallback (gaps.md): without getContact, getContacts of the bot at the creation second picks the id", async () => {
    const found = await findContact(client(withoutExtension), ids[2], { botId: tenant.botId, created: createdSecond });
    expect(found).toMatchObject({ found: true, via: "getContacts", contact: { id: ids[2], name: "Same second 2" } });
    const body = JSON.parse(withoutExtension.bodies.at(-1)!);
    expect(body).toEqual({ bot_id: tenant.botId, date_from: createdSecond, date_to: createdSecond, offset: 0, limit: 1000 });
  });

  test("fallback: without the hints the page asks to come from the list; a wrong hint finds nothing", async () => {
    expect(await findContact(client(withoutExtension), ids[0], { botId: null, created: null })).toEqual({ found: false, reason: "needs_hint" });
    expect(await findContact(client(withoutExtension), ids[0], { botId: tenant.botId, created: createdSecond + 1 })).toEqual({
      found: false,
      reason: "not_found",
    });
  });
});

describe("column settings", () => {
  test("hidden columns are stored per member: known hideable columns only, in table order; the id column always shows", async () => {
    const member = uniqueId();
    const other = uniqueId();
    expect(await getHiddenColumns(database.db, member)).toEqual([]);
    expect(await saveHiddenColumns(database.db, member, ["tags", "id", "email", "no-such", "email"])).toEqual(["email", "tags"]);
    expect(await getHiddenColumns(database.db, member)).toEqual(["email", "tags"]);
    expect(await getHiddenColumns(database.db, other)).toEqual([]);
    await saveHiddenColumns(database.db, member, []);
    expect(await getHiddenColumns(database.db, member)).toEqual([]);
  });
});
