import { describe, expect, test } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { queryRows } from "@/lib/db/client";
import { oneTimeLinks, securityEvents, users } from "@/lib/db/schema";
import { createInvitedUser, createUser, findUserById, findUserWithHashByEmail, removeUser } from "@/lib/auth/users";
import { verifyPassword } from "@/lib/auth/password";
import { signInWithPassword } from "@/lib/auth/sign-in";
import {
  createOneTimeLink,
  hashLinkToken,
  inspectOneTimeLink,
  LINK_ATTEMPT_POLICY,
  LINK_LIFETIME_MS,
  linkAttemptScope,
  useOneTimeLink as redeem,
} from "@/lib/auth/one-time-links";

const database = useTestDatabase();
const email = () => `linked${uniqueId()}@example.com`;
const PASSWORD = "violet harbour tractor pencil";

async function invited(role: "owner" | "support" = "support") {
  const user = await createInvitedUser(database.db, { email: email(), role, name: "Ada Lovelace" });
  const { token, expiresAt } = await createOneTimeLink(database.db, { userId: user.id, purpose: "invite", createdByUserId: null });
  return { user, token, expiresAt };
}

const stateOf = async (userId: number) => {
  const [row] = await database.db
    .select({ hash: users.passwordHash, passwordSet: users.passwordSet, version: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};

const eventsOf = async (userId: number, kind: "link_used" | "link_refused") =>
  database.db
    .select({ detail: securityEvents.detail })
    .from(securityEvents)
    .where(and(eq(securityEvents.subjectUserId, userId), eq(securityEvents.kind, kind)));

describe("one-time links", () => {
  test("create: 43 characters of base64url, only the SHA-256 stored, valid for 24 hours", async () => {
    const { user, token, expiresAt } = await invited();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.select().from(oneTimeLinks).where(eq(oneTimeLinks.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashLinkToken(token));
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0]).toMatchObject({ purpose: "invite", usedAt: null, createdByUserId: null });
    expect(expiresAt.getTime() - rows[0].createdAt.getTime()).toBe(LINK_LIFETIME_MS);
  });

  test("an invited member cannot sign in before using the link: the same answer as a wrong password", async () => {
    const { user } = await invited();
    expect((await stateOf(user.id)).passwordSet).toBe(false);
    const answer = await signInWithPassword(database.db, { email: user.email, password: "", address: `10.9.${uniqueId() % 250}.1` });
    expect(answer).toEqual({ ok: false, reason: "invalid_credentials" });
  });

  test("inspect names the member and the purpose; use sets the password, ends the sessions, records link_used", async () => {
    const { user, token } = await invited();
    const before = await stateOf(user.id);
    expect(await inspectOneTimeLink(database.db, token)).toMatchObject({
      ok: true,
      link: { userId: user.id, email: user.email, name: "Ada Lovelace", purpose: "invite" },
    });
    const used = await redeem(database.db, token, PASSWORD);
    expect(used).toEqual({ ok: true, user: { id: user.id, email: user.email }, purpose: "invite" });
    const after = await stateOf(user.id);
    expect(after.passwordSet).toBe(true);
    expect(after.version).toBe(before.version + 1);
    expect(await verifyPassword(PASSWORD, after.hash)).toBe(true);
    expect(await eventsOf(user.id, "link_used")).toEqual([{ detail: { purpose: "invite" } }]);
  });

  test("reuse is refused as used, records link_refused, and changes nothing", async () => {
    const { user, token } = await invited();
    expect((await redeem(database.db, token, PASSWORD)).ok).toBe(true);
    const before = await stateOf(user.id);
    expect(await inspectOneTimeLink(database.db, token)).toMatchObject({ ok: false, reason: "used" });
    expect(await redeem(database.db, token, "another quiet lantern meadow")).toEqual({ ok: false, reason: "used" });
    expect(await stateOf(user.id)).toEqual(before);
    expect(await eventsOf(user.id, "link_refused")).toEqual([{ detail: { reason: "used" } }]);
  });

  test("an expired link is refused as expired and changes nothing", async () => {
    const { user, token } = await invited();
    await database.db.execute(sql`UPDATE dashboard.one_time_links SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashLinkToken(token)}`);
    const before = await stateOf(user.id);
    expect(await inspectOneTimeLink(database.db, token)).toMatchObject({ ok: false, reason: "expired" });
    expect(await redeem(database.db, token, PASSWORD)).toEqual({ ok: false, reason: "expired" });
    expect(await stateOf(user.id)).toEqual(before);
    expect(await eventsOf(user.id, "link_refused")).toEqual([{ detail: { reason: "expired" } }]);
  });

  test("a removed member's link is gone with them: unknown", async () => {
    await createUser(database.db, { email: email(), role: "owner" });
    const { user, token } = await invited();
    await removeUser(database.db, user.id);
    expect(await inspectOneTimeLink(database.db, token)).toEqual({ ok: false, reason: "unknown" });
    expect(await redeem(database.db, token, PASSWORD)).toEqual({ ok: false, reason: "unknown" });
    expect(await findUserById(database.db, user.id)).toBeNull();
  });

  test.each(["", "short", "x".repeat(43).replace(/x$/, "!"), "A".repeat(43)])("a token that was never issued (%j) is unknown", async (token) => {
    expect(await inspectOneTimeLink(database.db, token)).toEqual({ ok: false, reason: "unknown" });
    expect(await redeem(database.db, token, PASSWORD)).toEqual({ ok: false, reason: "unknown" });
  });

  test("a new link supersedes the member's unused ones; a used one stays as a record", async () => {
    const { user, token: first } = await invited();
    const { token: second } = await createOneTimeLink(database.db, { userId: user.id, purpose: "reset", createdByUserId: null });
    expect(await inspectOneTimeLink(database.db, first)).toEqual({ ok: false, reason: "unknown" });
    expect(await inspectOneTimeLink(database.db, second)).toMatchObject({ ok: true, link: { purpose: "reset" } });
    expect((await redeem(database.db, second, PASSWORD)).ok).toBe(true);
    await createOneTimeLink(database.db, { userId: user.id, purpose: "reset", createdByUserId: null });
    expect(await inspectOneTimeLink(database.db, second)).toMatchObject({ ok: false, reason: "used" });
  });

  test("the password rule of one's own password applies, with the member's name and email as personal words; the link stays", async () => {
    const { user, token } = await invited();
    const before = await stateOf(user.id);
    expect(await redeem(database.db, token, "short")).toEqual({ ok: false, reason: "password", problem: "too_short" });
    expect(await redeem(database.db, token, "password1234")).toEqual({ ok: false, reason: "password", problem: "common" });
    expect(await redeem(database.db, token, user.email)).toEqual({ ok: false, reason: "password", problem: "personal" });
    expect(await stateOf(user.id)).toEqual(before);
    expect((await inspectOneTimeLink(database.db, token)).ok).toBe(true);
  });

  test("two uses of one token at once: exactly one wins, the other is refused as used", async () => {
    const { user, token } = await invited();
    const results = await Promise.all([redeem(database.db, token, PASSWORD), redeem(database.db, token, "another quiet lantern meadow")]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "used" }]);
    const winner = results[0].ok ? PASSWORD : "another quiet lantern meadow";
    const stored = await findUserWithHashByEmail(database.db, user.email);
    expect(await verifyPassword(winner, stored!.passwordHash)).toBe(true);
    expect(await eventsOf(user.id, "link_used")).toHaveLength(1);
  });

  test("an address past 20 refused uses waits: nothing is read or written, its good link waits too; another address is not held", async () => {
    const origin = { address: `203.0.113.${uniqueId() % 250}-${uniqueId()}`, userAgent: "test" };
    const refusedRows = async () =>
      (
        await database.db
          .select({ id: securityEvents.id })
          .from(securityEvents)
          .where(and(eq(securityEvents.kind, "link_refused"), eq(securityEvents.address, origin.address)))
      ).length;
    const never = () => `N${uniqueId().toString(36).padStart(42, "x")}`.slice(0, 43);
    expect(LINK_ATTEMPT_POLICY.maxFailures).toBe(20);
    // A use the password rule refuses, and a use that sets the password, give their count back.
    const weak = await invited();
    expect(await redeem(database.db, weak.token, "password", origin)).toMatchObject({ ok: false, reason: "password" });
    expect((await redeem(database.db, weak.token, PASSWORD, origin)).ok).toBe(true);
    for (let i = 0; i < 20; i++) expect(await redeem(database.db, never(), PASSWORD, origin)).toEqual({ ok: false, reason: "unknown" });
    expect(await refusedRows()).toBe(20);

    const { user, token } = await invited();
    const before = await stateOf(user.id);
    const waited = await redeem(database.db, token, PASSWORD, origin);
    expect(waited).toMatchObject({ ok: false, reason: "throttled" });
    expect(waited.ok === false && waited.reason === "throttled" && waited.retryAfter).toBeGreaterThan(50);
    expect(await redeem(database.db, never(), PASSWORD, origin)).toMatchObject({ ok: false, reason: "throttled" });
    expect(await refusedRows()).toBe(20);
    expect(await stateOf(user.id)).toEqual(before);
    expect(await inspectOneTimeLink(database.db, token)).toMatchObject({ ok: true });

    // The member, elsewhere, is not held by this address.
    const elsewhere = { address: `${origin.address}-other`, userAgent: "test" };
    expect((await redeem(database.db, token, PASSWORD, elsewhere)).ok).toBe(true);
    const [row] = await queryRows<{ failures: number }>(
      database.db,
      sql`SELECT failures FROM dashboard.sign_in_throttles WHERE scope = ${linkAttemptScope(elsewhere.address)}`,
    );
    expect(Number(row.failures)).toBe(0);
  });

  test("uses sent at once from one address are counted before any link is read: at most the limit get through", async () => {
    const origin = { address: `198.51.100.${uniqueId()}`, userAgent: "test" };
    const never = (i: number) => `P${i}x${uniqueId().toString(36)}`.padEnd(43, "y").slice(0, 43);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => redeem(database.db, never(i), PASSWORD, origin)));
    expect(results.filter((result) => !result.ok && result.reason === "unknown")).toHaveLength(20);
    expect(results.filter((result) => !result.ok && result.reason === "throttled")).toHaveLength(10);
  });
});
