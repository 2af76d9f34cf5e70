import { beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { changeRole, countOwners, createUser, endSessions, findUserById, listUsers, removeUser, resetPassword, setPassword } from "@/lib/auth/users";
import { createOneTimeLink, inspectOneTimeLink } from "@/lib/auth/one-time-links";
import { DashboardError } from "@/lib/core/actions/errors";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();
beforeAll(async () => {
  // Each test works on its own users; the last-owner rule counts every owner, so start with none.
  await database.db.execute(sql`DELETE FROM dashboard.users`);
});

const email = () => `member${uniqueId()}@example.com`;

async function refusal(promise: Promise<unknown>): Promise<DashboardError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DashboardError) return error;
    throw error;
  }
  throw new Error("expected a DashboardError");
}

describe("team", () => {
  test("sessions end on sign-out, on a new role and on a new password (the session version moves), not on saving the same role", async () => {
    const { user } = await createUser(database.db, { email: email(), role: "lead" });
    const version = async () => (await findUserById(database.db, user.id))!.sessionVersion;
    expect(await version()).toBe(0);
    await endSessions(database.db, user.id);
    expect(await version()).toBe(1);
    await changeRole(database.db, user.id, "lead");
    expect(await version()).toBe(1);
    const changed = await changeRole(database.db, user.id, "support");
    expect(changed).toMatchObject({ user: { role: "support", sessionVersion: 2 }, previousRole: "lead" });
    // A new password ends them too.
    await resetPassword(database.db, user.id, "a-new-password-for-the-test");
    expect(await version()).toBe(3);
    await removeUser(database.db, user.id);
  });

  test("a new password (their own change, or an operator's reset) withdraws the member's unused reset and invite links", async () => {
    const { user } = await createUser(database.db, { email: email(), role: "support" });
    for (const change of [
      () => setPassword(database.db, user.id, "their-own-new-password-1"),
      () => resetPassword(database.db, user.id, "an-operator-set-password-2"),
    ]) {
      const { token } = await createOneTimeLink(database.db, { userId: user.id, purpose: "reset", createdByUserId: null });
      expect((await inspectOneTimeLink(database.db, token)).ok).toBe(true);
      await change();
      expect(await inspectOneTimeLink(database.db, token)).toEqual({ ok: false, reason: "unknown" });
    }
    await removeUser(database.db, user.id);
  });

  test("create: a generated 20-character password, stored only as an argon2id hash (OWASP's parameters); email kept lower-case", async () => {
    const address = email();
    const { user, password } = await createUser(database.db, { email: `  ${address.toUpperCase()} `, role: "lead", name: " Lea " });
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(user).toMatchObject({ email: address, name: "Lea", role: "lead", sessionVersion: 0 });
    const [row] = await queryRows<{ password_hash: string }>(database.db, sql`SELECT password_hash FROM dashboard.users WHERE id = ${user.id}`);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(password);
  });

  test("create: a taken email is refused on the email field", async () => {
    const address = email();
    await createUser(database.db, { email: address, role: "support" });
    const error = await refusal(createUser(database.db, { email: address.toUpperCase(), role: "owner" }));
    expect({ code: error.code, field: error.field }).toEqual({ code: "team.email_taken", field: "email" });
  });

  test("the last owner can be neither demoted nor removed; with two owners one can go", async () => {
    const first = (await createUser(database.db, { email: email(), role: "owner" })).user;
    expect(await countOwners(database.db)).toBe(1);
    expect((await refusal(changeRole(database.db, first.id, "support"))).code).toBe("team.last_owner");
    expect((await refusal(removeUser(database.db, first.id))).code).toBe("team.last_owner");
    const second = (await createUser(database.db, { email: email(), role: "owner" })).user;
    await changeRole(database.db, first.id, "lead");
    expect((await refusal(removeUser(database.db, second.id))).code).toBe("team.last_owner");
    await changeRole(database.db, first.id, "owner");
    await removeUser(database.db, second.id);
    expect((await listUsers(database.db)).some((u) => u.id === second.id)).toBe(false);
    await removeUser(database.db, first.id).catch(() => undefined);
  });

  test("two owners demoting each other at once: exactly one succeeds, one owner remains", async () => {
    await database.db.execute(sql`DELETE FROM dashboard.users WHERE role = 'owner'`);
    const a = (await createUser(database.db, { email: email(), role: "owner" })).user;
    const b = (await createUser(database.db, { email: email(), role: "owner" })).user;
    const results = await Promise.allSettled([changeRole(database.db, a.id, "support"), changeRole(database.db, b.id, "support")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as DashboardError).code).toBe("team.last_owner");
    expect(await countOwners(database.db)).toBe(1);
  });

  test("changing or removing a user who no longer exists says so", async () => {
    expect((await refusal(changeRole(database.db, 987654321, "lead"))).code).toBe("team.user_not_found");
    const extra = (await createUser(database.db, { email: email(), role: "owner" })).user;
    expect((await refusal(removeUser(database.db, 987654321))).code).toBe("team.user_not_found");
    expect(extra.role).toBe("owner");
  });
});
