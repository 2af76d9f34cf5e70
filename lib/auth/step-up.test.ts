import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { generate } from "otplib";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createUser } from "@/lib/auth/users";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { liveSessionUser, startSession } from "./sessions";
import { beginEnrolment, confirmEnrolment } from "./totp";
import { amountsAboveThreshold, readSecuritySettings, saveSecuritySettings } from "./security-settings";
import { confirmCodeInSession, grantStepUp, requireStepUp } from "./step-up";
import { signInWithPassword } from "./sign-in";
import { ConcurrencyGate } from "./concurrency-gate";
import { accountScope, lockedForSeconds } from "./throttle";
import { eq, sql } from "drizzle-orm";
import { adjustmentBatches, auditEntries } from "@/lib/db/schema";
import { PlatformClient } from "@/lib/api/client";
import { translator } from "@/lib/i18n/translate";
import { runOnce, type Performed } from "@/lib/features/ledger/run-once";
import { fingerprintOf } from "@/lib/features/ledger/idempotency";
import { confirmRun } from "@/lib/features/adjustments/batch-store";
import { validatedBatch } from "@/lib/features/adjustments/testing/batches";

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
  return { user, sessionId, secret, who: { id: user.id, sessionId }, signedIn: { ...user, sessionId } };
}

/**
 * A top-up or debit recorded as the ledger records one (runOnce: the intent, its outcome and the audit entry); the
 * platform's side is the `perform` answer, since only what was recorded matters here.
 */
async function moved(
  actor: { id: number; email: string },
  currency: string,
  minor: bigint,
  status: "succeeded" | "failed" | "unknown" = "succeeded",
  key: string = randomUUID(),
) {
  const operation = "top_up" as const;
  const context = {
    db: database.db,
    api: new PlatformClient({ db: database.db, baseUrl: "http://platform.invalid", apiKey: "unused" }),
    actor: { id: actor.id, email: actor.email, name: "", role: "lead" as const },
    t: translator("en"),
  };
  const perform = async (requestId: string): Promise<Performed> => ({
    outcome:
      status === "failed"
        ? { status, operation, requestId, error: { code: "insufficient_funds", status: 422, message: "no", fieldErrors: {} } }
        : status === "unknown"
          ? { status, operation, requestId, reason: "timeout" }
          : { status, operation, requestId, account: null as never, balanceAfter: "0" },
  });
  const fingerprint = fingerprintOf({ operation, currency, amount: minor });
  const facts = { contactId: uniqueId(), accountId: uniqueId(), currency, kind: operation, amount: minor, description: null };
  await runOnce(context, { key, userId: actor.id, operation, fingerprint }, facts, perform);
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
    expect(
      await confirmCodeInSession(database.db, careful.signedIn, await generate({ secret: careful.secret, epoch: now }), origin(), { key, epoch: now }),
    ).toBe("totp");
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
      answers.push(await refusal(confirmCodeInSession(database.db, careful.signedIn, wrong, from, { key, epoch: now })));
    expect(answers).toEqual([...Array(4).fill("two_factor.wrong_code"), "two_factor.wait", "two_factor.wait"]);
    expect(await refusal(confirmCodeInSession(database.db, careful.signedIn, right, from, { key, epoch: now }))).toBe("two_factor.wait");
  });

  test("a code in a session is counted per session: a stranger's lock of the account does not refuse it, nor one session's lock another", async () => {
    const careful = await member(true);
    const now = T0 + 660;
    const right = await generate({ secret: careful.secret, epoch: now });
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    const stranger = `10.8.${uniqueId() % 250}.${uniqueId() % 250}`;
    for (let i = 0; i < 6; i++)
      await signInWithPassword(database.db, { email: careful.user.email, password: `guess-${i}`, address: stranger }, new ConcurrencyGate(32, 0));
    expect(await lockedForSeconds(database.db, [accountScope(careful.user.email)])).toBeGreaterThan(0);
    expect(await confirmCodeInSession(database.db, careful.signedIn, right, origin(), { key, epoch: now })).toBe("totp");

    for (let i = 0; i < 5; i++) await refusal(confirmCodeInSession(database.db, careful.signedIn, wrong, origin(), { key, epoch: now + 30 }));
    expect(await refusal(confirmCodeInSession(database.db, careful.signedIn, wrong, origin(), { key, epoch: now + 30 }))).toBe("two_factor.wait");
    const other = await startSession(database.db, {
      userId: careful.user.id,
      sessionVersion: careful.user.sessionVersion,
      address: "203.0.113.9",
      userAgent: "test",
    });
    const later = now + 60;
    expect(
      await confirmCodeInSession(database.db, { ...careful.user, sessionId: other }, await generate({ secret: careful.secret, epoch: later }), origin(), {
        key,
        epoch: later,
      }),
    ).toBe("totp");
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

  describe("the threshold holds what the member moved in the last hour, per currency", () => {
    const threshold = { RUB: 100000n };
    const rub = (minor: bigint) => [{ currency: "RUB", minor }];

    test("one 999.00 passes; once recorded, a second asks; refused ones and other currencies do not count", async () => {
      await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: threshold }, null);
      const careful = await member(true);
      expect(await refusal(requireStepUp(database.db, careful.who, rub(99900n)))).toBeNull();
      await moved(careful.user, "RUB", 99900n);
      expect(await refusal(requireStepUp(database.db, careful.who, rub(99900n)))).toBe("step_up_required");
      // 999.00 + 1.00 is the threshold itself, not above it.
      expect(await refusal(requireStepUp(database.db, careful.who, rub(100n)))).toBeNull();
      // Another currency (no threshold) is not held to RUB's.
      expect(await refusal(requireStepUp(database.db, careful.who, [{ currency: "USD", minor: 10n ** 9n }]))).toBeNull();

      const other = await member(true);
      await moved(other.user, "RUB", 99900n, "failed");
      await moved(other.user, "USD", 99900n);
      expect(await refusal(requireStepUp(database.db, other.who, rub(99900n)))).toBeNull();
      // An unknown outcome may have moved the money: it counts.
      await moved(other.user, "RUB", 200n, "unknown");
      expect(await refusal(requireStepUp(database.db, other.who, rub(99900n)))).toBe("step_up_required");
      // A member without two-factor cannot move more than the threshold in an hour either.
      const plain = await member(false);
      await moved(plain.user, "RUB", 99900n);
      expect(await refusal(requireStepUp(database.db, plain.who, rub(99900n)))).toBe("step_up.enrol_first");
    });

    test("requests sent at once are held together: of five 999.00 at once one goes on, and its reservation is not counted twice once it is recorded", async () => {
      await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: threshold }, null);
      const careful = await member(true);
      const keys = Array.from({ length: 5 }, () => randomUUID());
      const answers = await Promise.all(keys.map((key) => refusal(requireStepUp(database.db, careful.who, rub(99900n), `ledger:${key}`))));
      expect(answers.filter((answer) => answer === null)).toHaveLength(1);
      expect(answers.filter((answer) => answer === "step_up_required")).toHaveLength(4);
      const passed = keys[answers.indexOf(null)];
      // The same request again (a retry under its key) is not held against itself.
      expect(await refusal(requireStepUp(database.db, careful.who, rub(99900n), `ledger:${passed}`))).toBeNull();
      // Once it went through (its audit entry, same key), it counts once: 999.00 + 1.00 is the threshold, not above.
      await moved(careful.user, "RUB", 99900n, "succeeded", passed);
      expect(await refusal(requireStepUp(database.db, careful.who, rub(100n), `ledger:${randomUUID()}`))).toBeNull();
      expect(await refusal(requireStepUp(database.db, careful.who, rub(100n), `ledger:${randomUUID()}`))).toBe("step_up_required");
    });

    test("moves older than an hour and another member's moves do not count", async () => {
      await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: threshold }, null);
      const careful = await member(true);
      const other = await member(true);
      // audit_entries is insert-only: an old entry is inserted as it stands.
      await database.db.insert(auditEntries).values({
        createdAt: sql`now() - interval '61 minutes'`,
        userId: careful.user.id,
        userEmail: careful.user.email,
        userRole: "lead",
        contactId: uniqueId(),
        accountId: uniqueId(),
        currency: "RUB",
        kind: "top_up",
        amount: 99900n,
        outcome: "succeeded",
        idempotencyKey: randomUUID(),
      });
      await moved(other.user, "RUB", 99900n);
      expect(await refusal(requireStepUp(database.db, careful.who, rub(99900n)))).toBeNull();
      // But the other member's own second one asks.
      expect(await refusal(requireStepUp(database.db, other.who, rub(99900n)))).toBe("step_up_required");
    });

    test("a bulk adjustment the member confirmed in the last hour counts with its total; one confirmed earlier does not", async () => {
      await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: threshold }, null);
      const careful = await member(true);
      const creator = await member(false);
      const confirmed = async (planned: { kind: "top_up" | "debit"; amount: number }[]) => {
        const batchId = await validatedBatch(
          database.db,
          creator.user.id,
          planned.map((row) => ({ contactId: uniqueId(), currency: "RUB", ...row })),
        );
        await database.db
          .update(adjustmentBatches)
          .set({ status: "checked", checkedAt: sql`now()` })
          .where(eq(adjustmentBatches.id, batchId));
        await confirmRun(database.db, batchId, careful.user);
        return batchId;
      };
      const old = await confirmed([{ kind: "top_up", amount: 99900 }]);
      await database.db
        .update(adjustmentBatches)
        .set({ confirmedAt: sql`now() - interval '2 hours'` })
        .where(eq(adjustmentBatches.id, old));
      expect(await refusal(requireStepUp(database.db, careful.who, rub(99900n)))).toBeNull();
      // 600.00 of top-ups and 300.00 of debits: 900.00 moved.
      await confirmed([
        { kind: "top_up", amount: 60000 },
        { kind: "debit", amount: 30000 },
      ]);
      expect(await refusal(requireStepUp(database.db, careful.who, rub(10000n)))).toBeNull();
      expect(await refusal(requireStepUp(database.db, careful.who, rub(10001n)))).toBe("step_up_required");
      // The member who only created the batch moved nothing.
      expect(await refusal(requireStepUp(database.db, creator.who, rub(99900n)))).toBeNull();
    });

    test("with a fresh code the second passes", async () => {
      await saveSecuritySettings(database.db, { requireTwoFactor: false, stepUpThresholds: threshold }, null);
      const careful = await member(true);
      await moved(careful.user, "RUB", 99900n);
      expect(await refusal(requireStepUp(database.db, careful.who, rub(99900n)))).toBe("step_up_required");
      await grantStepUp(database.db, careful.user.id, careful.sessionId);
      expect(await refusal(requireStepUp(database.db, careful.who, rub(99900n)))).toBeNull();
    });
  });
});
