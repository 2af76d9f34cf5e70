import { describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import type { Database } from "@/lib/db/client";
import { securityEvents, users } from "@/lib/db/schema";
import { inspectOneTimeLink } from "@/lib/auth/one-time-links";
import { findUserWithHashByEmail } from "@/lib/auth/users";
import { verifyPassword } from "@/lib/auth/password";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { ConcurrencyGate } from "@/lib/auth/concurrency-gate";
import { dispatchCommand } from "./registry";
import type { UserWithLink } from "./builtin";
// Registers the commands.
import "./builtin";

const database = useTestDatabase();
const run = async (name: string, payload: unknown) =>
  (await dispatchCommand(name, payload, { db: database.db, database: database as unknown as Database })) as UserWithLink;
const tokenOf = (url: string) => url.split("/welcome/")[1];

describe("operator commands: user.create and user.password", () => {
  test("user.create makes an invited member and a working invite link, recorded with no actor (the operator)", async () => {
    const email = `cli${uniqueId()}@example.com`;
    const created = await run("user.create", { email, role: "support", name: "Cli Hire" });
    expect(created.user).toMatchObject({ email, role: "support" });
    expect(created.link!.url).toMatch(/^http:\/\/\S+\/welcome\/[A-Za-z0-9_-]{43}$/);
    expect(await inspectOneTimeLink(database.db, tokenOf(created.link!.url))).toMatchObject({ ok: true, link: { email, purpose: "invite" } });
    const [row] = await database.db.select({ passwordSet: users.passwordSet }).from(users).where(eq(users.email, email));
    expect(row.passwordSet).toBe(false);
    const events = await database.db
      .select({ actor: securityEvents.actorUserId, actorEmail: securityEvents.actorEmail, detail: securityEvents.detail, address: securityEvents.address })
      .from(securityEvents)
      .where(and(eq(securityEvents.subjectUserId, created.user.id), eq(securityEvents.kind, "link_created")));
    expect(events).toEqual([{ actor: null, actorEmail: null, detail: { purpose: "invite" }, address: "operator" }]);
  });

  test("user.password prints a reset link and changes nothing until it is used; with a password it sets it at once", async () => {
    const email = `cli${uniqueId()}@example.com`;
    await run("user.create", { email, role: "lead", password: "the operator's own long phrase" });
    const before = await findUserWithHashByEmail(database.db, email);
    const reset = await run("user.password", { email });
    expect(await inspectOneTimeLink(database.db, tokenOf(reset.link!.url))).toMatchObject({ ok: true, link: { purpose: "reset" } });
    expect((await findUserWithHashByEmail(database.db, email))!.passwordHash).toBe(before!.passwordHash);

    const set = await run("user.password", { email, password: "another operator phrase here" });
    expect(set.link).toBeNull();
    const after = await findUserWithHashByEmail(database.db, email);
    expect(await verifyPassword("another operator phrase here", after!.passwordHash)).toBe(true);
    expect(after!.sessionVersion).toBe(before!.sessionVersion + 1);
  });
});

describe("operator command: user.unlock", () => {
  test("lifts the account's locks from a stranger's failures: an unknown device gets in again; recorded with no actor", async () => {
    const email = `unlock${uniqueId()}@example.com`;
    const password = "the member's own long phrase";
    const { user } = await run("user.create", { email, role: "support", password });
    const from = `10.11.${uniqueId() % 250}.${uniqueId() % 250}`;
    const gate = new ConcurrencyGate(32, 0);
    for (let i = 0; i < 6; i++) await signInWithPassword(database.db, { email, password: `guess-${i}`, address: from }, gate);
    expect(await signInWithPassword(database.db, { email, password, address: from }, gate)).toMatchObject({ ok: false, reason: "throttled" });

    const answer = (await dispatchCommand("user.unlock", { email: email.toUpperCase() }, { db: database.db, database: database as unknown as Database })) as {
      lifted: number;
    };
    expect(answer).toEqual({ user: { id: user.id, email, role: "support" }, lifted: 2 });
    expect(await signInWithPassword(database.db, { email, password, address: from }, gate)).toMatchObject({ ok: true });
    const events = await database.db
      .select({ actor: securityEvents.actorUserId, detail: securityEvents.detail, address: securityEvents.address })
      .from(securityEvents)
      .where(and(eq(securityEvents.subjectUserId, user.id), eq(securityEvents.kind, "sign_in_unlocked")));
    expect(events).toEqual([{ actor: null, detail: { lifted: 2 }, address: "operator" }]);
  });

  test("an unknown email is refused", async () => {
    await expect(
      dispatchCommand("user.unlock", { email: `nobody${uniqueId()}@example.com` }, { db: database.db, database: database as unknown as Database }),
    ).rejects.toMatchObject({
      code: "user_not_found",
    });
  });
});
