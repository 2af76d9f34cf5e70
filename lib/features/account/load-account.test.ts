import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createUser, type DashboardUser } from "@/lib/auth/users";
import { startSession } from "@/lib/auth/sessions";
import { saveSecuritySettings } from "@/lib/auth/security-settings";
import { translator } from "@/lib/i18n/translate";
import { loadAccount } from "./load-account";

/** The account page's data from real sessions: the viewer's own, the team's for an owner, and their two-factor. */
const database = useTestDatabase();
const en = translator("en");
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36";

let owner: DashboardUser;
let member: DashboardUser;
let current: string;
let other: string;
let members: string;

beforeAll(async () => {
  // The loader opens the process-wide database: this file's.
  processBridge().database = Promise.resolve(database);
  const create = async (role: "owner" | "support", name: string) =>
    (await createUser(database.db, { email: `account${uniqueId()}@example.com`, role, name, password: "a-password-for-the-test" })).user;
  [owner, member] = [await create("owner", "Olga"), await create("support", "Sam")];
  const start = (user: DashboardUser, userAgent: string) =>
    startSession(database.db, { userId: user.id, sessionVersion: user.sessionVersion, address: "203.0.113.7", userAgent });
  other = await start(owner, "");
  current = await start(owner, CHROME);
  members = await start(member, CHROME);
  await saveSecuritySettings(database.db, { requireTwoFactor: true, stepUpThresholds: {} }, owner.id);
});

afterAll(() => {
  delete processBridge().database;
});

describe("loadAccount", () => {
  test("an owner's page: their sessions with this browser's marked, the team's named by member, two-factor off but required", async () => {
    const view = await loadAccount({ id: owner.id, sessionId: current }, true, en, "en", "UTC");
    expect(view.own.map(({ id, device, address, current }) => ({ id, device, address, current }))).toEqual(
      expect.arrayContaining([
        { id: current, device: "Chrome on Linux x86_64", address: "203.0.113.7", current: true },
        { id: other, device: "Unknown device", address: "203.0.113.7", current: false },
      ]),
    );
    expect(view.own).toHaveLength(2);
    expect(view.own[0].signedIn).toMatch(/ UTC$/);
    expect(view.team.total).toBe(1);
    expect(view.team.rows).toEqual([expect.objectContaining({ id: members, current: false, member: { id: member.id, label: `Sam (${member.email})` } })]);
    expect(view.twoFactor).toEqual({ enrolled: false, enrolledAt: null, recoveryCodesLeft: 0, requiredByTeam: true });
  });

  test("without the team: no team sessions read", async () => {
    const view = await loadAccount({ id: member.id, sessionId: members }, false, en, "en", "UTC");
    expect(view.own).toEqual([expect.objectContaining({ id: members, current: true })]);
    expect(view.team).toEqual({ rows: [], total: 0 });
  });
});
