import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { generate } from "otplib";
import { uniqueId } from "@/lib/platform/test-helpers";
import { createUser } from "@/lib/auth/users";
import { useTestDatabase } from "@/lib/db/use-test-database";
import { liveSessionUser, startSession } from "./sessions";
import { beginEnrolment, confirmEnrolment } from "./totp";
import { amountsAboveThreshold, readSecuritySettings, saveSecuritySettings } from "./security-settings";
import { confirmCodeInSession, grantStepUp, requireStepUp } from "./step-up";

const database = useTestDatabase();
const key = randomBytes(32);
const T0 = 2_000_000_005;
const origin = () => ({ address: `10.7.${uniqueId() % 250}.${uniqueId() % 250}-${uniqueId()}`, userAgent: "test" });

async function member(enrolled: boolean) {
  const { user } = await createUser(database.db, { email: `stepup${uniqueId()}@example.com`, role: "lead", password: "a-password-for-the-test" });
  const sessionId = await startSession(database.db, { userId: user.id, sessionVersion: user.sessionVersion, address: "203.0.113.9", userAgent: "test" });
  let secret = "";
  if (enrolled) {
    secret = (await beginEnrolment(database.db, user, { key })).secret;
    await confirmEnrolment(database.db, user.id, await generate({ secret, epoch: T0 }), { key, epoch: T0 });
  }
  return { user, sessionId, secret, who: { id: user.id, sessionId } };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string }) => error.code ?? String(error),
  );

describe("the team's security rules and the step-up of money actions", () => {
  test("rules: none stored reads as the defaults; saved and read back; amounts compared per currency, strictly above", async () => {
    expect(await readSecuritySettings(database.db)).toEqual({ requireTwoFactor: false, stepUpThresholds: {} });
    await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: { RUB: 100000n, USD: 50000n } }, null);
    const settings = await readSecuritySettings(database.db);
    expect(settings).toEqual({ requireTwoFactor: false, stepUpThresholds: { RUB: 100000n, USD: 50000n } });
    expect(amountsAboveThreshold(settings, [{ currency: "RUB", minor: 100000n }])).toEqual([]);
    expect(amountsAboveThreshold(settings, [{ currency: "RUB", minor: 100001n }])).toEqual(["RUB"]);
    expect(amountsAboveThreshold(settings, [{ currency: "EUR", minor: 10n ** 12n }])).toEqual([]);
    // A batch's top-ups and debits of one currency add up.
    expect(
      amountsAboveThreshold(settings, [
        { currency: "USD", minor: 30000n },
        { currency: "USD", minor: 30000n },
      ]),
    ).toEqual(["USD"]);
  });

  test("above the threshold: a member without two-factor is told to enrol; an enrolled one needs a fresh code, then has 5 minutes", async () => {
    await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: { RUB: 100000n } }, null);
    const small = [{ currency: "RUB", minor: 100000n }];
    const large = [{ currency: "RUB", minor: 100001n }];

    const plain = await member(false);
    expect(await refusal(requireStepUp(database.db, plain.who, small))).toBeNull();
    expect(await refusal(requireStepUp(database.db, plain.who, large))).toBe("step_up.enrol_first");

    const careful = await member(true);
    expect(await refusal(requireStepUp(database.db, careful.who, large))).toBe("step_up_required");
    const now = T0 + 120;
    expect(await confirmCodeInSession(database.db, careful.user, await generate({ secret: careful.secret, epoch: now }), origin(), { key, epoch: now })).toBe(
      "totp",
    );
    await grantStepUp(database.db, careful.user.id, careful.sessionId);
    expect(await refusal(requireStepUp(database.db, careful.who, large))).toBeNull();
    // Another session of the same member gave no code.
    const otherSession = await startSession(database.db, { userId: careful.user.id, sessionVersion: 0, address: "203.0.113.9", userAgent: "test" });
    expect(await refusal(requireStepUp(database.db, { id: careful.user.id, sessionId: otherSession }, large))).toBe("step_up_required");
    // Once the time has passed, a code again.
    await grantStepUp(database.db, careful.user.id, careful.sessionId, -1);
    expect(await refusal(requireStepUp(database.db, careful.who, large))).toBe("step_up_required");
  });

  test("a code in a session: a wrong one is refused on its field and counted; a burst locks like the sign-in", async () => {
    const careful = await member(true);
    const now = T0 + 600;
    const right = await generate({ secret: careful.secret, epoch: now });
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    const from = origin();
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++)
      answers.push(await refusal(confirmCodeInSession(database.db, careful.user, wrong, from, { key, epoch: now })));
    expect(answers).toEqual([...Array(4).fill("two_factor.wrong_code"), "two_factor.wait", "two_factor.wait"]);
    expect(await refusal(confirmCodeInSession(database.db, careful.user, right, from, { key, epoch: now }))).toBe("two_factor.wait");
  });

  test("two-factor required for everyone: a member without it is pending (their session says so) until enrolled", async () => {
    const plain = await member(false);
    const careful = await member(true);
    await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: {} }, null);
    expect((await liveSessionUser(database.db, plain.user.id, plain.sessionId))?.twoFactorPending).toBe(false);
    await saveSecuritySettings(database.db, { requireTwoFactor: true, stepUpThresholds: {} }, null);
    expect((await liveSessionUser(database.db, plain.user.id, plain.sessionId))?.twoFactorPending).toBe(true);
    expect((await liveSessionUser(database.db, careful.user.id, careful.sessionId))?.twoFactorPending).toBe(false);
    const { secret } = await beginEnrolment(database.db, plain.user, { key });
    // A pending enrolment is not enough.
    expect((await liveSessionUser(database.db, plain.user.id, plain.sessionId))?.twoFactorPending).toBe(true);
    await confirmEnrolment(database.db, plain.user.id, await generate({ secret, epoch: T0 }), { key, epoch: T0 });
    expect((await liveSessionUser(database.db, plain.user.id, plain.sessionId))?.twoFactorPending).toBe(false);
    await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: {} }, null);
  });
});
