import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "../operator/fixtures";
import { callApi, seedTenant, uniqueId, type Tenant } from "../testing/tenants";
import { addBot, addContacts, telegramContact, visibleIds } from "../testing/contacts";
import { searchConditionSql } from "./search";
import { findContactPage } from "./page";
import { resolveContactFilter, type ContactFilterParams } from "./scope";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

async function search(tenant: Tenant, params: Record<string, unknown>, verb = "GET") {
  const answer = await callApi(database.db, "getContacts", { key: tenant.key, verb, params: { count: 500, ...params } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

const idsOf = (body: { data: { id: number }[] }) => body.data.map((contact) => contact.id);

async function count(tenant: Tenant, params: Record<string, unknown>, verb = "GET"): Promise<number> {
  const answer = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, verb, params });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.count;
}

describe("search: what matches", () => {
  let tenant: Tenant;
  const base = uniqueId() * 10;
  const id = {
    ivan: base + 1,
    anna: base + 2,
    vasya: base + 3,
    viber: base + 4,
    literal: base + 5,
    lookalike: base + 6,
    artyom: base + 7,
    emile: base + 8,
    formatted: base + 9,
  };

  beforeAll(async () => {
    tenant = await seedTenant(database.db);
    await addContacts(database.db, [
      {
        id: id.ivan,
        bot_id: tenant.botId,
        messenger: "telegram",
        name: "Иван Петров",
        telegram_id: "5550001",
        telegram_username: "ivan_p",
        phone: "79991234567",
        email: "Ivan.Petrov@Example.com",
      },
      { id: id.anna, bot_id: tenant.botId, messenger: "max", name: "Anna Smith", max_user_id: "123456789", max_username: "annas" },
      { id: id.vasya, bot_id: tenant.botId, messenger: "vk", name: "Vasya", vk_user_id: "987654" },
      { id: id.viber, bot_id: tenant.botId, messenger: "viber", name: "Vi", viber_id: "AbC+dEf==" },
      { id: id.literal, bot_id: tenant.botId, messenger: "web", name: "100% Pure_Joy\\x" },
      { id: id.lookalike, bot_id: tenant.botId, messenger: "web", name: "1000 PureXJoy" },
      { id: id.artyom, bot_id: tenant.botId, messenger: "telegram", name: "АРТЁМ Ёлкин", telegram_id: "5550002" },
      { id: id.emile, bot_id: tenant.botId, messenger: "telegram", name: "ÉMILE Zola", telegram_id: "5550003" },
      // A phone a fixture stored as dialled: compared by its digits.
      { id: id.formatted, bot_id: tenant.botId, messenger: "telegram", name: "Dialled", telegram_id: "5550004", phone: "+44 (20) 7946-0958" },
    ]);
  });

  test.each([
    ["name, Cyrillic, any case", ["иван", "ИВАН", "Петров", "ван пет"], "ivan"],
    ["name, ё and е alike, capital Ё", ["артем", "артём", "Артем", "ёлкин", "ЕЛКИН"], "artyom"],
    ["name, Latin-1 accents folded", ["émile", "ÉMILE", "zola"], "emile"],
    ["phone: with or without +, spaces, dashes, parentheses", ["79991234567", "+79991234567", "+7 999 123-45-67", "(999) 123", "234"], "ivan"],
    ["phone stored with formatting, searched by digits", ["442079460958", "+44 20 7946 0958", "7946-0958"], "formatted"],
    ["email, any case", ["example.com", "IVAN.PETROV@EXAMPLE.COM", "petrov@"], "ivan"],
    ["telegram username, with or without @, any case", ["ivan_p", "@ivan_p", "@IVAN_P", "van_"], "ivan"],
    ["max username", ["annas", "@annas", "ANNAS"], "anna"],
    ["telegram id, exactly", ["5550001"], "ivan"],
    ["max user id, exactly", ["123456789"], "anna"],
    ["vk user id, exactly", ["987654"], "vasya"],
    ["viber id, exactly (case-sensitive)", ["AbC+dEf=="], "viber"],
    ["%, _ and \\ are literal", ["100%", "0% P", "e_J", "_joy\\", "y\\x"], "literal"],
  ] as const)("%s", async (_, texts, who) => {
    for (const text of texts) {
      expect(idsOf(await search(tenant, { search: text })), text).toEqual([id[who]]);
      expect(await count(tenant, { search: text }), text).toBe(1);
    }
  });

  test("the contact id, exactly: digits equal to the id (a part of it is no match)", async () => {
    expect(idsOf(await search(tenant, { search: String(id.emile) }))).toEqual([id.emile]);
    expect(idsOf(await search(tenant, { search: `00${id.emile}` }))).toEqual([id.emile]);
    expect(idsOf(await search(tenant, { search: String(id.emile).slice(0, -1) }))).toEqual([]);
  });

  test("no substring match where the text is not one: messenger ids are exact, a wildcard is not one", async () => {
    for (const text of ["555000", "abc+def==", "AbC+dEf", "e%J", "100_", "%", "_", "\\", "%%%", "___"]) {
      expect(idsOf(await search(tenant, { search: text })), text).toEqual([]);
      expect(await count(tenant, { search: text }), text).toBe(0);
    }
  });

  test("one or two characters match only exact ids: no name, email, username or phone fragment", async () => {
    for (const text of ["Vi", "ив", "@a", "99", "a"]) expect(idsOf(await search(tenant, { search: text })), text).toEqual([]);
    const short = await seedTenant(database.db);
    const [seven] = await addContacts(database.db, [{ id: uniqueId(), bot_id: short.botId, messenger: "telegram", name: "Al", telegram_id: "7" }]);
    expect(idsOf(await search(short, { search: "7" }))).toEqual([seven.id]);
    expect(idsOf(await search(short, { search: "Al" }))).toEqual([]);
  });

  test("several kinds at once are one OR: a text matching a name and another contact's email finds both", async () => {
    const both = await seedTenant(database.db);
    const [named, mailed, neither] = await addContacts(database.db, [
      telegramContact(both.botId, { name: "Olga Kovalenko" }),
      telegramContact(both.botId, { name: "Someone", email: "kovalenko@example.org" }),
      telegramContact(both.botId, { name: "Other" }),
    ]);
    expect(idsOf(await search(both, { search: "kovalenko" }))).toEqual([named.id, mailed.id]);
    expect(idsOf(await search(both, { search: "  kovalenko\t" }))).toEqual([named.id, mailed.id]);
    expect(idsOf(await search(both, {}))).toEqual([named.id, mailed.id, neither.id]);
  });
});

describe("search: case folding in the database", () => {
  test("the folding table (for databases whose lower() folds only A-Z) gives what this database's lower() gives", async () => {
    const alphabet = await queryRows<{ upper: string }>(
      database.db,
      sql`SELECT string_agg(chr(code), '') AS upper FROM generate_series(65, 1327) AS code
          WHERE chr(code) <> lower(chr(code)) AND code NOT BETWEEN 91 AND 191`,
    );
    const samples = [alphabet[0].upper, "Иван ПЕТРОВ", "АРТЁМ ёжиков", "ÉMILE Zola", "ΣΟΦΊΑ σοφίας", "ҐАНДЗЯ ЄВА ЇЖАК"];
    for (const text of samples) {
      const [row] = await queryRows<{ fast: string; table: string }>(
        database.db,
        sql`SELECT platform.contact_search_fold(${text}::text) AS fast, platform.contact_search_fold_by_table(${text}::text) AS table`,
      );
      expect(row.table, text).toBe(row.fast);
    }
  });

  test("here the folding is lower() (the database's LC_CTYPE folds Cyrillic), so the table is planned away", async () => {
    const plan = await queryRows<{ "QUERY PLAN": string }>(
      database.db,
      sql`EXPLAIN (VERBOSE, COSTS OFF) SELECT platform.contact_search_fold(name) FROM platform.contacts`,
    );
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("translate(lower((name)::text), 'ёς'::text, 'еσ'::text)");
  });
});

describe("search: the stored folded name", () => {
  test("search_name is the name folded, kept on every write, and a name fragment is looked up through its index", async () => {
    const tenant = await seedTenant(database.db);
    const [contact] = await addContacts(database.db, [telegramContact(tenant.botId, { name: "Артём НИКОЛАЕВ" })]);
    const stored = async () => {
      const [row] = await queryRows<{ search_name: string | null }>(database.db, sql`SELECT search_name FROM platform.contacts WHERE id = ${contact.id}`);
      return row.search_name;
    };
    expect(await stored()).toBe("артем николаев");
    await addContacts(database.db, [{ ...contact, name: "ΣΟΦΊΑ Émile" }]);
    expect(await stored()).toBe("σοφία émile");
    expect(idsOf(await search(tenant, { search: "ÉMIL" }))).toEqual([contact.id]);
    expect(idsOf(await search(tenant, { search: "николаев" }))).toEqual([]);

    // The condition the search writes is the index's expression: among 20,000 other contacts (added and analysed in a
    // transaction that is rolled back), and without a sequential scan, the planner reaches the match through
    // contacts_search_name_idx. Were the
    // condition to fold the name again, it could not, and every name would be read and folded.
    let plan: string[] = [];
    await database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, name)
              SELECT ${contact.id}::bigint * 10000 + g, ${tenant.botId}::bigint, 'telegram', 'p' || g, 'Other ' || g
              FROM generate_series(1, 20000) AS g`,
        );
        await tx.execute(sql`ANALYZE platform.contacts`);
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const rows = await queryRows<{ "QUERY PLAN": string }>(
          tx,
          sql`EXPLAIN (COSTS OFF) SELECT c.id FROM platform.contacts c WHERE NOT c.preview AND NOT c.deleted AND ${searchConditionSql("ΣΟΦΊ")}`,
        );
        plan = rows.map((row) => row["QUERY PLAN"]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plan.join("\n")).toContain("Bitmap Index Scan on contacts_search_name_idx");
  });
});

describe("search: scope", () => {
  test("AND with bot_id, date_from and date_to", async () => {
    const tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const at = (day: number) => `2025-05-${String(day).padStart(2, "0")}T12:00:00Z`;
    const seconds = (day: number) => Date.parse(at(day)) / 1000;
    const [a, b, c, d] = await addContacts(database.db, [
      telegramContact(tenant.botId, { name: "Mira One", created_at: at(1) }),
      telegramContact(second, { name: "Mira Two", created_at: at(2) }),
      telegramContact(tenant.botId, { name: "Mira Three", created_at: at(3) }),
      telegramContact(second, { name: "Mira Four", created_at: at(4) }),
      telegramContact(tenant.botId, { name: "Someone else", created_at: at(2) }),
    ]);
    const cases: [Record<string, unknown>, number[]][] = [
      [{}, [a.id, b.id, c.id, d.id]],
      [{ bot_id: second }, [b.id, d.id]],
      [{ date_from: seconds(2) }, [b.id, c.id, d.id]],
      [{ date_to: seconds(3) }, [a.id, b.id, c.id]],
      [{ date_from: seconds(2), date_to: seconds(3), bot_id: tenant.botId }, [c.id]],
      [{ bot_id: uniqueId() }, []],
    ];
    for (const [params, expected] of cases) {
      expect(idsOf(await search(tenant, { ...params, search: "mira" })), JSON.stringify(params)).toEqual(expected);
      expect(await count(tenant, { ...params, search: "mira" }), JSON.stringify(params)).toBe(expected.length);
    }
  });

  test("a foreign bot's contacts never match, nor deleted, preview, a deleted bot's or a member project's", async () => {
    const tenant = await seedTenant(database.db);
    const other = await seedTenant(database.db);
    const deletedBot = await addBot(database.db, tenant, { deleted: true });
    const memberProject = randomUUID();
    const memberBot = uniqueId();
    await applyFixtures(database.db, {
      projects: [{ uuid: memberProject, account_id: other.holderId, members: [tenant.holderId] }],
      bots: [{ id: memberBot, project_uuid: memberProject }],
    });
    const same = { name: "Zoltan Kiss", phone: "36201234567", email: "zoltan@example.hu", telegram_username: "zkiss" };
    const [own, ...hidden] = await addContacts(database.db, [
      telegramContact(tenant.botId, same),
      telegramContact(other.botId, same),
      telegramContact(tenant.botId, { ...same, deleted: true }),
      telegramContact(tenant.botId, { ...same, preview: true }),
      telegramContact(deletedBot, same),
      telegramContact(memberBot, same),
    ]);
    for (const text of ["zoltan", "+36 20 123", "example.hu", "@zkiss"]) {
      expect(idsOf(await search(tenant, { search: text })), text).toEqual([own.id]);
      expect(await count(tenant, { search: text }), text).toBe(1);
      expect(idsOf(await search(tenant, { search: text, bot_id: other.botId })), text).toEqual([]);
    }
    // Their contact ids and messenger ids (telegram_id is the id here) find nothing either.
    for (const hiddenContact of hidden) {
      expect(idsOf(await search(tenant, { search: String(hiddenContact.id) }))).toEqual([]);
      expect(await count(tenant, { search: String(hiddenContact.id) })).toBe(0);
    }
    // The other holder finds their own contacts (their bot and the project the first one is a member of), and only those.
    expect(idsOf(await search(other, { search: "zoltan" }))).toEqual([hidden[0].id, hidden[4].id]);
  });
});

describe("search: three characters", () => {
  test("a contact matching by name and by another field is listed and counted once; other fields still match", async () => {
    const tenant = await seedTenant(database.db);
    const [both, byEmail, byUsername, byId] = await addContacts(database.db, [
      telegramContact(tenant.botId, { name: "Zed Ray", email: "zed@example.com", telegram_username: "zedray" }),
      telegramContact(tenant.botId, { name: "Someone", email: "mr.zed@example.com" }),
      telegramContact(tenant.botId, { name: "Other", telegram_username: "the_zed" }),
      telegramContact(tenant.botId, { name: "Third" }),
    ]);
    expect(idsOf(await search(tenant, { search: "Zed" }))).toEqual([both.id, byEmail.id, byUsername.id]);
    expect(await count(tenant, { search: "zed" })).toBe(3);
    // Three digits in a name and in the messenger id of the same contact: listed once.
    await addContacts(database.db, [telegramContact(tenant.botId, { name: "Agent 007", telegram_id: "007" })]);
    expect(await count(tenant, { search: "007" })).toBe(1);
    expect((await search(tenant, { search: "ird" })).data.map((c: { id: number }) => c.id)).toEqual([byId.id]);
    // With a range or contact ids, the same answers.
    expect(idsOf(await search(tenant, { search: "zed", date_from: 0 }))).toEqual([both.id, byEmail.id, byUsername.id]);
    expect(idsOf(await search(tenant, { search: "zed", contact_ids: [byEmail.id, byId.id] }))).toEqual([byEmail.id]);
  });
});

describe("search: paging", () => {
  let tenant: Tenant;
  let matching: number[];

  beforeAll(async () => {
    tenant = await seedTenant(database.db);
    const second = await addBot(database.db, tenant);
    const base = uniqueId() * 10;
    const contacts = Array.from({ length: 60 }, (_, i) =>
      telegramContact(i % 2 === 0 ? tenant.botId : second, { id: base + i, name: i % 3 === 0 ? `Найденный ${i}` : `Other ${i}` }),
    );
    await addContacts(database.db, contacts);
    matching = contacts.filter((_, i) => i % 3 === 0).map((c) => c.id);
  });

  test("page mode: total, last_page and the pages add up to the matches once, in id order", async () => {
    const pages = [];
    for (let page = 1; page <= 5; page++) pages.push(await search(tenant, { search: "найденный", count: 6, page }));
    expect(pages[0].meta).toMatchObject({ total: 20, last_page: 4, per_page: 6, from: 1, to: 6 });
    expect(pages[3].meta).toMatchObject({ total: 20, from: 19, to: 20 });
    expect(pages[3].links.next).toBeNull();
    expect(pages[4].data).toEqual([]);
    expect(pages.flatMap(idsOf)).toEqual(matching);
    expect(await count(tenant, { search: "найденный" })).toBe(20);
  });

  test("offset mode: batches at any offset equal OFFSET over the matches; no export cursor is written for a search", async () => {
    const batches = [];
    for (let offset = 0; offset < 25; offset += 7) {
      const body = await search(tenant, { search: "Найденный", offset, limit: 7 });
      expect(body.meta).toEqual({ offset, limit: 7, total: 20 });
      expect(idsOf(body)).toEqual(matching.slice(offset, offset + 7));
      batches.push(body);
    }
    expect(batches.flatMap(idsOf)).toEqual(matching);
    for (const offset of [13, 2, 19]) {
      expect(idsOf(await search(tenant, { search: "найденный", offset, limit: 3 }))).toEqual(matching.slice(offset, offset + 3));
    }
    const [{ cursors }] = await queryRows<{ cursors: string }>(
      database.db,
      sql`SELECT count(*)::text AS cursors FROM platform.contact_cursors k
          WHERE k.bot_ids && (SELECT array_agg(b.id) FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid
                              WHERE p.owner_id = ${tenant.holderId})`,
    );
    expect(cursors).toBe("0");
  });

  test("a contact renamed between batches moves in or out of the matches, and the next batch and total follow", async () => {
    const renamed = matching[2];
    await applyFixtures(database.db, { contacts: [telegramContact(tenant.botId, { id: renamed, name: "Renamed", telegram_id: String(renamed) })] });
    try {
      const body = await search(tenant, { search: "найденный", offset: 0, limit: 5 });
      expect(body.meta.total).toBe(19);
      expect(idsOf(body)).toEqual(matching.filter((id) => id !== renamed).slice(0, 5));
    } finally {
      await applyFixtures(database.db, { contacts: [telegramContact(tenant.botId, { id: renamed, name: "Найденный again", telegram_id: String(renamed) })] });
    }
    expect((await search(tenant, { search: "найденный", offset: 0, limit: 5 })).meta.total).toBe(20);
  });

  test("a search does not disturb the plain export beside it", async () => {
    const all = await visibleIds(database.db, tenant.holderId);
    const plain = await search(tenant, { offset: 0, limit: 10 });
    await search(tenant, { search: "найденный", offset: 0, limit: 10 });
    const next = await search(tenant, { offset: 10, limit: 10 });
    expect([...idsOf(plain), ...idsOf(next)]).toEqual(all.slice(0, 20));
    expect(next.meta.total).toBe(60);
  });
});

describe("search: three letters across bots (the substring counters, and a scan of the bots that have matches)", () => {
  let tenant: Tenant;
  const ids: Record<"dense" | "none" | "sparse" | "messenger", number[]> = { dense: [], none: [], sparse: [], messenger: [] };

  beforeAll(async () => {
    tenant = await seedTenant(database.db);
    const [none, sparse, messenger] = [await addBot(database.db, tenant), await addBot(database.db, tenant), await addBot(database.db, tenant)];
    const base = uniqueId() * 100;
    const contacts = [
      // Every other contact of the first bot matches "тро": a scan finds a page at once.
      ...Array.from({ length: 24 }, (_, i) => telegramContact(tenant.botId, { id: base + i, name: i % 2 === 0 ? `Петров ${i}` : `Smith ${i}` })),
      // None of this bot's: a scan of it would read all of them for nothing.
      ...Array.from({ length: 20 }, (_, i) => telegramContact(none, { id: base + 30 + i, name: `Jones ${i}` })),
      // One of four: read by a scan for pages of 2 (2·4 ≤ 16·1²), through the indexes for pages of 5.
      ...Array.from({ length: 4 }, (_, i) => telegramContact(sparse, { id: base + 50 + i, name: i === 3 ? "Строгов" : `Brown ${i}` })),
      // Only its messenger id is the text: outside the counters, counted beside them.
      { id: base + 95, bot_id: messenger, messenger: "web", name: "Web visitor", web_id: "тро" },
    ];
    await addContacts(database.db, contacts);
    ids.dense = contacts.filter((c) => c.bot_id === tenant.botId && String(c.name).startsWith("Петров")).map((c) => c.id);
    ids.sparse = [base + 50 + 3];
    ids.messenger = [base + 95];
  });

  const pagesOf = async (params: Record<string, unknown>, size: number, sort = "id") => {
    const seen: number[] = [];
    let total = -1;
    for (let page = 1; page <= 30; page++) {
      const body = await search(tenant, { ...params, count: size, page, sort });
      total = body.meta.total;
      if (body.data.length === 0) break;
      seen.push(...idsOf(body));
    }
    return { seen, total };
  };

  test("one bot with many matches, one with none, one with few, one with a messenger id: every page, both orders", async () => {
    // Pages of 2 scan the bots with matches (not the one without); pages of 5 go through the indexes, as the bot
    // with one match in four is not dense enough for them. The answer never depends on the way taken.
    const all = [...ids.dense, ...ids.sparse, ...ids.messenger].sort((a, b) => a - b);
    for (const size of [2, 5]) {
      expect(await pagesOf({ search: "тро" }, size)).toEqual({ seen: all, total: all.length });
      expect(await pagesOf({ search: "тро" }, size, "-id")).toEqual({ seen: [...all].reverse(), total: all.length });
    }
    expect(await count(tenant, { search: "тро" })).toBe(all.length);
    // Case folds for names; a messenger id is matched exactly, so "ТРО" is not that one's.
    const folded = all.filter((id) => !ids.messenger.includes(id));
    expect(await pagesOf({ search: "ТРО" }, 4)).toEqual({ seen: folded, total: folded.length });
    expect(await count(tenant, { search: "ТРО" })).toBe(folded.length);
  });

  test("by bot: the dense bot, the bot without matches, the messenger-id bot", async () => {
    const bots = (
      await queryRows<{ id: string }>(
        database.db,
        sql`SELECT b.id::text AS id FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid WHERE p.owner_id = ${tenant.holderId} ORDER BY b.id`,
      )
    ).map((row) => Number(row.id));
    const [dense, none, sparse, messenger] = bots;
    expect(await pagesOf({ search: "тро", bot_id: dense }, 3)).toEqual({ seen: ids.dense, total: ids.dense.length });
    expect(await pagesOf({ search: "тро", bot_id: none }, 3)).toEqual({ seen: [], total: 0 });
    expect(await pagesOf({ search: "тро", bot_id: sparse }, 3)).toEqual({ seen: ids.sparse, total: 1 });
    expect(await pagesOf({ search: "тро", bot_id: messenger }, 3)).toEqual({ seen: ids.messenger, total: 1 });
    expect(await count(tenant, { search: "тро", bot_id: messenger })).toBe(1);
  });
});

describe("search: the parameter", () => {
  let tenant: Tenant;
  let contact: { id: number };

  beforeAll(async () => {
    tenant = await seedTenant(database.db);
    [contact] = await addContacts(database.db, [telegramContact(tenant.botId, { name: "Gustav Mahler", email: "gm@example.at" })]);
    await addContacts(database.db, [telegramContact(tenant.botId, { name: "Other" })]);
  });

  test("GET, POST as JSON, urlencoded and multipart forms answer the same", async () => {
    const params = { search: "mahler", count: 5 };
    const get = await search(tenant, params);
    expect(idsOf(get)).toEqual([contact.id]);
    expect(await search(tenant, params, "POST")).toEqual(get);
    for (const form of ["urlencoded", "multipart"] as const) {
      const answer = await callApi(database.db, "getContacts", { key: tenant.key, params, form });
      expect(answer.body).toEqual(get);
      const counted = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, params: { search: "mahler" }, form });
      expect(counted.body).toEqual({ count: 1 });
    }
    expect(await count(tenant, { search: "mahler" }, "POST")).toBe(1);
    expect(await count(tenant, { search: "mahler" }, "GET")).toBe(1);
  });

  test("an empty or blank search is the same as none (the gateway trims texts and takes an empty one as absent)", async () => {
    const none = await search(tenant, {});
    expect(none.meta.total).toBe(2);
    for (const blank of ["", "   ", "\t\n"]) {
      expect(await search(tenant, { search: blank })).toEqual(none);
      expect(await count(tenant, { search: blank })).toBe(2);
    }
  });

  test("200 characters (counted as characters, not bytes or UTF-16 units) are accepted", async () => {
    for (const text of ["a".repeat(200), "ж".repeat(200), "😀".repeat(200), ` ${"b".repeat(200)} `]) {
      expect((await search(tenant, { search: text })).meta.total, text).toBe(0);
    }
  });

  test.each([
    ["getContacts", "a".repeat(201)],
    ["getContacts", "ж".repeat(201)],
    ["getNumberOfContacts", "a".repeat(201)],
    ["getNumberOfContacts", "😀".repeat(201)],
  ])("%s: a search longer than 200 characters is a 422 on search", async (method, text) => {
    for (const verb of ["GET", "POST"]) {
      const answer = await callApi(database.db, method, { key: tenant.key, verb, params: { search: text } });
      expect(answer.status).toBe(422);
      const message = "The search field must not be greater than 200 characters.";
      expect(answer.body).toEqual({ message, errors: { search: [message] } });
    }
  });

  test("not a string (a JSON number, an array) is a 422 on search; in Russian when asked, listed with the other errors", async () => {
    for (const value of [42, ["a", "b"], { a: 1 }]) {
      const answer = await callApi(database.db, "getContacts", { key: tenant.key, params: { search: value } });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: "The search field must be a string.", errors: { search: ["The search field must be a string."] } });
    }
    const both = await callApi(database.db, "getContacts", {
      key: tenant.key,
      verb: "GET",
      params: { search: "x".repeat(300), count: 0 },
      headers: { "accept-language": "ru" },
    });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors).sort()).toEqual(["count", "search"]);
    expect(both.body.errors.search).toEqual(["Количество символов в поле search не может превышать 200."]);
  });
});

describe("search: three letters whose matches are not spread over the order (an import of namesakes)", () => {
  const ORDERS = ["id", "-id", "created_at", "-created_at"] as const;
  let tenant: Tenant;
  let namesakes: number[];

  beforeAll(async () => {
    // 10,000 older contacts, then 200 namesakes: dense enough for a scan (20·10,200 ≤ 16·200²), all at the end of the
    // ascending orders, so an uncapped scan in those orders reads every older contact before the first match.
    tenant = await seedTenant(database.db);
    const base = uniqueId() * 100_000;
    await database.db.execute(
      sql`INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, name, created_at)
          SELECT ${base}::bigint + g, ${tenant.botId}::bigint, 'telegram', 'o' || g, 'Other ' || g, now() - interval '1 day' + g * interval '1 second'
          FROM generate_series(1, 10000) AS g`,
    );
    await database.db.execute(
      sql`INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, name)
          SELECT ${base}::bigint + 10000 + g, ${tenant.botId}::bigint, 'telegram', 'z' || g, 'Зюзякин ' || g
          FROM generate_series(1, 200) AS g`,
    );
    // As autovacuum would after an import: the planner then knows the bot's size (the index path's own choice).
    await database.db.execute(sql`ANALYZE platform.contacts`);
    namesakes = Array.from({ length: 200 }, (_, i) => base + 10001 + i);
  });

  test("every order's pages are the namesakes in that order, with their total", async () => {
    for (const sort of ORDERS) {
      const expected = sort.startsWith("-") ? [...namesakes].reverse() : namesakes;
      for (const size of [1, 7, 20]) {
        for (const page of [1, 2, Math.ceil(200 / size)]) {
          const body = await search(tenant, { search: "ЗЮЗ", count: size, page, sort });
          expect(idsOf(body), `${sort}, ${size} a page, page ${page}`).toEqual(expected.slice((page - 1) * size, page * size));
          expect(body.meta.total).toBe(200);
        }
      }
    }
    expect(await count(tenant, { search: "зюз" })).toBe(200);
  });

  test("a page reads a bounded number of contacts: the scan stops at its cap and the indexes give the page", async () => {
    // Contacts the page's statement fetched through an index scan (this transaction's own statistics of
    // platform.contacts' indexes): the ordered scans, and the page's contacts by primary key. Uncapped, page 1 in id
    // order read the 10,000 older contacts first (10,002; checked).
    const readFor = async (sort: (typeof ORDERS)[number]) => {
      let read = -1;
      let ids: number[] = [];
      await database.db
        .transaction(async (tx) => {
          const filter = await resolveContactFilter(tx, tenant.holderId, { search: "зюз" } as ContactFilterParams);
          const stats = async () => {
            const [row] = await queryRows<{ read: string }>(
              tx,
              sql`SELECT COALESCE(sum(pg_stat_get_xact_tuples_fetched(i.indexrelid)), 0)::text AS read
                  FROM pg_index i WHERE i.indrelid = 'platform.contacts'::regclass`,
            );
            return Number(row.read);
          };
          const before = await stats();
          const page = await findContactPage(tx, filter, { offset: 0, limit: 1 }, sort);
          read = (await stats()) - before;
          ids = (JSON.parse(page.contacts.parts.join("")) as { id: number }[]).map((contact) => contact.id);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
      return { read, ids };
    };
    // Where the table is small the planner may read a bot's contacts in order through the primary key, past the
    // other tests' contacts (smaller ids, earlier): those count too.
    const [{ others }] = await queryRows<{ others: string }>(
      database.db,
      sql`SELECT count(*)::text AS others FROM platform.contacts WHERE bot_id <> ${tenant.botId}::bigint`,
    );
    expect(Number(others)).toBeLessThan(2_000);
    for (const sort of ORDERS) {
      const { read, ids } = await readFor(sort);
      expect(ids, sort).toEqual([sort.startsWith("-") ? namesakes[199] : namesakes[0]]);
      // At most the cap (8 × 1 × 10,200 / 200 = 408 contacts), the others and the page's own; in the descending
      // orders the first contact read matches.
      expect(read, sort).toBeLessThanOrEqual((sort.startsWith("-") ? 10 : 408 + 10) + Number(others));
    }
  });
});
