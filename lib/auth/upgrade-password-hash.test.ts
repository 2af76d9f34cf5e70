import { afterEach, describe, expect, test, vi } from "vitest";
import bcrypt from "bcryptjs";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { createUser, findUserWithHashByEmail, resetPassword } from "./users";
import { signInWithPassword } from "./sign-in";
import { ConcurrencyGate } from "./concurrency-gate";
import { hashPassword, verifyPassword } from "./password";
import { upgradePasswordHash } from "./upgrade-password-hash";

const database = useTestDatabase();
afterEach(() => vi.restoreAllMocks());

const OWASP = { memoryKib: 19_456, timeCost: 2, parallelism: 1 };
const LIGHT = { memoryKib: 8192, timeCost: 1, parallelism: 1 };

const address = () => `10.9.${uniqueId() % 250}.${uniqueId() % 250}-${uniqueId()}`;
const signIn = (email: string, password: string, hashing = OWASP) =>
  signInWithPassword(database.db, { email, password, address: address() }, new ConcurrencyGate(32, 0), hashing);

type StoredUser = {
  password_hash: string;
  session_version: number;
  updated_at: string;
};
async function stored(email: string): Promise<StoredUser> {
  const [row] = await queryRows<StoredUser>(
    database.db,
    sql`SELECT password_hash, session_version, updated_at::text FROM dashboard.users WHERE email = ${email}`,
  );
  return row;
}

/** A member whose stored hash is `hash(password)`: as a user created before argon2id (bcrypt, cost 11) or with other parameters. */
async function memberWithHash(makeHash: (password: string) => Promise<string>) {
  const email = `upgrade${uniqueId()}@example.com`;
  const password = `pw-${uniqueId()}-correct`;
  const { user } = await createUser(database.db, { email, role: "support", password });
  const hash = await makeHash(password);
  await database.db.execute(sql`UPDATE dashboard.users SET password_hash = ${hash} WHERE id = ${user.id}`);
  return { email, password, user, hash };
}
const bcryptHash = (password: string) => bcrypt.hash(password, 11);

describe("password hashes upgraded at sign-in", () => {
  test("a user with a bcrypt hash signs in; then the stored hash is argon2id (configured parameters), the password still works, sessions go on", async () => {
    const { email, password, hash } = await memberWithHash(bcryptHash);
    expect(hash).toMatch(/^\$2[aby]\$11\$/);
    expect(await signIn(email, password)).toMatchObject({ ok: true, user: { email } });
    const after = await stored(email);
    expect(after.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(after.session_version).toBe(0);
    expect(await verifyPassword(password, after.password_hash)).toBe(true);
    expect(await signIn(email, password)).toMatchObject({ ok: true, user: { email } });
    expect(await signIn(email, "wrong")).toEqual({ ok: false, reason: "invalid_credentials" });
    // Nothing more to upgrade: the second sign-in kept the hash.
    expect((await stored(email)).password_hash).toBe(after.password_hash);
  });

  test("a wrong password against a bcrypt hash changes nothing", async () => {
    const { email, hash } = await memberWithHash(bcryptHash);
    const before = await stored(email);
    expect(await signIn(email, "not the password")).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await stored(email)).toEqual(before);
    expect(before.password_hash).toBe(hash);
  });

  test("an argon2id hash with other parameters than the configured ones is made again; one with the same is kept", async () => {
    const { email, password, hash } = await memberWithHash((typed) => hashPassword(typed, LIGHT));
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=8192,t=1,p=1\$/);
    // Configured as it was made: nothing changes.
    expect(await signIn(email, password, LIGHT)).toMatchObject({ ok: true });
    expect((await stored(email)).password_hash).toBe(hash);
    // Configured otherwise (OWASP's defaults): made again with them.
    expect(await signIn(email, password, OWASP)).toMatchObject({ ok: true });
    const upgraded = (await stored(email)).password_hash;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await signIn(email, password, { ...OWASP, timeCost: 3 })).toMatchObject({ ok: true });
    expect((await stored(email)).password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=3,p=1\$/);
  });

  test("a password changed between the check and the upgrade is not overwritten", async () => {
    const { email, password, user } = await memberWithHash(bcryptHash);
    // What a sign-in read and checked…
    const read = (await findUserWithHashByEmail(database.db, email))!;
    expect(await verifyPassword(password, read.passwordHash)).toBe(true);
    // …then the owner gives the member a new password before the upgrade is stored.
    await resetPassword(database.db, user.id, "the-new-password-1");
    const changed = await stored(email);
    expect(await upgradePasswordHash(database.db, read, password, OWASP)).toBe("changed");
    expect(await stored(email)).toEqual(changed);
    expect(await signIn(email, password)).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await signIn(email, "the-new-password-1")).toMatchObject({ ok: true });
  });

  test("upgradePasswordHash answers what it did: upgraded once, then current", async () => {
    const { email, password } = await memberWithHash(bcryptHash);
    const first = (await findUserWithHashByEmail(database.db, email))!;
    expect(await upgradePasswordHash(database.db, first, password, OWASP)).toBe("upgraded");
    const second = (await findUserWithHashByEmail(database.db, email))!;
    expect(await upgradePasswordHash(database.db, second, password, OWASP)).toBe("current");
    expect((await stored(email)).password_hash).toBe(second.passwordHash);
  });

  test("an upgrade that fails does not fail the sign-in: it is logged (without the password or a hash) and the old hash is kept", async () => {
    const { email, password, hash } = await memberWithHash(bcryptHash);
    const logged: string[] = [];
    // A warning: on stdout, as every log line but errors (lib/core/log.mjs).
    vi.spyOn(process.stdout, "write").mockImplementation((line) => {
      if (String(line).includes('"level":"warn"')) logged.push(String(line));
      return true;
    });
    // 1 KiB is below argon2's minimum: hashing again throws.
    expect(await signIn(email, password, { memoryKib: 1, timeCost: 2, parallelism: 1 })).toMatchObject({ ok: true, user: { email } });
    expect((await stored(email)).password_hash).toBe(hash);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({ level: "warn", msg: "password hash upgrade failed" });
    expect(logged[0]).not.toContain(password);
    expect(logged[0]).not.toContain(hash);
  });
});
