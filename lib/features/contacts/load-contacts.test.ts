import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { Database } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "@/lib/api/client";
import { getNumberOfContacts, hasContactIdFilter, hasContactSearch, hasContactSort } from "@/lib/api/contacts";
import { startTestPlatform, type TestPlatform } from "@/lib/api/testing/platform";
import { loadContactBrowserParams } from "./browser-params";
import { loadContactPage } from "./load-contacts";

/**
 * What the contacts route and page load for a search (`q`), against our platform
 * over HTTP: with the `search` extension, and as a platform without it (which
 * ignores the parameter), with and without the getContact extension.
 */
let database: Database;
let ours: TestPlatform;
let foreign: TestPlatform;
let bare: TestPlatform;
const tenants: Record<"ours" | "foreign" | "bare" | "empty", Tenant> = {} as never;
const people = (tenant: Tenant, otherBot: number) => {
  const contact = (name: string, extra: Record<string, unknown> = {}) => ({
    id: uniqueId(),
    bot_id: tenant.botId,
    messenger: "telegram",
    name,
    telegram_id: String(uniqueId()),
    created_at: "2025-06-01T09:00:00Z",
    ...extra,
  });
  return {
    ivan: contact("Ivan Petrov", { phone: "79991234567" }),
    artem: contact("Артём Иванов", { email: "artem@example.com" }),
    maria: contact("Maria Ivanova", { bot_id: otherBot, created_at: "2025-07-01T09:00:00Z" }),
    olga: contact("Olga", { phone: "78880000000" }),
  };
};
const data: Record<keyof typeof tenants, ReturnType<typeof people>> = {} as never;

beforeAll(async () => {
  database = await createTestDatabase();
  [ours, foreign, bare] = await Promise.all([startTestPlatform(database.db), startTestPlatform(database.db), startTestPlatform(database.db)]);
  foreign.ignoreParams(["search"]);
  bare.ignoreParams(["search", "sort", "contact_ids"]);
  bare.hide(["getContact"]);
  // One tenant per platform: the probe's answer is cached per key.
  for (const name of ["ours", "foreign", "bare", "empty"] as const) {
    const otherBot = uniqueId();
    const tenant = await seedTenant(database.db);
    await applyFixtures(database.db, { bots: [{ id: otherBot, project_uuid: tenant.projectUuid, name: `Other ${otherBot}` }] });
    tenants[name] = tenant;
    data[name] = people(tenant, otherBot);
    if (name !== "empty") await applyFixtures(database.db, { contacts: Object.values(data[name]) });
  }
});
afterAll(async () => {
  await Promise.all([ours, foreign, bare].map((platform) => platform?.close()));
  await database?.close();
});

const client = (platform: TestPlatform, tenant: Tenant) => new PlatformClient({ db: database.db, baseUrl: platform.baseUrl, apiKey: tenant.key });
const load = (platform: TestPlatform, tenant: Tenant, url: string) => loadContactPage(client(platform, tenant), loadContactBrowserParams(url), "UTC");
const ids = (view: { rows: { id: number }[] }) => view.rows.map((row) => row.id);

describe("search with the platform's extension", () => {
  test("q goes to the platform as search: rows and total are the matches, and an export would hold them", async () => {
    const { ivan, artem, maria } = data.ours;
    const view = await load(ours, tenants.ours, "?q=%20ivan%20");
    expect(ids(view)).toEqual([ivan.id, maria.id]);
    expect(view).toMatchObject({ total: 2, exportTotal: 2, search: { text: "ivan", applied: "platform" } });
    const request = JSON.parse(ours.bodies.at(-1)!);
    expect(request).toEqual({ search: "ivan", page: 1, count: 20 });
    expect(ids(await load(ours, tenants.ours, `?q=${encodeURIComponent("артем")}`))).toEqual([artem.id]);
  });

  test("a phone with + and separators, combined with the bot and days by AND", async () => {
    const { ivan, maria } = data.ours;
    expect(ids(await load(ours, tenants.ours, `?q=${encodeURIComponent("+7 (999) 123-45")}`))).toEqual([ivan.id]);
    expect(ids(await load(ours, tenants.ours, `?q=ivanov&bot=${maria.bot_id}`))).toEqual([maria.id]);
    expect(ids(await load(ours, tenants.ours, `?q=ivanov&from=2025-06-15`))).toEqual([maria.id]);
  });

  test("no search: the list as before, no search in the view", async () => {
    const view = await load(ours, tenants.ours, "");
    expect(view).toMatchObject({ total: 4, exportTotal: 4, search: null });
  });

  test("the probe is asked once and then cached", async () => {
    const api = client(ours, tenants.ours);
    const before = ours.calls.filter((method) => method === "getNumberOfContacts").length;
    expect(await hasContactSearch(api)).toBe(true);
    expect(await hasContactSearch(api)).toBe(true);
    expect(ours.calls.filter((method) => method === "getNumberOfContacts").length).toBe(before);
  });

  test("with no contacts at all the probe cannot tell: search is taken as supported and asked again next time", async () => {
    const api = client(ours, tenants.empty);
    const probes = () => ours.calls.filter((method) => method === "getNumberOfContacts").length;
    const before = probes();
    expect(await hasContactSearch(api)).toBe(true);
    expect(await hasContactSearch(api)).toBe(true);
    expect(probes()).toBe(before + 4);
  });
});

describe("a platform without the search extension", () => {
  test("the probe says so, and a text search is not sent: the filters' contacts, with the search marked as not applied", async () => {
    expect(await hasContactSearch(client(foreign, tenants.foreign))).toBe(false);
    const view = await load(foreign, tenants.foreign, "?q=ivan");
    expect(view.total).toBe(4);
    expect(view).toMatchObject({ exportTotal: 4, search: { text: "ivan", applied: "none" } });
    expect(JSON.parse(foreign.bodies.at(-1)!)).toEqual({ page: 1, count: 20 });
  });

  test("digits are a contact id looked up with getContact, kept only when it passes the other filters; an export holds the filters' contacts", async () => {
    const { olga, maria } = data.foreign;
    const view = await load(foreign, tenants.foreign, `?q=${olga.id}`);
    expect(ids(view)).toEqual([olga.id]);
    expect(view).toMatchObject({ total: 1, lastPage: 1, exportTotal: 4, search: { text: String(olga.id), applied: "id" } });
    expect(await load(foreign, tenants.foreign, `?q=${olga.id}&bot=${maria.bot_id}`)).toMatchObject({ rows: [], total: 0, exportTotal: 1 });
    expect(await load(foreign, tenants.foreign, `?q=${olga.id}&to=2025-05-31`)).toMatchObject({ rows: [], total: 0, exportTotal: 0 });
    expect(await load(foreign, tenants.foreign, `?q=${uniqueId()}`)).toMatchObject({ rows: [], total: 0, search: { applied: "id" } });
    // Someone else's contact is not found either.
    expect(await load(foreign, tenants.foreign, `?q=${data.ours.ivan.id}`)).toMatchObject({ rows: [], total: 0 });
  });

  test("without getContact too, digits cannot be looked up: the search is not applied", async () => {
    const view = await load(bare, tenants.bare, `?q=${data.bare.olga.id}`);
    expect(view).toMatchObject({ total: 4, exportTotal: 4, search: { applied: "none" } });
  });
});

describe("the order (the platform's sort extension)", () => {
  test("sort goes to the platform when it has the extension; the default order is not sent", async () => {
    const { ivan, artem, maria, olga } = data.ours;
    const newest = await load(ours, tenants.ours, "?sort=-created_at");
    expect(newest.sortable).toBe(true);
    expect(ids(newest)).toEqual([maria.id, olga.id, artem.id, ivan.id]);
    expect(JSON.parse(ours.bodies.at(-1)!)).toEqual({ sort: "-created_at", page: 1, count: 20 });
    expect(ids(await load(ours, tenants.ours, "?sort=-id&q=ivan"))).toEqual([maria.id, ivan.id]);
    await load(ours, tenants.ours, "?sort=id");
    expect(JSON.parse(ours.bodies.at(-1)!)).toEqual({ page: 1, count: 20 });
  });

  test("a platform without it: the probe says so, sort is not sent, the rows are by id and the view is not sortable", async () => {
    expect(await hasContactSort(client(bare, tenants.bare))).toBe(false);
    const view = await load(bare, tenants.bare, "?sort=-created_at");
    expect(view.sortable).toBe(false);
    expect(ids(view)).toEqual(
      Object.values(data.bare)
        .map((contact) => contact.id)
        .sort((a, b) => a - b),
    );
    expect(JSON.parse(bare.bodies.at(-1)!)).toEqual({ page: 1, count: 20 });
  });

  test("the sort probe is one request of one contact, then cached", async () => {
    const api = client(foreign, tenants.foreign);
    const probes = () => foreign.bodies.filter((body) => body.includes('"sort"')).length;
    expect(await hasContactSort(api)).toBe(true);
    const after = probes();
    expect(await hasContactSort(api)).toBe(true);
    expect(probes()).toBe(after);
    expect(foreign.bodies.filter((body) => body.includes('"sort"')).map((body) => JSON.parse(body))).toContainEqual({ sort: "?", count: 1 });
  });
});

describe("selected rows (the platform's contact_ids extension)", () => {
  test("a platform with it: the view is selectable, and the ids filter the count exactly", async () => {
    const { ivan, olga } = data.ours;
    expect((await load(ours, tenants.ours, "")).selectable).toBe(true);
    expect(await getNumberOfContacts(client(ours, tenants.ours), { contact_ids: [ivan.id, olga.id, data.foreign.ivan.id] })).toBe(2);
  });

  test("a platform without it ignores the ids and would count everything: the probe says so and the view is not selectable", async () => {
    const api = client(bare, tenants.bare);
    expect(await hasContactIdFilter(api)).toBe(false);
    expect(await getNumberOfContacts(api, { contact_ids: [data.bare.ivan.id] })).toBe(4);
    expect((await load(bare, tenants.bare, "")).selectable).toBe(false);
  });
});
