import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { createMember } from "@/lib/features/adjustments/testing/batches";
import type { Role } from "@/lib/auth/permissions";
import { readSecuritySettings, saveSecuritySettings } from "@/lib/auth/security-settings";
import { startSession } from "@/lib/auth/sessions";
import { grantStepUp } from "@/lib/auth/step-up";
import { beginEnrolment, confirmEnrolment } from "@/lib/auth/totp";
import { findTeamUser } from "@/lib/auth/users";
import { oneTimeLinks, users } from "@/lib/db/schema";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { translator } from "@/lib/i18n/translate";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { saveSecurityRules } from "./save-security-rules";
import { changeMemberRole, inviteMember, issueLinkForMember, resetTwoFactorOfMember } from "./team-member-changes";

// The security log reads the request's headers; outside a request there are none.
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }), headers: async () => new Headers() }));

/**
 * The controls around money (the security rules, a new owner, another member's password link or two-factor) ask the
 * owner's session for a fresh step-up, as a money action above the threshold does: without one they are refused and
 * change nothing; with one they go through.
 */
const database = useTestDatabase();
const db = () => database.db;
const key = randomBytes(32);
const T0 = 2_000_000_005;
const t = translator("en");

async function signedIn(role: Role, options: { twoFactor: boolean }) {
  const member = await createMember(db(), role);
  if (options.twoFactor) {
    const { secret } = await beginEnrolment(db(), member, { key });
    await confirmEnrolment(db(), member.id, await generate({ secret, epoch: T0 }), { key, epoch: T0 });
  }
  const sessionId = await startSession(db(), { userId: member.id, sessionVersion: 0, address: "203.0.113.7", userAgent: "vitest" });
  return { ...member, sessionId };
}

type Owner = Awaited<ReturnType<typeof signedIn>>;

const linksOf = async (userId: number) => (await db().select().from(oneTimeLinks).where(eq(oneTimeLinks.userId, userId))).length;
const roleOf = async (userId: number) => (await findTeamUser(db(), userId))?.role;

/** Each control: what it does for `owner`, and how to tell afterwards whether it happened. */
const CONTROLS: { name: string; make: () => Promise<{ run: (owner: Owner) => Promise<unknown>; happened: () => Promise<boolean> }> }[] = [
  {
    name: "security rules: a threshold lowered",
    make: async () => ({
      run: (owner) => saveSecurityRules(db(), owner, { requireTwoFactor: false, thresholds: [{ currency: "EUR", amount: "5000" }] }, "en"),
      happened: async () => (await readSecuritySettings(db())).stepUpThresholds.EUR === 500000n,
    }),
  },
  {
    name: "security rules: every threshold lifted",
    make: async () => ({
      run: (owner) => saveSecurityRules(db(), owner, { requireTwoFactor: false, thresholds: [] }, "en"),
      happened: async () => Object.keys((await readSecuritySettings(db())).stepUpThresholds).length === 0,
    }),
  },
  {
    name: "an owner invited",
    make: async () => {
      const email = `new-owner${uniqueId()}@example.com`;
      return {
        run: (owner) => inviteMember(db(), owner, { email, name: "", role: "owner" }, t),
        happened: async () => (await db().select().from(users).where(eq(users.email, email))).length === 1,
      };
    },
  },
  {
    name: "a member promoted to owner",
    make: async () => {
      const member = await createMember(db(), "support");
      return {
        run: (owner) => changeMemberRole(db(), owner, { userId: member.id, role: "owner" }),
        happened: async () => (await roleOf(member.id)) === "owner",
      };
    },
  },
  {
    name: "a password link for another member",
    make: async () => {
      const member = await createMember(db(), "owner");
      return { run: (owner) => issueLinkForMember(db(), owner, member.id, t), happened: async () => (await linksOf(member.id)) === 1 };
    },
  },
  {
    name: "another member's two-factor turned off",
    make: async () => {
      const member = await signedIn("owner", { twoFactor: true });
      return { run: (owner) => resetTwoFactorOfMember(db(), owner, member.id), happened: async () => !(await findTeamUser(db(), member.id))?.twoFactorOn };
    },
  },
];

beforeEach(async () => {
  // A team whose rules are in force: a threshold set.
  await saveSecuritySettings(db(), { requireTwoFactor: false, stepUpThresholds: { EUR: 100000n } }, null);
});

describe("a fresh step-up for the controls around money", () => {
  test.each(CONTROLS)("$name: refused without a fresh code, nothing changed; done with one", async ({ make }) => {
    const control = await make();
    const owner = await signedIn("owner", { twoFactor: true });
    await expect(control.run(owner)).rejects.toMatchObject({ code: "step_up_required" });
    // A code given more than STEP_UP_SECONDS ago is no proof either.
    await grantStepUp(db(), owner.id, owner.sessionId, -1);
    await expect(control.run(owner)).rejects.toMatchObject({ code: "step_up_required" });
    expect(await control.happened()).toBe(false);
    await grantStepUp(db(), owner.id, owner.sessionId);
    await control.run(owner);
    expect(await control.happened()).toBe(true);
  });

  test.each(CONTROLS)("$name: the fresh code is the session's own, not another session's of the same owner", async ({ make }) => {
    const control = await make();
    const owner = await signedIn("owner", { twoFactor: true });
    const other = await startSession(db(), { userId: owner.id, sessionVersion: 0, address: "203.0.113.8", userAgent: "vitest" });
    await grantStepUp(db(), owner.id, other);
    await expect(control.run(owner)).rejects.toMatchObject({ code: "step_up_required" });
    expect(await control.happened()).toBe(false);
  });

  test.each(CONTROLS)("$name: an owner without two-factor, rules in force: told to turn it on first, nothing changed", async ({ make }) => {
    const control = await make();
    const owner = await signedIn("owner", { twoFactor: false });
    await expect(control.run(owner)).rejects.toMatchObject({ code: "step_up.enrol_first" });
    expect(await control.happened()).toBe(false);
  });

  test("the team's first rules: an owner without two-factor may save them while no rule is in force, not after", async () => {
    await saveSecuritySettings(db(), { requireTwoFactor: false, stepUpThresholds: {} }, null);
    const owner = await signedIn("owner", { twoFactor: false });
    await saveSecurityRules(db(), owner, { requireTwoFactor: false, thresholds: [{ currency: "USD", amount: "1000" }] }, "en");
    expect((await readSecuritySettings(db())).stepUpThresholds).toEqual({ USD: 100000n });
    await expect(saveSecurityRules(db(), owner, { requireTwoFactor: false, thresholds: [] }, "en")).rejects.toMatchObject({ code: "step_up.enrol_first" });
    expect((await readSecuritySettings(db())).stepUpThresholds).toEqual({ USD: 100000n });
  });

  test("an amount typed wrong is refused on its field before any code is asked", async () => {
    const owner = await signedIn("owner", { twoFactor: true });
    await expect(saveSecurityRules(db(), owner, { requireTwoFactor: false, thresholds: [{ currency: "EUR", amount: "a lot" }] }, "en")).rejects.toMatchObject({
      code: "security_rules.threshold_invalid",
      field: "thresholds.0.amount",
    });
  });

  test("changes that give no one more power ask for no code: a support invited, an owner demoted", async () => {
    const owner = await signedIn("owner", { twoFactor: true });
    const email = `support${uniqueId()}@example.com`;
    await inviteMember(db(), owner, { email, name: "", role: "support" }, t);
    expect((await db().select().from(users).where(eq(users.email, email))).length).toBe(1);
    const other = await createMember(db(), "owner");
    await changeMemberRole(db(), owner, { userId: other.id, role: "support" });
    expect(await roleOf(other.id)).toBe("support");
  });
});
