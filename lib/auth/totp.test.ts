import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { queryRows } from "@/lib/db/client";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createUser, listUsers } from "@/lib/auth/users";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import {
  beginEnrolment,
  confirmEnrolment,
  enrolmentQrSvg,
  renewRecoveryCodes,
  turnOffTwoFactor,
  resetMemberTwoFactor,
  twoFactorState,
  redeemRecoveryCode,
  checkSecondFactor,
  acceptTotpCode,
} from "./totp";

const database = useTestDatabase();
const key = randomBytes(32);
/** The middle of a time step, far from now: each test moves its own clock. */
const T0 = 1_900_000_005;
const STEP = 30;

async function member() {
  const { user } = await createUser(database.db, { email: `totp${uniqueId()}@example.com`, role: "support", password: "a-password-for-the-test" });
  return user;
}

const codeAt = (secret: string, epoch: number) => generate({ secret, epoch });

/** A member enrolled at T0 (the confirming code used the step of T0 - 60 s); their secret and recovery codes. */
async function enrolled() {
  const user = await member();
  const { secret } = await beginEnrolment(database.db, user, { key });
  const codes = await confirmEnrolment(database.db, user.id, await codeAt(secret, T0 - 2 * STEP), { key, epoch: T0 - 2 * STEP });
  return { user, secret, codes };
}

describe("two-factor (TOTP)", () => {
  test("enrolment: pending until a right code confirms it; a wrong code changes nothing; ten distinct recovery codes once", async () => {
    const user = await member();
    const { secret, uri } = await beginEnrolment(database.db, user, { key });
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(await enrolmentQrSvg(uri)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [stored] = await queryRows<{ encrypted: string }>(
      database.db,
      sql`SELECT totp_secret_encrypted AS encrypted FROM dashboard.users WHERE id = ${user.id}`,
    );
    expect(stored.encrypted).toMatch(/^v1:/);
    expect(stored.encrypted).not.toContain(secret);
    expect((await twoFactorState(database.db, user.id)).enrolled).toBe(false);
    // A pending secret is not asked for (nor usable) at sign-in.
    expect(await acceptTotpCode(database.db, user.id, await codeAt(secret, T0), { key, epoch: T0 })).toBe(false);

    const wrong = (Number(await codeAt(secret, T0)) + 1) % 1_000_000;
    await expect(confirmEnrolment(database.db, user.id, String(wrong).padStart(6, "0"), { key, epoch: T0 })).rejects.toMatchObject({
      code: "two_factor.wrong_code",
    });
    expect((await twoFactorState(database.db, user.id)).enrolled).toBe(false);

    const codes = await confirmEnrolment(database.db, user.id, await codeAt(secret, T0), { key, epoch: T0 });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await twoFactorState(database.db, user.id)).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    // Only hashes are stored.
    const hashes = await queryRows<{ hash: string }>(database.db, sql`SELECT code_hash AS hash FROM dashboard.recovery_codes WHERE user_id = ${user.id}`);
    expect(hashes).toHaveLength(10);
    for (const { hash } of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // Enrolled: a new enrolment is refused (turning off comes first).
    await expect(beginEnrolment(database.db, user, { key })).rejects.toMatchObject({ code: "two_factor.already_on" });
  });

  test("time-step edges: the code of the previous and of the next step is accepted, two steps away is refused", async () => {
    const { user, secret } = await enrolled();
    const use = async (codeEpoch: number, now: number) => acceptTotpCode(database.db, user.id, await codeAt(secret, codeEpoch), { key, epoch: now });
    // Two steps in the past and two in the future: refused.
    expect(await use(T0 + 10 * STEP - 2 * STEP, T0 + 10 * STEP)).toBe(false);
    expect(await use(T0 + 10 * STEP + 2 * STEP, T0 + 10 * STEP)).toBe(false);
    // One step behind (a slow phone), then one ahead (a fast one): both accepted.
    expect(await use(T0 + 10 * STEP - STEP, T0 + 10 * STEP)).toBe(true);
    expect(await use(T0 + 20 * STEP + STEP, T0 + 20 * STEP)).toBe(true);
    // At the very first and last second of a step, its code is good.
    const start = Math.floor((T0 + 40 * STEP) / STEP) * STEP;
    expect(await use(start, start)).toBe(true);
    expect(await use(start + 2 * STEP + STEP - 1, start + 2 * STEP)).toBe(true);
  });

  test("replay: a code accepted once is refused after, and so is a code of an earlier step still inside the window", async () => {
    const { user, secret } = await enrolled();
    const now = T0 + 100 * STEP;
    const current = await codeAt(secret, now);
    expect(await acceptTotpCode(database.db, user.id, current, { key, epoch: now })).toBe(true);
    expect(await acceptTotpCode(database.db, user.id, current, { key, epoch: now })).toBe(false);
    expect(await acceptTotpCode(database.db, user.id, current, { key, epoch: now + STEP })).toBe(false);
    // The previous step's code would be within ±1, but it is older than the one used.
    expect(await acceptTotpCode(database.db, user.id, await codeAt(secret, now - STEP), { key, epoch: now })).toBe(false);
    // The next step's code is new.
    expect(await acceptTotpCode(database.db, user.id, await codeAt(secret, now + STEP), { key, epoch: now + STEP })).toBe(true);
  });

  test("one code sent twice at once: exactly one use wins", async () => {
    const { user, secret } = await enrolled();
    const now = T0 + 200 * STEP;
    const code = await codeAt(secret, now);
    const results = await Promise.all(Array.from({ length: 6 }, () => checkSecondFactor(database.db, user.id, code, { key, epoch: now })));
    expect(results.filter((result) => result.ok)).toEqual([{ ok: true, via: "totp" }]);
  });

  test("recovery codes: each works once (typed in any case, with or without the dash); a second use is refused; renewing voids the old ones", async () => {
    const { user, codes } = await enrolled();
    expect(await checkSecondFactor(database.db, user.id, ` ${codes[0].toUpperCase().replace("-", "")} `, { key })).toEqual({ ok: true, via: "recovery_code" });
    expect(await checkSecondFactor(database.db, user.id, codes[0], { key })).toEqual({ ok: false });
    expect((await twoFactorState(database.db, user.id)).recoveryCodesLeft).toBe(9);
    // Two uses of one code at once: one wins.
    const both = await Promise.all([redeemRecoveryCode(database.db, user.id, codes[1]), redeemRecoveryCode(database.db, user.id, codes[1])]);
    expect(both.filter(Boolean)).toHaveLength(1);
    // Another member's code is not this member's.
    const other = await enrolled();
    expect(await redeemRecoveryCode(database.db, user.id, other.codes[0])).toBe(false);
    expect(await redeemRecoveryCode(database.db, other.user.id, other.codes[0])).toBe(true);

    const renewed = await renewRecoveryCodes(database.db, user.id);
    expect(renewed).toHaveLength(10);
    expect(await redeemRecoveryCode(database.db, user.id, codes[2])).toBe(false);
    expect(await redeemRecoveryCode(database.db, user.id, renewed[0])).toBe(true);
    expect((await twoFactorState(database.db, user.id)).recoveryCodesLeft).toBe(9);
  });

  test("turning off forgets the secret and the recovery codes; the old codes no longer work; renewing then is refused", async () => {
    const { user, secret, codes } = await enrolled();
    await turnOffTwoFactor(database.db, user.id);
    expect(await twoFactorState(database.db, user.id)).toEqual({ enrolled: false, enrolledAt: null, recoveryCodesLeft: 0 });
    const now = T0 + 300 * STEP;
    expect(await acceptTotpCode(database.db, user.id, await codeAt(secret, now), { key, epoch: now })).toBe(false);
    expect(await redeemRecoveryCode(database.db, user.id, codes[3])).toBe(false);
    await expect(renewRecoveryCodes(database.db, user.id)).rejects.toMatchObject({ code: "two_factor.not_on" });
  });

  test("a secret encrypted under another key (the dashboard's key changed) accepts no code", async () => {
    const { user, secret } = await enrolled();
    const now = T0 + 400 * STEP;
    expect(await acceptTotpCode(database.db, user.id, await codeAt(secret, now), { key: randomBytes(32), epoch: now })).toBe(false);
  });

  test("an owner's reset: the secret and the codes go, the member's sessions end, the team list says it; a second reset finds nothing", async () => {
    const { user, secret, codes } = await enrolled();
    expect((await listUsers(database.db)).find((row) => row.id === user.id)?.twoFactorOn).toBe(true);
    const [before] = await queryRows<{ version: number }>(database.db, sql`SELECT session_version AS version FROM dashboard.users WHERE id = ${user.id}`);
    expect(await resetMemberTwoFactor(database.db, user.id)).toBe(true);
    const [after] = await queryRows<{ version: number; secret: string | null }>(
      database.db,
      sql`SELECT session_version AS version, totp_secret_encrypted AS secret FROM dashboard.users WHERE id = ${user.id}`,
    );
    expect(after.version).toBe(before.version + 1);
    expect(after.secret).toBeNull();
    expect(await twoFactorState(database.db, user.id)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    expect(await acceptTotpCode(database.db, user.id, await codeAt(secret, T0), { key, epoch: T0 })).toBe(false);
    expect(await redeemRecoveryCode(database.db, user.id, codes[0])).toBe(false);
    expect((await listUsers(database.db)).find((row) => row.id === user.id)?.twoFactorOn).toBe(false);
    // Nothing on any more: a second reset changes nothing, not even the sessions.
    expect(await resetMemberTwoFactor(database.db, user.id)).toBe(false);
    const [again] = await queryRows<{ version: number }>(database.db, sql`SELECT session_version AS version FROM dashboard.users WHERE id = ${user.id}`);
    expect(again.version).toBe(after.version);
  });
});
