import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { generate } from "otplib";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createUser } from "@/lib/auth/users";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { signInWithPassword } from "./sign-in";
import { ConcurrencyGate } from "./concurrency-gate";
import { beginEnrolment, confirmEnrolment } from "./totp";
import { accountScope, lockedForSeconds } from "./throttle";

const database = useTestDatabase();
const key = randomBytes(32);
const T0 = 1_950_000_005;

const address = () => `10.9.${uniqueId() % 250}.${uniqueId() % 250}-${uniqueId()}`;

async function enrolledMember() {
  const email = `twofactor${uniqueId()}@example.com`;
  const { user, password } = await createUser(database.db, { email, role: "support" });
  const { secret } = await beginEnrolment(database.db, user, { key });
  const codes = await confirmEnrolment(database.db, user.id, await generate({ secret, epoch: T0 }), { key, epoch: T0 });
  return { email, password, user, secret, codes };
}

const signIn = (input: { email: string; password: string; address: string }, code: string | null, epoch = T0 + 300) =>
  signInWithPassword(database.db, { ...input, secondFactor: { code, totp: { key, epoch } } }, new ConcurrencyGate(32, 0));

describe("sign-in with two-factor on", () => {
  test("a right password alone does not sign in: the code is asked (only after the password was right)", async () => {
    const { email, password, user } = await enrolledMember();
    const from = address();
    expect(await signIn({ email, password, address: from }, null)).toEqual({ ok: false, reason: "two_factor_required" });
    expect(await signIn({ email, password: "wrong", address: from }, null)).toEqual({ ok: false, reason: "invalid_credentials" });
    // A wrong password with a code: still only "wrong email or password" (the code says nothing).
    expect(await signIn({ email, password: "wrong", address: from }, "123456")).toEqual({ ok: false, reason: "invalid_credentials" });
    // A password check without a second step (changing one's password) is not asked for a code.
    const check = await signInWithPassword(database.db, { email, password, address: from }, new ConcurrencyGate(32, 0));
    expect(check).toMatchObject({ ok: true, user: { id: user.id } });
  });

  test("password and code: signed in; the same code again (a replay) is refused", async () => {
    const { email, password, user, secret } = await enrolledMember();
    const now = T0 + 600;
    const code = await generate({ secret, epoch: now });
    expect(await signIn({ email, password, address: address() }, code, now)).toMatchObject({ ok: true, via: "totp", user: { id: user.id } });
    expect(await signIn({ email, password, address: address() }, code, now)).toEqual({ ok: false, reason: "two_factor_failed", userId: user.id });
  });

  test("a recovery code signs in once; its second use is refused", async () => {
    const { email, password, codes, user } = await enrolledMember();
    expect(await signIn({ email, password, address: address() }, codes[4])).toMatchObject({ ok: true, via: "recovery_code" });
    expect(await signIn({ email, password, address: address() }, codes[4])).toEqual({ ok: false, reason: "two_factor_failed", userId: user.id });
  });

  test("a burst of wrong codes locks the account: then even the right code is refused until the lock ends", async () => {
    const { email, password, secret } = await enrolledMember();
    const now = T0 + 900;
    const right = await generate({ secret, epoch: now });
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push((await signIn({ email, password, address: address() }, wrong, now)) as { reason?: string });
    expect(answers.slice(0, 4).map((answer) => answer.reason)).toEqual(Array(4).fill("two_factor_failed"));
    expect(answers.slice(4).map((answer) => answer.reason)).toEqual(["throttled", "throttled"]);
    expect(await lockedForSeconds(database.db, [accountScope(email)])).toBeGreaterThan(0);
    expect(await signIn({ email, password, address: address() }, right, now)).toMatchObject({ ok: false, reason: "throttled" });
    // Nor is the lock hidden behind a request for the code.
    expect(await signIn({ email, password, address: address() }, null, now)).toMatchObject({ ok: false, reason: "throttled" });
  });
});
