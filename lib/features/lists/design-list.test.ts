import { afterEach, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { testDriver } from "@/lib/db/testing/database";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { PlatformClient, addListSchemaField, createListSchema, getListSchema, isPlatformApiError } from "@/lib/api";
import { startTestPlatform, usePlatformTestbed } from "@/lib/api/testing/platform";
import { toActionError } from "@/lib/auth/action-errors";
import { DashboardError } from "@/lib/core/actions/errors";
import { translator } from "@/lib/i18n/translate";
import { CreateListFormSchema, type CreateListFormInput, type ListFieldFormInput } from "@/lib/features/lists/forms/lists";
import { addFieldErrorPath, createListErrorPath } from "@/lib/features/lists/forms/list-fields";
import { recordErrorPath } from "@/lib/features/lists/forms/record-values";
import { addField, createList, deleteField, deleteList } from "./design-list";
import { loadAllLists, loadList } from "./load-lists";
import { deleteRecord, loadRecords, saveRecord } from "./records";
import { reloadConfig } from "@/lib/core/config.mjs";
import { placeErrors } from "@/lib/core/actions/server-errors";

/**
 * The designer's services against our real platform over HTTP: what the
 * server actions run, and how the platform's own refusals (the ones the
 * browser cannot know) become errors on the right input or at the top.
 */
const testbed = usePlatformTestbed();
const t = translator("en");
const savedKey = process.env.PLATFORM_ENCRYPTION_KEY;

afterEach(() => {
  if (savedKey === undefined) delete process.env.PLATFORM_ENCRYPTION_KEY;
  else process.env.PLATFORM_ENCRYPTION_KEY = savedKey;
  reloadConfig();
});

const clientFor = (tenant: Tenant, baseUrl = testbed.platform.baseUrl) => new PlatformClient({ db: testbed.database.db, baseUrl, apiKey: tenant.key });

const row = (slug: string, overrides: Partial<ListFieldFormInput> = {}): ListFieldFormInput => ({
  name: slug.toUpperCase(),
  slug,
  type: "string",
  currency: "USD",
  is_required: true,
  is_hidden: false,
  is_encryptable: false,
  ...overrides,
});

const designed = (tenant: Tenant, overrides: Partial<CreateListFormInput> = {}) =>
  CreateListFormSchema.parse({
    name: "Orders",
    targetKind: "project",
    projectUuid: tenant.projectUuid,
    botId: "",
    fields: [row("sku"), row("price", { type: "money", currency: "EUR" }), row("paid", { type: "bool", is_required: false })],
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

/** Real lists inserted set-based (one field each), as createListSchema leaves them. */
async function insertLists(tenant: Tenant, count: number): Promise<void> {
  await testbed.database.db.execute(sql`
    WITH made AS (
      INSERT INTO platform.list_schemas (project_uuid, name, created_at, updated_at)
      SELECT ${tenant.projectUuid}::uuid, 'Bulk ' || n, now() - make_interval(secs => ${count} - n), now()
      FROM generate_series(1, ${count}) AS n
      RETURNING id
    )
    INSERT INTO platform.list_fields (schema_id, slug, position, name, type)
    SELECT id, 'title', 0, 'Title', 'string' FROM made`);
}

describe(`designer services (${testDriver()})`, () => {
  test("create: the list comes back as the platform stored it, fields in the designed order, money with its currency", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const list = await createList(clientFor(tenant), designed(tenant));
    expect(list).toMatchObject({ name: "Orders", project: tenant.projectUuid, botId: null });
    expect(list.fields).toEqual([
      { slug: "sku", name: "SKU", type: "string", currency: null, isRequired: true, isHidden: false, isEncryptable: false },
      { slug: "price", name: "PRICE", type: "money", currency: "EUR", isRequired: true, isHidden: false, isEncryptable: false },
      { slug: "paid", name: "PAID", type: "bool", currency: null, isRequired: false, isHidden: false, isEncryptable: false },
    ]);
    expect((await loadList(clientFor(tenant), list.id)).value.fields.map((field) => field.slug)).toEqual(["sku", "price", "paid"]);
  });

  test("create in a bot: the list carries the bot and goes to the bot's project", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const list = await createList(clientFor(tenant), designed(tenant, { targetKind: "bot", botId: String(tenant.botId), projectUuid: "" }));
    expect(list).toMatchObject({ botId: tenant.botId, project: tenant.projectUuid });
  });

  test("the Lists page reads every page of getListSchemas (50 each)", async () => {
    const tenant = await seedTenant(testbed.database.db);
    await insertLists(tenant, 120);
    const before = testbed.platform.calls.length;
    const lists = (await loadAllLists(clientFor(tenant))).value;
    expect(lists).toHaveLength(120);
    expect(new Set(lists.map((list) => list.id)).size).toBe(120);
    expect(lists[0].name).toBe("Bulk 1");
    expect(testbed.platform.calls.slice(before).filter((method) => method === "getListSchemas")).toHaveLength(3);
  });

  test("a bot of another account: 403, no field to blame, the platform's text goes to the top of the form", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const stranger = await seedTenant(testbed.database.db);
    const error = await failure(createList(clientFor(tenant), designed(tenant, { targetKind: "bot", botId: String(stranger.botId) })));
    const answer = toActionError(error, t);
    expect(answer).toEqual({
      kind: "platform",
      code: "forbidden",
      status: 403,
      message: "The bot belongs to a project of another account.",
      fieldErrors: {},
    });
    expect(placeErrors(answer.fieldErrors, createListErrorPath)).toEqual({ placed: [], unplaced: [] });
  });

  test("a project at 5,000 lists: 403 with the platform's text, at the top of the form", async () => {
    const tenant = await seedTenant(testbed.database.db);
    await insertLists(tenant, 5000);
    const answer = toActionError(await failure(createList(clientFor(tenant), designed(tenant))), t);
    expect(answer).toMatchObject({ kind: "platform", status: 403, message: "A project cannot have more than 5000 lists", fieldErrors: {} });
  });

  test("a bot that does not exist: the platform's 422 lands on the bot input", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const answer = toActionError(await failure(createList(clientFor(tenant), designed(tenant, { targetKind: "bot", botId: String(uniqueId()) }))), t);
    expect(placeErrors(answer.fieldErrors, createListErrorPath)).toEqual({
      placed: [{ path: "botId", message: "The selected bot id is invalid." }],
      unplaced: [],
    });
  });

  test("a reserved slug sent past the browser's check: the platform's fields.1.slug lands on the second row's slug", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const error = await failure(
      createListSchema(clientFor(tenant), {
        name: "Bypass",
        project_uuid: tenant.projectUuid,
        fields: [
          { name: "Title", slug: "title", type: "string" },
          { name: "Id", slug: "ID", type: "string" },
        ],
      }),
    );
    const answer = toActionError(error, t);
    expect(answer.status).toBe(422);
    expect(placeErrors(answer.fieldErrors, createListErrorPath)).toEqual({
      placed: [
        {
          path: "fields.1.slug",
          message:
            "The fields.1.slug is reserved; reserved slugs: " +
            "id, item_id, schema_id, list_id, project, project_uuid, bot_id, created_at, updated_at, deleted_at, __proto__, constructor, prototype.",
        },
      ],
      unplaced: [],
    });
  });

  test("an encrypted field on a server without an encryption key: the error lands on that row's checkbox", async () => {
    delete process.env.PLATFORM_ENCRYPTION_KEY;
    reloadConfig();
    const tenant = await seedTenant(testbed.database.db);
    const form = designed(tenant, { fields: [row("a"), row("secret", { is_encryptable: true })] });
    const answer = toActionError(await failure(createList(clientFor(tenant), form)), t);
    expect(placeErrors(answer.fieldErrors, createListErrorPath).placed).toEqual([
      { path: "fields.1.is_encryptable", message: "Encrypted fields are unavailable: the server has no encryption key (PLATFORM_ENCRYPTION_KEY)." },
    ]);
  });

  test("add a field: appended at the end, shown from a fresh getListSchema; a taken slug lands on field.slug", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant);
    const list = await createList(api, designed(tenant));
    const after = await addField(api, list.id, {
      name: "Total",
      slug: "total",
      type: "money",
      currency: "JPY",
      is_required: false,
      is_hidden: true,
      is_encryptable: false,
    });
    expect(after.fields.map((field) => field.slug)).toEqual(["sku", "price", "paid", "total"]);
    expect(after.fields[3]).toMatchObject({ type: "money", currency: "JPY", isRequired: false, isHidden: true });

    const answer = toActionError(
      await failure(addField(api, list.id, { name: "Again", slug: "sku", type: "string", is_required: true, is_hidden: false, is_encryptable: false })),
      t,
    );
    expect(placeErrors(answer.fieldErrors, addFieldErrorPath)).toEqual({
      placed: [{ path: "field.slug", message: "The field.slug has already been taken." }],
      unplaced: [],
    });
  });

  test("delete a field: its values are gone from the records; the list is read again", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant);
    const list = await createList(api, designed(tenant));
    await saveRecord(api, { schemaId: list.id, fieldSlugs: ["sku", "price", "paid"], values: ["A-1", "12.5", "true"] });
    const after = await deleteField(api, list.id, "price");
    expect(after.fields.map((field) => field.slug)).toEqual(["sku", "paid"]);
    const records = await loadRecords(api, list.id, 1);
    expect(records.available && records.records[0].values).toEqual({ sku: "A-1", paid: true });
  });

  test("delete a list: the typed name must match the list as the platform has it; afterwards the platform says 404", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant);
    const list = await createList(api, designed(tenant));
    const wrong = await failure(deleteList(api, list.id, "orders"));
    expect(wrong).toBeInstanceOf(DashboardError);
    expect(toActionError(wrong, t)).toMatchObject({ kind: "validation", fieldErrors: { confirmation: ["Type the list's name exactly."] } });
    expect((await loadList(api, list.id)).value.name).toBe("Orders");

    expect(await deleteList(api, list.id, " Orders ")).toEqual({ name: "Orders" });
    const gone = await failure(getListSchema(api, { schema_id: list.id }));
    expect(isPlatformApiError(gone) && gone.status).toBe(404);
  });
});

describe(`records services (${testDriver()})`, () => {
  test("add: money typed in major units is stored as exact minor units; edit sends only what changed; delete", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant);
    const list = await createList(api, designed(tenant));
    const slugs = list.fields.map((field) => field.slug);
    const { record, created } = await saveRecord(api, { schemaId: list.id, fieldSlugs: slugs, values: ["A-1", "12,5", ""] });
    expect(created).toBe(true);
    expect(record.values).toEqual({ sku: "A-1", price: 1250, paid: null });

    const { record: edited } = await saveRecord(api, {
      schemaId: list.id,
      itemId: record.id,
      fieldSlugs: slugs,
      values: ["A-1", "0.29", "false"],
      initial: ["A-1", "12.50", ""],
    });
    expect(JSON.parse(testbed.platform.bodies[testbed.platform.calls.lastIndexOf("updateListItem")])).toEqual({
      item_id: record.id,
      item: { price: "29", paid: false },
    });
    expect(edited.values).toEqual({ sku: "A-1", price: 29, paid: false });

    await deleteRecord(api, record.id);
    const page = await loadRecords(api, list.id, 1);
    expect(page).toEqual({ available: true, records: [], page: 1, pages: 1, total: 0 });
  });

  test("a contact id the platform does not know: its item.<slug> error lands on that field's input", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant);
    const list = await createList(api, designed(tenant, { fields: [row("title"), row("customer", { type: "contact" })] }));
    const answer = toActionError(
      await failure(saveRecord(api, { schemaId: list.id, fieldSlugs: ["title", "customer"], values: ["T", String(uniqueId())] })),
      t,
    );
    expect(placeErrors(answer.fieldErrors, recordErrorPath(list.fields))).toEqual({
      placed: [{ path: "values.1", message: "The item.customer field must be the id of one of your contacts." }],
      unplaced: [],
    });
  });

  test("values are checked on the server with the form's schema, and a list changed since the form opened is refused", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant);
    const list = await createList(api, designed(tenant));
    const invalid = await failure(saveRecord(api, { schemaId: list.id, fieldSlugs: ["sku", "price", "paid"], values: ["A", "12.345", ""] }));
    expect(toActionError(invalid, t)).toMatchObject({ kind: "validation", fieldErrors: { "values.1": ["Too many decimals for this currency."] } });
    const stale = await failure(saveRecord(api, { schemaId: list.id, fieldSlugs: ["sku", "price"], values: ["A", "1"] }));
    expect(toActionError(stale, t)).toMatchObject({ code: "records.fields_changed" });
  });

  test("a platform without the record extension: the records table says so instead of failing", async () => {
    const other = await startTestPlatform(testbed.database.db);
    try {
      other.hide(["getListItems"]);
      const tenant = await seedTenant(testbed.database.db);
      const list = await createList(clientFor(tenant), designed(tenant));
      expect(await loadRecords(clientFor(tenant, other.baseUrl), list.id, 1)).toEqual({ available: false });
    } finally {
      await other.close();
    }
  });
});

describe(`the platform cache behind the pages (${testDriver()})`, () => {
  const methodsSince = (before: number) => testbed.platform.calls.slice(before);

  test("a page view reads a cached list without a platform call; a change made here shows in the very next view", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant);
    const list = await createList(api, designed(tenant));
    const lists = await loadAllLists(api);
    expect(lists.value.map((entry) => entry.id)).toContain(list.id);

    let before = testbed.platform.calls.length;
    expect((await loadList(api, list.id)).value.fields.map((field) => field.slug)).toEqual(["sku", "price", "paid"]);
    expect((await loadAllLists(api)).value.map((entry) => entry.id)).toEqual(lists.value.map((entry) => entry.id));
    expect(methodsSince(before)).toEqual([]);

    await addField(api, list.id, { name: "2024", slug: "2024", type: "string", is_required: false, is_hidden: false, is_encryptable: false });
    before = testbed.platform.calls.length;
    expect((await loadList(api, list.id)).value.fields.map((field) => field.slug)).toEqual(["sku", "price", "paid", "2024"]);
    expect(methodsSince(before)).toEqual([]);
    expect((await loadAllLists(api)).value.find((entry) => entry.id === list.id)?.fields).toHaveLength(4);
    expect(methodsSince(before)).toEqual(["getListSchemas"]);

    await deleteField(api, list.id, "price");
    expect((await loadList(api, list.id)).value.fields.map((field) => field.slug)).toEqual(["sku", "paid", "2024"]);

    const second = await createList(api, designed(tenant, { name: "Second" }));
    expect((await loadAllLists(api)).value.map((entry) => entry.name)).toContain("Second");
    await deleteList(api, second.id, "Second");
    expect((await loadAllLists(api)).value.map((entry) => entry.id)).not.toContain(second.id);
    expect(await failure(loadList(api, second.id))).toMatchObject({ status: 404 });
  });

  test("a field added elsewhere: saving a record reads the list fresh, refuses the old form and puts the new fields in the cache", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant);
    const list = await createList(api, designed(tenant));
    await loadList(api, list.id);
    // Another dashboard (or the platform's own interface) adds a field.
    const other = new PlatformClient({ db: testbed.database.db, baseUrl: testbed.platform.baseUrl, apiKey: tenant.key });
    await addListSchemaField(other, { schema_id: list.id, field: { name: "Note", slug: "note", type: "string", is_required: false } });
    expect((await loadList(api, list.id)).value.fields).toHaveLength(3);
    const refused = await failure(saveRecord(api, { schemaId: list.id, fieldSlugs: ["sku", "price", "paid"], values: ["A-1", "12.5", "true"] }));
    expect(refused).toBeInstanceOf(DashboardError);
    const before = testbed.platform.calls.length;
    expect((await loadList(api, list.id)).value.fields.map((field) => field.slug)).toEqual(["sku", "price", "paid", "note"]);
    expect(methodsSince(before)).toEqual([]);
  });
});
