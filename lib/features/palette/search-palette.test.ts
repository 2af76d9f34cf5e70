import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { Database } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "@/lib/api/client";
import { startTestPlatform, type TestPlatform } from "@/lib/api/testing/platform";
import { findContactNames } from "@/lib/features/contacts/contact-names";
import { translator } from "@/lib/i18n/translate";
import { startFaultPlatform } from "@/lib/testing/fault-platform.mjs";
import { searchPalette } from "./search-palette";

/**
 * The palette's search against our platform over HTTP: with the `search`
 * extension, and as platforms without it (with and without getContact).
 */
let database: Database;
let ours: TestPlatform;
let foreign: TestPlatform;
let bare: TestPlatform;
const tenants: Record<"ours" | "foreign" | "bare", Tenant> = {} as never;
const ivan: Record<keyof typeof tenants, { id: number; name: string }> = {} as never;
const t = translator("en");

beforeAll(async () => {
  database = await createTestDatabase();
  [ours, foreign, bare] = await Promise.all([startTestPlatform(database.db), startTestPlatform(database.db), startTestPlatform(database.db)]);
  foreign.ignoreParams(["search"]);
  bare.ignoreParams(["search"]);
  bare.hide(["getContact"]);
  for (const name of ["ours", "foreign", "bare"] as const) {
    const tenant = await seedTenant(database.db);
    tenants[name] = tenant;
    const contact = (contactName: string) => ({
      id: uniqueId(),
      bot_id: tenant.botId,
      messenger: "telegram",
      name: contactName,
      telegram_id: String(uniqueId()),
      created_at: "2025-06-01T09:00:00Z",
    });
    ivan[name] = contact("Ivan Petrov");
    await applyFixtures(database.db, {
      contacts: [ivan[name], contact("Olga")],
      list_schemas: [
        { id: randomUUID(), project_uuid: tenant.projectUuid, name: "Ivanovo orders", fields: {} },
        { id: randomUUID(), project_uuid: tenant.projectUuid, name: "Returns", fields: {} },
      ],
    });
  }
});
afterAll(async () => {
  await Promise.all([ours, foreign, bare].map((platform) => platform?.close()));
  await database?.close();
});

const client = (platform: TestPlatform, tenant: Tenant) => new PlatformClient({ db: database.db, baseUrl: platform.baseUrl, apiKey: tenant.key });
const search = (name: keyof typeof tenants, platform: TestPlatform, q: string, withLists = true) =>
  searchPalette(client(platform, tenants[name]), database.db, { q, withLists, locale: "en", t });

describe("palette search", () => {
  test("with the extension: matching contacts named with their bot and linked with their hints, lists by name", async () => {
    const result = await search("ours", ours, "ivan");
    const created = Date.parse("2025-06-01T09:00:00Z") / 1000;
    expect(result.contactSearch).toBe("platform");
    expect(result.contacts).toEqual([
      { id: ivan.ours.id, name: "Ivan Petrov", bot: `Bot ${tenants.ours.botId} (Project ${tenants.ours.holderId})`, href: expect.any(String) },
    ]);
    expect(result.contacts[0].href).toBe(`/contacts/${ivan.ours.id}?bot=${tenants.ours.botId}&created=${created}`);
    expect(result.lists.map((list) => list.name)).toEqual(["Ivanovo orders"]);
    // The names it saw go to the dashboard's directory (Activity shows names, not ids).
    expect((await findContactNames(database.db, [ivan.ours.id])).get(ivan.ours.id)).toBe("Ivan Petrov");
  });

  test("a role that may not read lists gets none", async () => {
    expect((await search("ours", ours, "ivan", false)).lists).toEqual([]);
  });

  test("without the extension a text finds no contact (not every contact), and says so", async () => {
    const result = await search("foreign", foreign, "ivan");
    expect(result).toMatchObject({ contactSearch: "none", contacts: [] });
    expect(result.lists.map((list) => list.name)).toEqual(["Ivanovo orders"]);
  });

  test("without the extension an id finds its contact through getContact", async () => {
    const result = await search("foreign", foreign, String(ivan.foreign.id));
    expect(result.contactSearch).toBe("id");
    expect(result.contacts.map((contact) => contact.name)).toEqual(["Ivan Petrov"]);
  });

  test("a search asks only what the palette shows: no probe of sorting or selection, no export count", async () => {
    // A fresh tenant: nothing of it is cached yet, so every request the search needs is made.
    const tenant = await seedTenant(database.db);
    const api = client(foreign, tenant);
    const before = foreign.calls.length;
    await searchPalette(api, database.db, { q: "12345", withLists: false, locale: "en", t });
    const made = foreign.calls.slice(before);
    // The search's own probe, the page, and the bots' names: nothing about sort or contact_ids, one page.
    expect(foreign.bodies.slice(before).filter((body) => /"(sort|contact_ids)"/.test(body))).toEqual([]);
    expect(made.filter((method) => method === "getContacts")).toHaveLength(1);
    expect(made).toContain("getMe");
  });

  test("without getContact either, an id finds nothing rather than every contact", async () => {
    const result = await search("bare", bare, String(ivan.bare.id));
    expect(result).toMatchObject({ contactSearch: "none", contacts: [] });
  });
});

describe("the platform not answering", () => {
  test("lists come from what the dashboard keeps; contacts are said to be unavailable, not searched", async () => {
    const fault = await startFaultPlatform({ upstream: ours.baseUrl });
    try {
      const timeouts = { connectMs: 500, firstByteMs: 700, answerMs: 900 };
      const api = new PlatformClient({ db: database.db, baseUrl: fault.baseUrl, apiKey: tenants.ours.key, timeouts, scope: { noAnswerSince: null } });
      // Answered once: the lists are kept.
      const answered = new PlatformClient({ db: database.db, baseUrl: fault.baseUrl, apiKey: tenants.ours.key });
      expect((await searchPalette(answered, database.db, { q: "Ivan", withLists: true, locale: "en", t })).lists.map((list) => list.name)).toEqual([
        "Ivanovo orders",
      ]);
      fault.set("hang");
      const result = await searchPalette(api, database.db, { q: "Ivan", withLists: true, locale: "en", t });
      expect(result).toMatchObject({ contactSearch: "unavailable", contacts: [] });
      expect(result.lists.map((list) => list.name)).toEqual(["Ivanovo orders"]);
    } finally {
      await fault.close();
    }
  });
});
