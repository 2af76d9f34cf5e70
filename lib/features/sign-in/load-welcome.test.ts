import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createInvitedUser } from "@/lib/auth/users";
import { createOneTimeLink } from "@/lib/auth/one-time-links";
import { loadWelcome } from "./load-welcome";
import { loadTwoFactorSetup } from "./load-two-factor-setup";

/** The sign-in pages' loaders on a real database: the welcome link's page and the two-factor setup. */
const database = useTestDatabase();

beforeAll(() => {
  // The loaders open the process-wide database: this file's.
  processBridge().database = Promise.resolve(database);
});

afterAll(() => {
  delete processBridge().database;
});

describe("loadWelcome", () => {
  test("a working link: whose account and what for, nothing more", async () => {
    const user = await createInvitedUser(database.db, { email: `welcome${uniqueId()}@example.com`, role: "support", name: "Sam" });
    const { token } = await createOneTimeLink(database.db, { userId: user.id, purpose: "invite", createdByUserId: null });
    expect(await loadWelcome(token)).toEqual({ ok: true, purpose: "invite", name: "Sam", email: user.email });
  });

  test("a link that no longer works says why, and not whose it was", async () => {
    const user = await createInvitedUser(database.db, { email: `welcome${uniqueId()}@example.com`, role: "support" });
    const { token } = await createOneTimeLink(database.db, { userId: user.id, purpose: "reset", createdByUserId: null }, new Date(Date.now() - 48 * 3600_000));
    expect(await loadWelcome(token)).toEqual({ ok: false, reason: "expired" });
    expect(await loadWelcome("not-a-token")).toEqual({ ok: false, reason: "unknown" });
  });
});

describe("loadTwoFactorSetup", () => {
  test("a member without two-factor: not enrolled, no codes, required by the team", async () => {
    const user = await createInvitedUser(database.db, { email: `setup${uniqueId()}@example.com`, role: "support" });
    expect(await loadTwoFactorSetup(user.id)).toEqual({ enrolled: false, enrolledAt: null, recoveryCodesLeft: 0, requiredByTeam: true });
  });
});
