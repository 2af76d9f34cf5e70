import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { sqlStateOf } from "@/lib/platform/accounts/access";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { securityEvents } from "@/lib/db/schema";
import { iterateSecurityEvents, listSecurityEvents, recordSecurityEvent, SECURITY_EVENTS_PAGE_SIZE, type SecurityEventInput } from "./security-events";
import { securityEventsCsvStream } from "./security-events-csv";
import { originOf } from "./request-origin";
import { loadSecurityLogExportParams, toSecurityEventFilters } from "@/lib/features/settings/security-log-params";

const database = useTestDatabase();
const origin = { address: "203.0.113.5", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" };

async function person() {
  const id = uniqueId();
  return { id, email: `p${id}@example.com` };
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe("the security log", () => {
  test("records who did what to whom, from where; lists newest first, filtered by kind and by member (as subject or actor)", async () => {
    const owner = await person();
    const member = await person();
    const events: SecurityEventInput[] = [
      { kind: "sign_in", actor: member, subject: member, origin },
      { kind: "role_changed", actor: owner, subject: member, origin, detail: { from: "support", to: "lead" } },
      { kind: "sign_in_failed", subject: { id: null, email: "nobody@example.com" }, origin: { address: "198.51.100.7", userAgent: "" } },
      { kind: "member_removed", actor: owner, subject: member, origin, detail: { role: "lead" } },
    ];
    for (const event of events) await recordSecurityEvent(database.db, event);

    const about = await listSecurityEvents(database.db, { userId: member.id }, 1);
    expect(about.items.map((event) => event.kind)).toEqual(["member_removed", "role_changed", "sign_in"]);
    expect(about.total).toBe(3);
    expect(about.items[1]).toMatchObject({
      actorEmail: owner.email,
      subjectEmail: member.email,
      subjectUserId: member.id,
      address: origin.address,
      detail: { from: "support", to: "lead" },
    });
    const byOwner = await listSecurityEvents(database.db, { userId: owner.id }, 1);
    expect(byOwner.items.map((event) => event.kind)).toEqual(["member_removed", "role_changed"]);
    const failed = await listSecurityEvents(database.db, { kind: "sign_in_failed" }, 1);
    expect(failed.items[0]).toMatchObject({ subjectEmail: "nobody@example.com", subjectUserId: null, actorEmail: null, address: "198.51.100.7" });
  });

  test("pages of 50 and a keyset walk give every event once, newest first", async () => {
    const member = await person();
    const count = SECURITY_EVENTS_PAGE_SIZE + 7;
    for (let i = 0; i < count; i++) await recordSecurityEvent(database.db, { kind: "sign_in", actor: member, subject: member, origin, detail: { n: i } });
    const first = await listSecurityEvents(database.db, { userId: member.id }, 1);
    const second = await listSecurityEvents(database.db, { userId: member.id }, 2);
    expect(first.total).toBe(count);
    expect(first.items).toHaveLength(SECURITY_EVENTS_PAGE_SIZE);
    expect(second.items).toHaveLength(7);
    const paged = [...first.items, ...second.items].map((event) => event.detail?.n);
    expect(paged).toEqual(Array.from({ length: count }, (_, i) => count - 1 - i));
    const walked = (await collect(iterateSecurityEvents(database.db, { userId: member.id }, 10))).map((event) => event.detail?.n);
    expect(walked).toEqual(paged);
  });

  test("events written in one transaction (one timestamp, microseconds and all) are all walked, none skipped", async () => {
    const member = await person();
    const rows = Array.from({ length: 25 }, (_, n) => ({
      kind: "sign_in" as const,
      actorUserId: member.id,
      actorEmail: member.email,
      subjectUserId: member.id,
      subjectEmail: member.email,
      address: origin.address,
      detail: { n },
    }));
    await database.db.insert(securityEvents).values(rows);
    const walked = (await collect(iterateSecurityEvents(database.db, { userId: member.id }, 10))).map((event) => event.detail?.n);
    expect(walked).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i));
  });

  test("the CSV export has a header, one row per event, formulas escaped, and the page's filters", async () => {
    const member = await person();
    const hostile = { id: member.id, email: `=HYPERLINK("x")${member.email}` };
    await recordSecurityEvent(database.db, { kind: "sign_in", actor: hostile, subject: hostile, origin });
    await recordSecurityEvent(database.db, { kind: "signed_out", actor: hostile, subject: hostile, origin });
    const params = loadSecurityLogExportParams(new URLSearchParams({ kind: "sign_in", user: String(member.id) }));
    const bytes = new Uint8Array(await new Response(securityEventsCsvStream(database.db, toSecurityEventFilters(params), { bom: true })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\n");
    expect(lines[0]).toBe("id,created_at,kind,actor_email,subject_user_id,subject_email,address,user_agent,detail");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,sign_in,"'=HYPERLINK(""x"")${member.email}",${member.id},`);
  });

  test.each([
    ["UPDATE", sql`UPDATE dashboard.security_events SET kind = 'sign_in' WHERE id = -1`],
    ["DELETE", sql`DELETE FROM dashboard.security_events`],
    ["TRUNCATE", sql`TRUNCATE dashboard.security_events`],
  ])("%s is refused: the log is insert-only", async (_name, statement) => {
    await recordSecurityEvent(database.db, { kind: "sign_in", subject: await person(), origin });
    const [before] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM dashboard.security_events`);
    const error = await database.db.execute(statement).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(sqlStateOf(error)).toBe("42501");
    const [after] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM dashboard.security_events`);
    expect(after.n).toBe(before.n);
  });

  test("the origin of a request: the address npm start appended (not one the client wrote) and the user agent, cut to 512", () => {
    const long = "x".repeat(600);
    expect(originOf({ "x-forwarded-for": "6.6.6.6, 192.0.2.44", "user-agent": long })).toEqual({ address: "192.0.2.44", userAgent: "x".repeat(512) });
    expect(originOf(undefined)).toEqual({ address: "unknown", userAgent: "" });
  });
});
