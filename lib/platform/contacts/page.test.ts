import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "../operator/fixtures";
import { callApi, seedTenant, uniqueId, type Tenant } from "../testing/tenants";
import { addBot, addContacts, telegramContact, visibleIds, type FixtureContact } from "../testing/contacts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

async function batch(tenant: Tenant, params: Record<string, unknown>): Promise<{ ids: number[]; total: number }> {
  const answer = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params });
  expect(answer.status, answer.text).toBe(200);
  return { ids: answer.body.data.map((c: { id: number }) => c.id), total: answer.body.meta.total };
}

/** What OFFSET/LIMIT over the holder's live contacts gives right now. */
async function truth(tenant: Tenant, offset: number, limit: number, filter: { botId?: number; from?: number; to?: number } = {}) {
  const all = await visibleIds(database.db, tenant.holderId, filter);
  return { ids: all.slice(offset, offset + limit), total: all.length };
}

async function cursors(tenant: Tenant) {
  return queryRows<{ position: string; last_id: string; bot_ids: string; filter_hash: string }>(
    database.db,
    sql`SELECT k.position::text, k.last_id::text, k.bot_ids::text, k.filter_hash FROM platform.contact_cursors k
        WHERE k.bot_ids && (SELECT array_agg(b.id) FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid
                            WHERE p.owner_id = ${tenant.holderId})
        ORDER BY k.position`,
  );
}

/** Contacts in `bots`, ids interleaved between the bots, created one minute apart. */
async function seedExport(bots: number[], count: number): Promise<FixtureContact[]> {
  const base = uniqueId() * 10;
  const start = Date.parse("2025-02-01T00:00:00Z");
  return addContacts(
    database.db,
    Array.from({ length: count }, (_, i) =>
      telegramContact(bots[i % bots.length], { id: base + i * 3, created_at: new Date(start + i * 60_000).toISOString() }),
    ),
  );
}

describe("offset export: batches equal OFFSET over the same rows", () => {
  test("no filter, one bot, a date range, several bots merged by id", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const third = await addBot(database.db, tenant);
    const contacts = await seedExport([tenant.botId, second, third], 50);
    const from = Date.parse(contacts[7].created_at as string) / 1000;
    const to = Date.parse(contacts[41].created_at as string) / 1000;
    for (const [params, filter] of [
      [{}, {}],
      [{ bot_id: second }, { botId: second }],
      [
        { date_from: from, date_to: to },
        { from, to },
      ],
      [
        { bot_id: third, date_from: from },
        { botId: third, from },
      ],
    ] as const) {
      for (let offset = 0; offset <= 50; offset += 7) {
        expect(await batch(tenant, { ...params, offset, limit: 7 })).toEqual(await truth(tenant, offset, 7, filter));
      }
    }
  });

  test("each full batch records a cursor for the next position, and the next batch starts from it (a forged cursor shows it)", async () => {
    const tenant = await seedTenant(database.db);
    const contacts = await seedExport([tenant.botId], 20);
    const first = await batch(tenant, { offset: 0, limit: 5 });
    const [cursor] = await cursors(tenant);
    expect(cursor).toMatchObject({ position: "5", last_id: String(first.ids[4]), bot_ids: `{${tenant.botId}}` });
    // Point the cursor two contacts further: a batch read through it starts there.
    await database.db.execute(sql`UPDATE platform.contact_cursors SET last_id = ${contacts[6].id} WHERE filter_hash = ${cursor.filter_hash}`);
    expect((await batch(tenant, { offset: 5, limit: 5 })).ids).toEqual(contacts.slice(7, 12).map((c) => c.id));
    // A short batch (the end) records nothing more.
    await batch(tenant, { offset: 18, limit: 5 });
    expect((await cursors(tenant)).map((k) => k.position)).toEqual(["5", "10"]);
  });

  test("a request between cursors skips only from the nearest one before it", async () => {
    const tenant = await seedTenant(database.db);
    const contacts = await seedExport([tenant.botId], 30);
    await batch(tenant, { offset: 0, limit: 10 });
    const [cursor] = await cursors(tenant);
    await database.db.execute(sql`UPDATE platform.contact_cursors SET last_id = ${contacts[10].id} WHERE filter_hash = ${cursor.filter_hash}`);
    // Offset 13 = cursor at 10 (forged one further) + 3 skipped.
    expect((await batch(tenant, { offset: 13, limit: 2 })).ids).toEqual([contacts[14].id, contacts[15].id]);
  });

  test("cursors belong to one filter: another date range or holder never uses them", async () => {
    const tenant = await seedTenant(database.db);
    const contacts = await seedExport([tenant.botId], 12);
    await batch(tenant, { offset: 0, limit: 4 });
    const [cursor] = await cursors(tenant);
    await database.db.execute(sql`UPDATE platform.contact_cursors SET last_id = ${contacts[8].id} WHERE filter_hash = ${cursor.filter_hash}`);
    const from = Date.parse(contacts[0].created_at as string) / 1000;
    expect(await batch(tenant, { offset: 4, limit: 4, date_from: from })).toEqual(await truth(tenant, 4, 4, { from }));
    expect(await batch(tenant, { offset: 4, limit: 4, bot_id: tenant.botId })).toEqual(await truth(tenant, 4, 4));
  });

  test("expired cursors are not used, and requests clear other filters' expired cursors", async () => {
    const tenant = await seedTenant(database.db);
    const contacts = await seedExport([tenant.botId], 12);
    await batch(tenant, { offset: 0, limit: 4 });
    await batch(tenant, { offset: 0, limit: 4, date_from: 0 });
    const [mine, other] = await cursors(tenant);
    await database.db.execute(
      sql`UPDATE platform.contact_cursors SET last_id = ${contacts[8].id}, expires_at = now() - interval '1 second'
          WHERE filter_hash = ${mine.filter_hash} OR filter_hash = ${other.filter_hash}`,
    );
    expect(await batch(tenant, { offset: 4, limit: 4 })).toEqual(await truth(tenant, 4, 4));
    const left = await cursors(tenant);
    expect(left.some((k) => k.filter_hash === other.filter_hash)).toBe(false);
  });
});

describe("offset export stays exact when contacts change between batches", () => {
  async function exportWith(change: (tenant: Tenant, contacts: FixtureContact[], second: number) => Promise<void>) {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const contacts = await seedExport([tenant.botId, second], 24);
    expect(await batch(tenant, { offset: 0, limit: 8 })).toEqual(await truth(tenant, 0, 8));
    await change(tenant, contacts, second);
    for (const offset of [8, 16, 24]) expect(await batch(tenant, { offset, limit: 8 })).toEqual(await truth(tenant, offset, 8));
    return tenant;
  }

  test("a contact served in an earlier batch is deleted", async () => {
    await exportWith(async (_tenant, contacts) => {
      await addContacts(database.db, [{ ...contacts[3], deleted: true }]);
    });
  });

  test("a contact is hard-deleted, or hidden as a preview", async () => {
    await exportWith(async (_tenant, contacts) => {
      await database.db.execute(sql`DELETE FROM platform.contacts WHERE id = ${contacts[1].id}`);
      await addContacts(database.db, [{ ...contacts[5], preview: true }]);
    });
  });

  test("a contact is inserted below the position already served (an id lower than the bot's largest)", async () => {
    await exportWith(async (tenant, contacts) => {
      await addContacts(database.db, [telegramContact(tenant.botId, { id: contacts[2].id + 1 })]);
    });
  });

  test("a contact is moved to the other bot, re-dated, and a deleted one restored", async () => {
    await exportWith(async (_tenant, contacts, second) => {
      await addContacts(database.db, [{ ...contacts[4], deleted: true }]);
      await addContacts(database.db, [
        { ...contacts[0], bot_id: second },
        { ...contacts[6], created_at: "2020-01-01T00:00:00Z" },
      ]);
      await addContacts(database.db, [{ ...contacts[4], deleted: false }]);
    });
  });

  test("with bot_id and a date range: a contact moved out of the bot, another re-dated out of the range", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const contacts = await seedExport([tenant.botId, second], 40);
    const from = Date.parse(contacts[0].created_at as string) / 1000;
    const filter = { botId: tenant.botId, from };
    const params = { bot_id: tenant.botId, date_from: from, limit: 6 };
    expect(await batch(tenant, { ...params, offset: 0 })).toEqual(await truth(tenant, 0, 6, filter));
    await addContacts(database.db, [{ ...contacts[2], bot_id: second }]);
    expect(await batch(tenant, { ...params, offset: 6 })).toEqual(await truth(tenant, 6, 6, filter));
    await addContacts(database.db, [{ ...contacts[14], created_at: "2020-01-01T00:00:00Z" }]);
    expect(await batch(tenant, { ...params, offset: 12 })).toEqual(await truth(tenant, 12, 6, filter));
  });

  test("a bot of the scope is deleted", async () => {
    await exportWith(async (tenant, _contacts, second) => {
      const [{ project_uuid }] = await queryRows<{ project_uuid: string }>(database.db, sql`SELECT project_uuid::text FROM platform.bots WHERE id = ${second}`);
      await applyFixtures(database.db, { bots: [{ id: second, project_uuid, deleted: true }] });
    });
  });

  test("new contacts appended through the API keep the cursor valid and appear at the end", async () => {
    const tenant = await seedTenant(database.db);
    await seedExport([tenant.botId], 12);
    await batch(tenant, { offset: 0, limit: 5 });
    const version = async () =>
      (await queryRows<{ v: string }>(database.db, sql`SELECT version::text AS v FROM platform.contact_bot_stats WHERE bot_id = ${tenant.botId}`))[0].v;
    const before = await version();
    for (let i = 0; i < 3; i++) {
      const answer = await callApi(database.db, "createOrUpdateContact", {
        key: tenant.key,
        params: { bot_id: tenant.botId, messenger: "telegram", telegram_id: uniqueId(), name: `New ${i}` },
      });
      expect(answer.status).toBe(201);
    }
    expect(await version()).toBe(before);
    for (const offset of [5, 10]) expect(await batch(tenant, { offset, limit: 5 })).toEqual(await truth(tenant, offset, 5));
  });

  test("any sequence of changes between batches (property)", async () => {
    const change = fc.oneof(
      fc.record({ kind: fc.constant("delete" as const), at: fc.nat(40) }),
      fc.record({ kind: fc.constant("restore" as const), at: fc.nat(40) }),
      fc.record({ kind: fc.constant("preview" as const), at: fc.nat(40) }),
      fc.record({ kind: fc.constant("insertBelow" as const), at: fc.nat(40) }),
      fc.record({ kind: fc.constant("append" as const), at: fc.nat(40) }),
      fc.record({ kind: fc.constant("move" as const), at: fc.nat(40) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(change, { maxLength: 3 }), { minLength: 3, maxLength: 7 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        async (rounds, limit, oneBot) => {
          const tenant = await seedTenant(database.db);
          const second = await addBot(database.db, tenant);
          const contacts = await seedExport([tenant.botId, second], 30);
          // Every bot of the holder, or one named by bot_id (checked by the page's own statement).
          const params = oneBot ? { bot_id: second } : {};
          const filter = oneBot ? { botId: second } : {};
          let offset = 0;
          for (const changes of rounds) {
            expect(await batch(tenant, { ...params, offset, limit })).toEqual(await truth(tenant, offset, limit, filter));
            for (const { kind, at } of changes) {
              const target = contacts[at % contacts.length];
              if (kind === "delete") await addContacts(database.db, [{ ...target, deleted: true }]);
              if (kind === "restore") await addContacts(database.db, [{ ...target, deleted: false, preview: false }]);
              if (kind === "preview") await addContacts(database.db, [{ ...target, preview: true }]);
              if (kind === "move") await addContacts(database.db, [{ ...target, bot_id: target.bot_id === second ? tenant.botId : second }]);
              if (kind === "insertBelow") await addContacts(database.db, [telegramContact(second, { id: target.id + 1 + (uniqueId() % 2) })]);
              if (kind === "append") {
                await callApi(database.db, "createOrUpdateContact", {
                  key: tenant.key,
                  params: { bot_id: tenant.botId, messenger: "telegram", telegram_id: uniqueId(), name: "Appended" },
                });
              }
            }
            offset += limit;
          }
          expect(await batch(tenant, { ...params, offset, limit })).toEqual(await truth(tenant, offset, limit, filter));
        },
      ),
      { numRuns: 16 },
    );
  });
});
