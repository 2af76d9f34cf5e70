import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { changeRole, createUser, endSessions, removeUser, resetPassword } from "@/lib/auth/users";
import { endOtherSessions, endSession, listSessions, listTeamSessions, liveSessionUser, startSession } from "@/lib/auth/sessions";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

async function member(role: "owner" | "lead" | "support" = "support") {
  const { user } = await createUser(database.db, { email: `session${uniqueId()}@example.com`, role, password: "a-password-for-the-test" });
  const start = (userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36", address = "203.0.113.7") =>
    startSession(database.db, { userId: user.id, sessionVersion: user.sessionVersion, address, userAgent });
  return { user, start };
}

const live = async (userId: number, sessionId: string) => (await liveSessionUser(database.db, userId, sessionId))?.id ?? null;

async function lastSeen(sessionId: string): Promise<string> {
  const [row] = await queryRows<{ at: string }>(database.db, sql`SELECT last_seen_at::text AS at FROM dashboard.sessions WHERE id = ${sessionId}::uuid`);
  return row.at;
}

describe("sessions", () => {
  test("a session started at sign-in names its user; another user's id, an unknown or malformed session id do not", async () => {
    const a = await member();
    const b = await member();
    const sessionId = await a.start();
    expect(await live(a.user.id, sessionId)).toBe(a.user.id);
    expect(await live(b.user.id, sessionId)).toBeNull();
    expect(await live(a.user.id, randomUUID())).toBeNull();
    expect(await live(a.user.id, "not-a-uuid")).toBeNull();
    expect(await live(a.user.id, "")).toBeNull();
  });

  test("ending one session leaves the others; ending someone else's session is refused and changes nothing", async () => {
    const a = await member();
    const b = await member();
    const [first, second] = [await a.start(), await a.start()];
    const theirs = await b.start();
    expect(await endSession(database.db, a.user.id, theirs, "ended")).toBe(false);
    expect(await live(b.user.id, theirs)).toBe(b.user.id);
    expect(await endSession(database.db, a.user.id, first, "signed_out")).toBe(true);
    expect(await live(a.user.id, first)).toBeNull();
    expect(await live(a.user.id, second)).toBe(a.user.id);
    // Ended once: a second end (a double click, a replayed request) says so.
    expect(await endSession(database.db, a.user.id, first, "ended")).toBe(false);
    const [row] = await queryRows<{ reason: string }>(database.db, sql`SELECT ended_reason AS reason FROM dashboard.sessions WHERE id = ${first}::uuid`);
    expect(row.reason).toBe("signed_out");
  });

  test("signing out every other session keeps the one in use", async () => {
    const a = await member();
    const current = await a.start();
    const others = [await a.start(), await a.start(), await a.start()];
    expect(await endOtherSessions(database.db, a.user.id, current)).toBe(3);
    expect(await live(a.user.id, current)).toBe(a.user.id);
    for (const other of others) expect(await live(a.user.id, other)).toBeNull();
    expect(await endOtherSessions(database.db, a.user.id, current)).toBe(0);
    expect((await listSessions(database.db, a.user.id)).map((session) => session.id)).toEqual([current]);
  });

  test("every session ends on sign-out everywhere, a new role and a new password; a later sign-in works", async () => {
    const a = await member();
    const before = await a.start();
    await endSessions(database.db, a.user.id);
    expect(await live(a.user.id, before)).toBeNull();
    expect(await listSessions(database.db, a.user.id)).toEqual([]);

    const version = async () => {
      const [row] = await queryRows<{ v: number }>(database.db, sql`SELECT session_version AS v FROM dashboard.users WHERE id = ${a.user.id}`);
      return Number(row.v);
    };
    const sessionNow = async () => startSession(database.db, { userId: a.user.id, sessionVersion: await version(), address: "198.51.100.1", userAgent: "" });
    const beforeRole = await sessionNow();
    expect(await live(a.user.id, beforeRole)).toBe(a.user.id);
    await changeRole(database.db, a.user.id, "lead");
    expect(await live(a.user.id, beforeRole)).toBeNull();
    const beforePassword = await sessionNow();
    await resetPassword(database.db, a.user.id, "another-password-for-the-test");
    expect(await live(a.user.id, beforePassword)).toBeNull();
    expect(await live(a.user.id, await sessionNow())).toBe(a.user.id);
  });

  test("an expired session is not live; a removed member's sessions are gone", async () => {
    const a = await member();
    const expired = await startSession(database.db, { userId: a.user.id, sessionVersion: 0, address: "192.0.2.1", userAgent: "", maxAgeSeconds: 0 });
    expect(await live(a.user.id, expired)).toBeNull();
    const owner = await member("owner");
    const kept = await owner.start();
    const gone = await a.start();
    await removeUser(database.db, a.user.id);
    expect(await live(a.user.id, gone)).toBeNull();
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM dashboard.sessions WHERE user_id = ${a.user.id}`);
    expect(row.n).toBe(0);
    expect(await live(owner.user.id, kept)).toBe(owner.user.id);
  });

  test("the list shows live sessions, most recently seen first, with address and user agent; last seen moves at most once a minute", async () => {
    const a = await member();
    const older = await a.start("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1", "198.51.100.20");
    const newer = await a.start();
    await database.db.execute(sql`UPDATE dashboard.sessions SET last_seen_at = now() - interval '2 hours' WHERE id = ${older}::uuid`);
    const listed = await listSessions(database.db, a.user.id);
    expect(listed.map((session) => session.id)).toEqual([newer, older]);
    expect(listed[1]).toMatchObject({ address: "198.51.100.20", userAgent: expect.stringContaining("iPhone") });

    const seenBefore = await lastSeen(older);
    expect(await live(a.user.id, older)).toBe(a.user.id);
    const seenNow = await lastSeen(older);
    expect(seenNow > seenBefore).toBe(true);
    // Within the minute a request does not write.
    expect(await live(a.user.id, older)).toBe(a.user.id);
    expect(await lastSeen(older)).toBe(seenNow);
    expect((await listSessions(database.db, a.user.id)).map((session) => session.id)).toEqual([older, newer]);
  });

  test("rows of sessions that ended more than 30 days ago are deleted at the next sign-in; recent ones are kept", async () => {
    const a = await member();
    const old = await a.start();
    const recent = await a.start();
    await database.db.execute(sql`UPDATE dashboard.sessions SET ended_at = now() - interval '31 days' WHERE id = ${old}::uuid`);
    await database.db.execute(sql`UPDATE dashboard.sessions SET ended_at = now() - interval '29 days' WHERE id = ${recent}::uuid`);
    await a.start();
    const rows = await queryRows<{ id: string }>(database.db, sql`SELECT id::text FROM dashboard.sessions WHERE user_id = ${a.user.id}`);
    expect(rows.map((row) => row.id)).not.toContain(old);
    expect(rows.map((row) => row.id)).toContain(recent);
    expect(rows).toHaveLength(2);
  });

  test("the team's list has every member's live sessions with whose they are, and none that ended", async () => {
    const a = await member("lead");
    const b = await member();
    const [aLive, aEnded, bLive] = [await a.start(), await a.start(), await b.start("", "192.0.2.9")];
    await endSession(database.db, a.user.id, aEnded, "ended");
    const viewer = await member("owner");
    const viewerSession = await viewer.start();
    const team = await listTeamSessions(database.db, viewer.user.id);
    const ids = team.sessions.map((session) => session.id);
    expect(ids).toEqual(expect.arrayContaining([aLive, bLive]));
    expect(ids).not.toContain(aEnded);
    // The owner's own sessions are listed apart, above: they are neither shown nor counted here.
    expect(ids).not.toContain(viewerSession);
    expect(team.total).toBe(ids.length);
    expect(team.sessions.find((session) => session.id === bLive)).toMatchObject({ userId: b.user.id, email: b.user.email, address: "192.0.2.9" });
  });

  test("a team with more live sessions than the page shows: the most recently seen, and how many there are in all", async () => {
    const a = await member();
    const viewer = await member("owner");
    const started = [await a.start(), await a.start(), await a.start()];
    await database.db.execute(sql`UPDATE dashboard.sessions SET last_seen_at = now() + interval '1 hour' WHERE id = ${started[2]}::uuid`);
    const all = await listTeamSessions(database.db, viewer.user.id);
    const shown = await listTeamSessions(database.db, viewer.user.id, 2);
    expect(shown.sessions).toHaveLength(2);
    expect(shown.sessions[0]!.id).toBe(started[2]);
    expect(shown.total).toBe(all.total);
    expect(all.total).toBeGreaterThanOrEqual(3);
  });
});
