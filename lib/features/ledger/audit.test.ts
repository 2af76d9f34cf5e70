import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, testDriver } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { sqlStateOf } from "@/lib/platform/accounts/access";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { listAuditEntries, listAuditUsers, recordAuditEntry, recordContactView, type Actor, type NewAuditEntry, type Viewer } from "./audit";
import { loadActivitySearchParams, pageOf, toAuditFilters } from "./activity-filters";
import { activityCsvStream } from "./activity-csv";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const member = (role: Actor["role"]): Actor => {
  const id = uniqueId();
  return { id, email: `${role}${id}@example.com`, name: `${role} ${id}`, role };
};

const entry = (actor: Actor, contactId: number, change: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
  actor,
  contactId,
  accountId: uniqueId(),
  currency: "USD",
  kind: "top_up",
  amount: 1250n,
  description: "Bonus",
  outcome: "succeeded",
  errorCode: null,
  balanceAfter: 1250n,
  requestId: crypto.randomUUID(),
  idempotencyKey: crypto.randomUUID(),
  ...change,
});

/** An entry at a given time (inserting is allowed; only changing is not). */
async function recordAt(at: string, value: NewAuditEntry): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO dashboard.audit_entries (created_at, user_id, user_email, user_role, contact_id, kind, outcome, idempotency_key)
        VALUES (${at}::timestamptz, ${value.actor.id}, ${value.actor.email}, ${value.actor.role}, ${value.contactId}, ${value.kind}, ${value.outcome}, gen_random_uuid())
        RETURNING id::text AS id`,
  );
  return Number(row.id);
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

const errorText = (error: unknown): string => {
  const parts: string[] = [];
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) parts.push(String((current as Error).message));
  return parts.join(" | ");
};

describe(`audit entries are insert-only in the database (${testDriver()})`, () => {
  test.each([
    ["UPDATE of a row", (id: number) => sql`UPDATE dashboard.audit_entries SET outcome = 'failed' WHERE id = ${id}`],
    ["UPDATE matching no row", () => sql`UPDATE dashboard.audit_entries SET outcome = 'failed' WHERE id = -1`],
    ["DELETE of a row", (id: number) => sql`DELETE FROM dashboard.audit_entries WHERE id = ${id}`],
    ["DELETE of everything", () => sql`DELETE FROM dashboard.audit_entries`],
    ["TRUNCATE", () => sql`TRUNCATE dashboard.audit_entries`],
  ])("%s raises insufficient_privilege and changes nothing", async (_name, statement) => {
    const id = await recordAuditEntry(database.db, entry(member("support"), uniqueId()));
    const [before] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM dashboard.audit_entries`);
    const error = await failure(database.db.execute(statement(id)));
    expect(sqlStateOf(error)).toBe("42501");
    expect(errorText(error)).toMatch(/dashboard\.audit_entries is insert-only: (UPDATE|DELETE|TRUNCATE) is not allowed/);
    const [after] = await queryRows<{ n: number; outcome: string }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM dashboard.audit_entries) AS n, outcome FROM dashboard.audit_entries WHERE id = ${id}`,
    );
    expect(after).toEqual({ n: before.n, outcome: "succeeded" });
  });

  test("one entry per submission key: a second entry for the same key is refused", async () => {
    const first = entry(member("support"), uniqueId());
    await recordAuditEntry(database.db, first);
    const error = await failure(recordAuditEntry(database.db, { ...first, outcome: "failed" }));
    expect(sqlStateOf(error)).toBe("23505");
  });
});

describe(`activity visibility follows the permission table (${testDriver()})`, () => {
  test("the table: owners read everyone's activity; leads and support read activity (their own and their contacts')", () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(expect.arrayContaining(["activity.read", "activity.read_all"]));
    for (const role of ["lead", "support"] as const) {
      expect(ROLE_PERMISSIONS[role]).toContain("activity.read");
      expect(ROLE_PERMISSIONS[role]).not.toContain("activity.read_all");
    }
  });

  test("owner: everything; support: own entries and those of contacts they opened; lead: contacts they opened", async () => {
    const owner = member("owner");
    const supportA = member("support");
    const supportB = member("support");
    const lead = member("lead");
    const idle = member("support");
    const [contactA, contactB, contactC] = [uniqueId(), uniqueId(), uniqueId()];
    const a = await recordAuditEntry(database.db, entry(supportA, contactA));
    const b = await recordAuditEntry(database.db, entry(supportB, contactB));
    const c = await recordAuditEntry(database.db, entry(owner, contactC, { kind: "open", amount: null, description: null }));
    await recordContactView(database.db, supportA.id, contactB);
    await recordContactView(database.db, supportA.id, contactB); // twice: one view
    await recordContactView(database.db, lead.id, contactC);

    const ours = new Set([a, b, c]);
    const visible = async (viewer: Viewer) =>
      (await listAuditEntries(database.db, viewer, {}, 1, 1000)).items
        .map((item) => item.id)
        .filter((id) => ours.has(id))
        .sort((x, y) => x - y);

    expect(await visible(owner)).toEqual([a, b, c]);
    expect(await visible(supportA)).toEqual([a, b]);
    expect(await visible(supportB)).toEqual([b]);
    expect(await visible(lead)).toEqual([c]);
    expect(await visible(idle)).toEqual([]);
    // The user filter lists only members whose entries the viewer may read.
    const users = (await listAuditUsers(database.db, supportA)).map((user) => user.id);
    expect(users).toEqual(expect.arrayContaining([supportA.id, supportB.id]));
    expect(users).not.toContain(owner.id);
  });

  test("filters: member, contact, kind and an inclusive UTC date range, newest first, paged on the server", async () => {
    const owner = member("owner");
    const support = member("support");
    const contact = uniqueId();
    const other = uniqueId();
    const ids = {
      jan4: await recordAt("2026-01-04T23:59:59Z", entry(support, contact)),
      jan5: await recordAt("2026-01-05T00:00:00Z", entry(support, contact, { kind: "debit" })),
      jan6: await recordAt("2026-01-06T23:59:59.999Z", entry(owner, contact)),
      jan7: await recordAt("2026-01-07T00:00:00Z", entry(support, other)),
    };
    const idsOf = async (query: string) => {
      const mine = new Set(Object.values(ids));
      const params = loadActivitySearchParams(query);
      return (await listAuditEntries(database.db, owner, toAuditFilters(params), pageOf(params))).items.map((item) => item.id).filter((id) => mine.has(id));
    };
    expect(await idsOf(`?contact=${contact}`)).toEqual([ids.jan6, ids.jan5, ids.jan4]);
    expect(await idsOf(`?contact=${contact}&user=${support.id}`)).toEqual([ids.jan5, ids.jan4]);
    expect(await idsOf(`?contact=${contact}&kind=debit`)).toEqual([ids.jan5]);
    expect(await idsOf(`?user=${support.id}&from=2026-01-05&to=2026-01-06`)).toEqual([ids.jan5]);
    expect(await idsOf(`?contact=${contact}&from=2026-01-05&to=2026-01-06`)).toEqual([ids.jan6, ids.jan5]);
    expect(await idsOf(`?user=${support.id}&to=2026-01-04`)).toEqual([ids.jan4]);
    // A broken URL is no filter, never an error.
    expect(toAuditFilters(loadActivitySearchParams("?user=abc&contact=-5&kind=steal&from=2026-13-45&to=yesterday&page=-2&batch=x'--"))).toEqual({
      userId: null,
      contactId: null,
      kind: null,
      from: null,
      until: null,
      batchId: null,
    });
    expect(pageOf(loadActivitySearchParams("?page=-2"))).toBe(1);
    expect(toAuditFilters(loadActivitySearchParams("?batch=0F6C2A9E-3B1D-4C5E-8F7A-1B2C3D4E5F60")).batchId).toBe("0f6c2a9e-3b1d-4c5e-8f7a-1b2c3d4e5f60");

    const page1 = await listAuditEntries(database.db, owner, { contactId: contact }, 1, 2);
    const page2 = await listAuditEntries(database.db, owner, { contactId: contact }, 2, 2);
    expect({ total: page1.total, pages: page1.pages, ids: page1.items.map((item) => item.id) }).toEqual({ total: 3, pages: 2, ids: [ids.jan6, ids.jan5] });
    expect(page2.items.map((item) => item.id)).toEqual([ids.jan4]);
    // Past the last page: the last page.
    expect((await listAuditEntries(database.db, owner, { contactId: contact }, 99, 2)).page).toBe(2);
  });
});

describe(`CSV export (${testDriver()})`, () => {
  async function csvOf(viewer: Viewer, contactId: number): Promise<string> {
    const stream = activityCsvStream(database.db, viewer, { contactId });
    return new Response(stream).text();
  }

  test("streams the visible entries with formula cells neutralised", async () => {
    const support = member("support");
    const contact = uniqueId();
    const descriptions = ['=HYPERLINK("http://x")', "+1+2", "-3", "@SUM(A1)", 'plain, with "quotes"'];
    for (const description of descriptions) await recordAuditEntry(database.db, entry(support, contact, { description }));
    await recordAuditEntry(database.db, entry(support, contact, { kind: "debit", currency: "KWD", amount: 1234n, balanceAfter: 5n, description: "Dinar" }));

    const text = await csvOf(support, contact);
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe(
      "id,created_at,user_email,user_role,contact_id,contact_name,account_id,currency,kind,amount,amount_minor,description,outcome,error_code,balance_after,balance_after_minor,request_id,idempotency_key,reconciles_entry_id",
    );
    expect(lines).toHaveLength(1 + descriptions.length + 1);
    const cells = (line: string) => line.split(",");
    // Newest first: the KWD debit.
    expect(cells(lines[1]).slice(7, 16)).toEqual(["KWD", "debit", "1.234", "1234", "Dinar", "succeeded", "", "0.005", "5"]);
    expect(text).toContain(`,"'=HYPERLINK(""http://x"")",`);
    expect(text).toContain(",'+1+2,");
    expect(text).toContain(",'-3,");
    expect(text).toContain(",'@SUM(A1),");
    expect(text).toContain(`,"plain, with ""quotes""",`);
    const firstBytes = async (bom: boolean) => [
      ...new Uint8Array(await new Response(activityCsvStream(database.db, support, { contactId: contact }, { bom })).arrayBuffer()).slice(0, 3),
    ];
    expect(await firstBytes(false)).toEqual([0x69, 0x64, 0x2c]); // "id,"
    expect(await firstBytes(true)).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM, for Excel
  });

  test("follows visibility: another member's entries on a contact not opened are left out", async () => {
    const writer = member("support");
    const reader = member("support");
    const contact = uniqueId();
    await recordAuditEntry(database.db, entry(writer, contact));
    expect((await csvOf(reader, contact)).trimEnd().split("\n")).toHaveLength(1);
    await recordContactView(database.db, reader.id, contact);
    expect((await csvOf(reader, contact)).trimEnd().split("\n")).toHaveLength(2);
  });

  test("more entries than one batch arrive complete and in order", async () => {
    const support = member("support");
    const contact = uniqueId();
    const values = Array.from(
      { length: 1203 },
      (_, i) => sql`(${support.id}, ${support.email}, 'support', ${contact}, 'top_up', ${i + 1}, 'succeeded', 'USD')`,
    );
    await database.db.execute(
      sql`INSERT INTO dashboard.audit_entries (user_id, user_email, user_role, contact_id, kind, amount, outcome, currency) VALUES ${sql.join(values, sql`, `)}`,
    );
    const lines = (await csvOf(support, contact)).trimEnd().split("\n").slice(1);
    expect(lines).toHaveLength(1203);
    const amounts = lines.map((line) => Number(line.split(",")[10]));
    expect(amounts).toEqual(Array.from({ length: 1203 }, (_, i) => 1203 - i));
  });
});
