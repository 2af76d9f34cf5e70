import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { stringifyJson } from "../json";
import { paginate } from "../paginator";
import { BASE_URL, callApi, seedTenant, uniqueId, type Tenant } from "../testing/tenants";
import { findContactPage } from "./page";
import { resolveContactFilter } from "./scope";
import { CONTACT_COLUMNS, serializeContact, type ContactRow } from "./serialize";
import { addBot } from "../testing/contacts";

/*
 * The contacts of an export are written by PostgreSQL (serialize.ts, CONTACT_JSON_TEXT) and handed to the client as
 * text. The oracle is the Node path, still what getContact answers: serializeContact over the same rows, written by
 * stringifyJson. The SQL text must be byte for byte that, for any contact the columns can hold.
 */

let database: Database;
let tenant: Tenant;
beforeAll(async () => {
  database = await createTestDatabase();
  tenant = await seedTenant(database.db);
});
afterAll(async () => {
  await database?.close();
});

interface VariableSpec {
  name: string;
  value: string | null;
  type: number;
  schemaId: string | null;
  deletable: boolean;
  payload: unknown;
}

interface ContactSpec {
  big: boolean;
  messenger: string;
  messengerId: string;
  telegramUsername: string | null;
  maxUsername: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  avatar: string | null;
  tags: string[];
  created: string;
  unsubscribed: string | null;
  variables: VariableSpec[];
}

/** Characters where JSON writers differ, if anywhere: escapes, controls, line separators, non-ASCII, astral. */
const SPECIALS = ['"', "\\", "/", "\n", "\r", "\t", "\b", "\f", "\u0001", "\u001f", "\u007f", "\u0080", "\u00a0", "\u2028", "\u2029"];
const LETTERS = ["a", "Z", "0", "9", " ", "-", "_", "@", "'", "<", "&", "ё", "Ж", "я", "😀", "👍🏽", "\ufeff", "\ud7ff", "日"];
// Not a leading U+FEFF: PGlite's driver decodes each column with a TextDecoder, which drops it, so the oracle would lose
// it (the SQL text keeps it: see "a leading U+FEFF" below).
const text = fc
  .oneof(fc.string({ unit: fc.constantFrom(...SPECIALS, ...LETTERS), maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 6 }))
  .map((value) => (value.startsWith("\ufeff") ? `x${value}` : value));
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

const messengerId = fc.oneof(
  fc.stringMatching(/^-?[0-9]{1,25}$/),
  fc.constantFrom("-0", "007", "0", "9007199254740991", "9007199254740993", "-9223372036854775808", "12a", " 12", "12\n", "+12", "1e5", "١٢"),
  text.filter((value) => value.length > 0),
);

/** Timestamps with microseconds (formatTimestamp truncates to the second), as text PostgreSQL reads in UTC. */
const timestamp = fc
  .tuple(fc.integer({ min: Date.UTC(1900, 0, 1) / 1000, max: Date.UTC(2200, 0, 1) / 1000 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([seconds, micros]) => `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${String(micros).padStart(6, "0")}+00`);

/** Payload keys JavaScript does not reorder (integer-like keys it moves first: see the test of payloads below). */
const payloadKey = text.filter((key) => !/^(0|[1-9][0-9]*)$/.test(key));
const { payload } = fc.letrec((tie) => ({
  payload: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    text,
    fc.array(tie("payload"), { maxLength: 3 }),
    fc.dictionary(payloadKey, tie("payload"), { maxKeys: 3, noNullPrototype: true }),
  ),
}));

const variable: fc.Arbitrary<VariableSpec> = fc.record({
  name: fc.oneof(
    fc.constantFrom("utm_source", "utm_medium", "utm_", "utm_кампания", "UTM_x", "city", "xutm_"),
    text.filter((name) => name.length > 0),
  ),
  value: nullable(text),
  type: fc.integer({ min: 0, max: 4 }),
  schemaId: nullable(text),
  deletable: fc.boolean(),
  payload: fc.oneof(fc.constant(undefined), payload),
});

const contact: fc.Arbitrary<ContactSpec> = fc.record({
  big: fc.boolean(),
  messenger: fc.constantFrom("telegram", "max", "vk", "viber", "web"),
  messengerId,
  telegramUsername: nullable(text),
  maxUsername: nullable(text),
  name: text,
  phone: nullable(fc.stringMatching(/^[0-9]{0,15}$/)),
  email: nullable(text),
  address: nullable(text),
  avatar: nullable(text),
  tags: fc.array(text, { maxLength: 3 }),
  created: timestamp,
  unsubscribed: nullable(timestamp),
  variables: fc.uniqueArray(variable, { maxLength: 5, selector: (v) => v.name }),
});

/** Inserts the contacts into `botId` as they are (ids past 2^53 for `big`), with their variables in order. */
async function insert(botId: number, specs: ContactSpec[]): Promise<void> {
  for (const spec of specs) {
    const id = spec.big ? String(2n ** 62n + BigInt(uniqueId())) : String(uniqueId());
    await database.db.execute(sql`INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, telegram_username, max_username, name,
        phone, email, address, avatar, tags, created_at, unsubscribed_at)
      VALUES (${id}::bigint, ${botId}, ${spec.messenger}, ${spec.messengerId}, ${spec.telegramUsername}, ${spec.maxUsername}, ${spec.name},
        ${spec.phone}, ${spec.email}, ${spec.address}, ${spec.avatar}, ${sql.param(spec.tags)}::text[], ${spec.created}::timestamptz,
        ${spec.unsubscribed}::timestamptz)`);
    for (const v of spec.variables) {
      const payloadText = v.payload === undefined ? null : JSON.stringify(v.payload);
      await database.db.execute(sql`INSERT INTO platform.contact_variables (contact_id, name, value, type, schema_id, deletable, payload)
        VALUES (${id}::bigint, ${v.name}, ${v.value}, ${v.type}, ${v.schemaId}, ${v.deletable}, ${payloadText}::jsonb)`);
    }
  }
}

/** The oracle: the bot's contacts through serializeContact, by id. */
async function oracle(botId: number) {
  const rows = await queryRows<ContactRow>(database.db, sql`SELECT ${CONTACT_COLUMNS} FROM platform.contacts c WHERE c.bot_id = ${botId} ORDER BY c.id`);
  return rows.map(serializeContact);
}

async function batchText(botId: number, offset = 0, limit = 1000) {
  const filter = await resolveContactFilter(database.db, tenant.holderId, { bot_id: botId });
  return findContactPage(database.db, filter, { offset, limit });
}

describe("the contacts PostgreSQL writes are the bytes the Node path writes", () => {
  test("any contacts: every messenger, ids past 2^53, utm or none, escapes, controls, Unicode, nulls, payloads", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(contact, { minLength: 1, maxLength: 6, selector: (c) => `${c.messenger}\u0001${c.messengerId}` }), async (specs) => {
        const botId = await addBot(database.db, tenant);
        await insert(botId, specs);
        const expected = await oracle(botId);
        const page = await batchText(botId);
        expect(page.contacts.text).toBe(stringifyJson(expected));
        expect(page.count).toBe(specs.length);
        expect(page.total).toBe(specs.length);
      }),
      { numRuns: 50 },
    );
  });

  test("the answers of both modes: the envelope around the same text, held to the contract (callApi checks it)", async () => {
    const botId = await addBot(database.db, tenant);
    const specs = fc
      .sample(fc.uniqueArray(contact, { minLength: 7, maxLength: 7, selector: (c) => `${c.messenger}\u0001${c.messengerId}` }), {
        numRuns: 1,
        seed: 21,
      })[0]
      .map((spec, index) => ({ ...spec, big: index === 0 }));
    // One id past 2^53 (the last by id); contact_ids below names two of the others.
    await insert(botId, specs);
    const expected = await oracle(botId);
    const path = `${BASE_URL}/api/v1/getContacts`;

    const batch = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { bot_id: botId, offset: 2, limit: 3 } });
    expect(batch.status, batch.text).toBe(200);
    expect(batch.text).toBe(stringifyJson({ data: expected.slice(2, 5), meta: { offset: 2, limit: 3, total: 7 } }));

    for (const pageNumber of [1, 3, 4]) {
      const answer = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { bot_id: botId, count: 3, page: pageNumber } });
      expect(answer.status, answer.text).toBe(200);
      const items = expected.slice((pageNumber - 1) * 3, pageNumber * 3);
      expect(answer.text).toBe(stringifyJson(paginate(items, { total: 7, perPage: 3, page: pageNumber, path, metaLinks: true })));
    }

    // The other queries of page.ts end the same way: the sort extension, a search, contact_ids.
    const sorted = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { bot_id: botId, sort: "-id", offset: 0, limit: 7 } });
    expect(sorted.text).toBe(stringifyJson({ data: [...expected].reverse(), meta: { offset: 0, limit: 7, total: 7 } }));
    const ids = [expected[1].id, expected[4].id].map(String);
    const named = await callApi(database.db, "getContacts", { key: tenant.key, verb: "POST", params: { bot_id: botId, contact_ids: ids, limit: 10 } });
    expect(named.status, named.text).toBe(200);
    expect(named.text).toBe(stringifyJson({ data: [expected[1], expected[4]], meta: { offset: 0, limit: 10, total: 2 } }));
  });

  test("an empty batch and an empty page", async () => {
    const botId = await addBot(database.db, tenant);
    expect(await batchText(botId)).toEqual(expect.objectContaining({ count: 0, total: 0 }));
    expect((await batchText(botId)).contacts.text).toBe("[]");
    const answer = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { bot_id: botId, page: 2 } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ data: [], meta: { from: null, to: null, total: 0, current_page: 2 } });
  });

  test("a leading U+FEFF is kept", async () => {
    const botId = await addBot(database.db, tenant);
    const id = String(uniqueId());
    await database.db.execute(
      sql`INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, name) VALUES (${id}::bigint, ${botId}, 'web', ${id}, ${"\ufeffName"})`,
    );
    const { contacts } = await batchText(botId);
    expect(JSON.parse(contacts.text)[0].name).toBe("\ufeffName");
  });

  test("payloads JavaScript would rewrite: jsonb's own digits and key order, the same value once parsed", async () => {
    const botId = await addBot(database.db, tenant);
    const id = String(uniqueId());
    await database.db.execute(
      sql`INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, name) VALUES (${id}::bigint, ${botId}, 'web', ${id}, 'P')`,
    );
    await database.db.execute(sql`INSERT INTO platform.contact_variables (contact_id, name, payload)
      VALUES (${id}::bigint, 'p', '{"b": 1.50, "10": [1e-7, 12345678901234567890], "a": {"k": "v: x, y"}}'::jsonb)`);
    const [expected] = await oracle(botId);
    const { contacts } = await batchText(botId);
    expect(contacts.text).toContain(`"payload":{"a":{"k":"v: x, y"},"b":1.50,"10":[0.0000001,12345678901234567890]}`);
    expect(JSON.parse(contacts.text)).toEqual([expected]);
  });
});
