import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { Db } from "@/lib/db/client";
import { applyFixtures } from "../../operator/fixtures";
import { callApi, seedTenant, uniqueId, type Tenant } from "../../testing/tenants";
import { addBot, addContacts, searchGramCounts, telegramContact, visibleIds, type FixtureContact } from "../../testing/contacts";
import { createTestDatabase } from "@/lib/db/testing/database";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

async function count(tenant: Tenant, params: Record<string, unknown> = {}) {
  const answer = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, verb: "GET", params });
  expect(answer.status, answer.text).toBe(200);
  expect(Object.keys(answer.body)).toEqual(["count"]);
  return answer.body.count as number;
}

/** The trigger-kept counters equal a recount from the contacts table. */
async function expectCountersExact(db: Db) {
  const hours = await queryRows<{ bot_id: string; hour: string; visible: string }>(
    db,
    sql`SELECT bot_id::text, hour::text, visible::text FROM platform.contact_hour_counts WHERE visible <> 0 ORDER BY 1, 2`,
  );
  const recount = await queryRows<{ bot_id: string; hour: string; visible: string }>(
    db,
    sql`SELECT bot_id::text, floor(extract(epoch FROM created_at) / 3600)::bigint::text AS hour, count(*)::text AS visible
        FROM platform.contacts WHERE NOT preview AND NOT deleted GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(hours).toEqual(recount);
  const stats = await queryRows<{ bot_id: string; visible: string }>(
    db,
    sql`SELECT bot_id::text, visible::text FROM platform.contact_bot_stats WHERE visible <> 0 ORDER BY 1`,
  );
  const perBot = await queryRows<{ bot_id: string; visible: string }>(
    db,
    sql`SELECT bot_id::text, count(*)::text AS visible FROM platform.contacts WHERE NOT preview AND NOT deleted GROUP BY 1 ORDER BY 1`,
  );
  expect(stats).toEqual(perBot);
  // The substring counters of the three-letter search.
  const { counted, recounted } = await searchGramCounts(db);
  expect(counted).toEqual(recounted);
}

const HOUR = 3600;
const START = Date.parse("2025-04-01T10:00:00Z") / 1000;
/** Contacts around hour edges: exactly on an hour, the last millisecond of one, mid-hour. */
const OFFSETS = [-1, 0, 0.001, 59.5, 1799, 3599.999, 3600, 3600.5, 7199, 7200, 10_000, 3 * HOUR + 1, 5 * HOUR - 0.5, 6 * HOUR, 30 * HOUR];

function spread(botId: number): FixtureContact[] {
  return OFFSETS.map((offset) => telegramContact(botId, { created_at: new Date((START + offset) * 1000).toISOString() }));
}

async function expectRangesExact(tenant: Tenant, runs = 40) {
  const second = fc.integer({ min: START - 2 * HOUR, max: START + 32 * HOUR });
  await fc.assert(
    fc.asyncProperty(fc.option(second, { nil: undefined }), fc.option(second, { nil: undefined }), async (from, to) => {
      const params = { ...(from === undefined ? {} : { date_from: from }), ...(to === undefined ? {} : { date_to: to }) };
      const truth = (await visibleIds(database.db, tenant.holderId, { from, to })).length;
      expect(await count(tenant, params)).toBe(truth);
      const page = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { ...params, count: 1 } });
      expect(page.body.meta.total).toBe(truth);
    }),
    { numRuns: runs },
  );
}

describe("getNumberOfContacts", () => {
  test("{count} at the top level: the holder's live contacts, the same number as getContacts' total", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    await addContacts(database.db, [
      telegramContact(tenant.botId),
      telegramContact(tenant.botId),
      telegramContact(tenant.botId, { preview: true }),
      telegramContact(tenant.botId, { deleted: true }),
      telegramContact(second),
    ]);
    expect(await count(tenant)).toBe(3);
    expect(await count(tenant, { bot_id: tenant.botId })).toBe(2);
    expect(await count(tenant, { bot_id: second })).toBe(1);
    expect(await count(tenant, { bot_id: uniqueId() })).toBe(0);
    const other = await seedTenant(database.db);
    expect(await count(tenant, { bot_id: other.botId })).toBe(0);
    const post = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, params: { bot_id: second, with: "x" } });
    expect(post.body).toEqual({ count: 1 });
  });

  test("date_from and date_to are inclusive, at any second and across hour edges (checked against count(*))", async () => {
    const tenant = await seedTenant(database.db);
    await addContacts(database.db, spread(tenant.botId));
    expect(await count(tenant, { date_from: START, date_to: START })).toBe(2);
    expect(await count(tenant, { date_from: START + 3599, date_to: START + 3600 })).toBe(3);
    expect(await count(tenant, { date_from: START, date_to: START + 3599 })).toBe(5);
    await expectRangesExact(tenant);
  });

  test("validation: bot_id, date_from and date_to must be integers", async () => {
    const tenant = await seedTenant(database.db);
    const answer = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, params: { bot_id: "x", date_from: "today", date_to: 1.5 } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      bot_id: ["The bot id field must be an integer."],
      date_from: ["The date from field must be an integer."],
      date_to: ["The date to field must be an integer."],
    });
  });

  test("dates far outside any contact (negative, year 9999 and beyond) are accepted", async () => {
    const tenant = await seedTenant(database.db);
    await addContacts(database.db, [telegramContact(tenant.botId)]);
    expect(await count(tenant, { date_from: -99_999_999_999, date_to: 999_999_999_999 })).toBe(1);
    expect(await count(tenant, { date_from: 999_999_999_999 })).toBe(0);
    expect(await count(tenant, { date_to: -99_999_999_999 })).toBe(0);
  });
});

describe("contact counters stay exact through every kind of change", () => {
  test("fixture upserts: deleted and preview toggled, re-dated across hours, moved between bots; SQL deletes; API creates", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const contacts = await addContacts(database.db, [...spread(tenant.botId), ...spread(second)]);
    await expectCountersExact(database.db);
    await expectRangesExact(tenant, 10);

    const changed = contacts.slice(0, 6).map((contact, i) => ({
      ...contact,
      ...[
        { deleted: true },
        { preview: true },
        { created_at: new Date((START + 20 * HOUR + 17) * 1000).toISOString() },
        { bot_id: second },
        { deleted: true, preview: true },
        { created_at: new Date((START - HOUR) * 1000).toISOString(), bot_id: second },
      ][i],
    }));
    await addContacts(database.db, changed);
    await expectCountersExact(database.db);
    await expectRangesExact(tenant, 15);

    // And back again, plus an upsert that changes nothing that counts.
    await addContacts(
      database.db,
      contacts.slice(0, 6).map((contact) => ({ ...contact, name: "Renamed" })),
    );
    await expectCountersExact(database.db);

    await database.db.execute(sql`DELETE FROM platform.contacts WHERE id = ANY(${sql.param(contacts.slice(6, 9).map((c) => c.id))}::bigint[])`);
    await database.db.execute(sql`UPDATE platform.contacts SET deleted = true WHERE id = ${contacts[10].id}`);
    const created = await callApi(database.db, "createOrUpdateContact", {
      key: tenant.key,
      params: { bot_id: tenant.botId, messenger: "telegram", telegram_id: uniqueId(), name: "New" },
    });
    expect(created.status).toBe(201);
    await expectCountersExact(database.db);
    // The same contact again under a new name and email: its substrings move, its count does not.
    const renamed = await callApi(database.db, "createOrUpdateContact", {
      key: tenant.key,
      params: { bot_id: tenant.botId, messenger: "telegram", telegram_id: created.body.data.telegram_id, name: "Ёлкин Пётр", email: "Petr@Example.com" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await expectCountersExact(database.db);
    expect(await count(tenant, { search: "ёлк" })).toBe(1);
    expect(await count(tenant, { search: "ЕЛК" })).toBe(1);
    expect(await count(tenant, { search: "New" })).toBe(0);
    expect(await count(tenant)).toBe((await visibleIds(database.db, tenant.holderId)).length);
    await expectRangesExact(tenant, 15);
  });

  test("a deleted bot's contacts stop counting at once and count again when it is restored", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    await addContacts(database.db, [telegramContact(tenant.botId), telegramContact(second), telegramContact(second)]);
    expect(await count(tenant)).toBe(3);
    const [{ project_uuid }] = await queryRows<{ project_uuid: string }>(database.db, sql`SELECT project_uuid::text FROM platform.bots WHERE id = ${second}`);
    await applyFixtures(database.db, { bots: [{ id: second, project_uuid, deleted: true }] });
    expect(await count(tenant)).toBe(1);
    expect(await count(tenant, { bot_id: second })).toBe(0);
    await applyFixtures(database.db, { bots: [{ id: second, project_uuid, deleted: false }] });
    expect(await count(tenant)).toBe(3);
  });

  test("generate_contacts: counted per hour in one statement, previews left out", async () => {
    const tenant = await seedTenant(database.db);
    await applyFixtures(database.db, {
      generate_contacts: [{ bot_id: tenant.botId, count: 2000, created_from: "2025-01-01T00:00:00Z", created_to: "2025-01-03T12:34:56Z", preview_every: 7 }],
    });
    await expectCountersExact(database.db);
    expect(await count(tenant)).toBe(2000 - Math.floor(2000 / 7));
    const from = Date.parse("2025-01-01T05:30:00Z") / 1000;
    const to = Date.parse("2025-01-02T17:10:10Z") / 1000;
    expect(await count(tenant, { date_from: from, date_to: to })).toBe((await visibleIds(database.db, tenant.holderId, { from, to })).length);
  });

  test("a partial hour with more contacts than the direct count probes is counted through the rest of its hour", async () => {
    const tenant = await seedTenant(database.db);
    const instant = "2025-07-07T10:20:30Z";
    await applyFixtures(database.db, {
      generate_contacts: [
        { bot_id: tenant.botId, count: 10_500, created_from: instant, created_to: instant },
        { bot_id: tenant.botId, count: 12_000, created_from: "2025-07-07T11:00:00Z", created_to: "2025-07-07T11:59:59Z" },
      ],
    });
    const t = Date.parse(instant) / 1000;
    const eleven = Date.parse("2025-07-07T11:00:00Z") / 1000;
    for (const [from, to] of [
      [t, t],
      [t - 5, t + 5],
      [t, eleven + 900],
      [t + 1, eleven + 1800],
      [eleven + 60, eleven + 3599],
      [eleven + 60, undefined],
      [undefined, eleven + 3000],
      [t - 3600, t],
    ] as const) {
      const truth = (await visibleIds(database.db, tenant.holderId, { from, to })).length;
      expect(await count(tenant, { ...(from === undefined ? {} : { date_from: from }), ...(to === undefined ? {} : { date_to: to }) }), `${from}..${to}`).toBe(
        truth,
      );
    }
    expect(await count(tenant, { date_from: t, date_to: t })).toBe(10_500);
  });

  test("the operator's reset empties the counters; what is loaded next counts from zero", async () => {
    const own = await createTestDatabase();
    try {
      const tenant = await seedTenant(own.db);
      await applyFixtures(own.db, { contacts: spread(tenant.botId) });
      await applyFixtures(own.db, {
        reset: true,
        accounts: [{ id: tenant.holderId, email: "r@example.com", api_key: tenant.key }],
        projects: [{ uuid: tenant.projectUuid, account_id: tenant.holderId }],
        bots: [{ id: tenant.botId, project_uuid: tenant.projectUuid }],
        contacts: [telegramContact(tenant.botId)],
      });
      await expectCountersExact(own.db);
      const answer = await callApi(own.db, "getNumberOfContacts", { key: tenant.key, verb: "GET" });
      expect(answer.body).toEqual({ count: 1 });
    } finally {
      await own.close();
    }
  });
});
