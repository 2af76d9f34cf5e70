import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { createUser, type DashboardUser } from "@/lib/auth/users";
import { recordSecurityEvent } from "@/lib/auth/security-events";
import { saveSecuritySettings } from "@/lib/auth/security-settings";
import { translator } from "@/lib/i18n/translate";
import { loadSecurityLogParams } from "./security-log-params";
import { loadSecurityLog } from "./load-security-log";

/** The security log's page from the real log: events in words, pages counted, the rules in major units, the form around it. */
const database = useTestDatabase();
const en = translator("en");
const origin = { address: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36" };

let owner: DashboardUser;
let member: DashboardUser;
let busy: DashboardUser;

beforeAll(async () => {
  // The loader opens the process-wide database: this file's.
  processBridge().database = Promise.resolve(database);
  const create = async (role: "owner" | "support", name: string) =>
    (await createUser(database.db, { email: `log${uniqueId()}@example.com`, role, name, password: "a-password-for-the-test" })).user;
  [owner, member, busy] = [await create("owner", "Olga"), await create("support", ""), await create("support", "Busy")];
  const person = (user: DashboardUser) => ({ id: user.id, email: user.email });
  await recordSecurityEvent(database.db, { kind: "sign_in", actor: person(member), subject: person(member), origin });
  await recordSecurityEvent(database.db, {
    kind: "role_changed",
    actor: person(owner),
    subject: person(member),
    origin,
    detail: { from: "support", to: "lead" },
  });
  // One more than a page of the log (50) about one member.
  for (let i = 0; i < 51; i++)
    await recordSecurityEvent(database.db, { kind: "sign_in_failed", subject: person(busy), origin: { address: "198.51.100.1", userAgent: "" } });
  await saveSecuritySettings(database.db, { requireTwoFactor: true, stepUpThresholds: { RUB: 100000n, JPY: 5000n } }, owner.id);
});

afterAll(() => {
  delete processBridge().database;
});

describe("loadSecurityLog", () => {
  test("a member's events, newest first, in words: the kind, the roles of a change, the device; the form's values and the export's links", async () => {
    const view = await loadSecurityLog(loadSecurityLogParams(`?user=${member.id}`), en, "en", "UTC");
    expect(view).toMatchObject({ total: 2, page: 1, pages: 1, values: { kind: "", user: String(member.id) } });
    expect(view.rows.map(({ id: _id, when: _when, ...row }) => row)).toEqual([
      {
        event: "Role changed",
        kind: "role_changed",
        actor: owner.email,
        subject: member.email,
        address: "203.0.113.7",
        device: "Chrome on Linux x86_64",
        detail: "support → lead",
      },
      { event: "Signed in", kind: "sign_in", actor: member.email, subject: member.email, address: "203.0.113.7", device: "Chrome on Linux x86_64", detail: "" },
    ]);
    expect(view.rows[0].id).toBeGreaterThan(view.rows[1].id);
    expect(view.rows[0].when).toMatch(/ UTC$/);
    expect(view.exportHrefs).toEqual({
      csv: `/api/dashboard/security-events/export?user=${member.id}`,
      excel: `/api/dashboard/security-events/export?user=${member.id}&bom=1`,
    });
  });

  test("times in the viewer's zone and language", async () => {
    const [utc, moscow] = await Promise.all([
      loadSecurityLog(loadSecurityLogParams(`?user=${member.id}&kind=sign_in`), en, "en", "UTC"),
      loadSecurityLog(loadSecurityLogParams(`?user=${member.id}&kind=sign_in`), translator("ru"), "ru", "Europe/Moscow"),
    ]);
    expect(moscow.rows).toHaveLength(1);
    expect(moscow.rows[0]).toMatchObject({ event: "Вход", when: expect.stringMatching(/ GMT\+3$/) });
    expect(utc.rows[0]).toMatchObject({ event: "Signed in", when: expect.stringMatching(/ UTC$/) });
  });

  test("paged on the server: 51 events are two pages, the second holding one", async () => {
    const first = await loadSecurityLog(loadSecurityLogParams(`?user=${busy.id}`), en, "en", "UTC");
    expect(first).toMatchObject({ total: 51, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({ event: "Sign-in failed", actor: "", subject: busy.email, device: "Unknown device" });
    const second = await loadSecurityLog(loadSecurityLogParams(`?user=${busy.id}&page=2`), en, "en", "UTC");
    expect(second).toMatchObject({ total: 51, page: 2, pages: 2 });
    expect(second.rows).toHaveLength(1);
  });

  test("no event matching is still one page", async () => {
    const view = await loadSecurityLog(loadSecurityLogParams(`?user=${owner.id}&kind=step_up`), en, "en", "UTC");
    expect(view).toMatchObject({ rows: [], total: 0, page: 1, pages: 1, values: { kind: "step_up", user: String(owner.id) } });
  });

  test("the rules in major units, and every member named for the filter", async () => {
    const view = await loadSecurityLog(loadSecurityLogParams(""), en, "en", "UTC");
    expect(view.rules.requireTwoFactor).toBe(true);
    expect(view.rules.thresholds).toEqual(
      expect.arrayContaining([
        { currency: "RUB", amount: "1000.00" },
        { currency: "JPY", amount: "5000" },
      ]),
    );
    expect(view.rules.thresholds).toHaveLength(2);
    expect(view.members).toEqual(
      expect.arrayContaining([
        { id: owner.id, label: `Olga (${owner.email})` },
        { id: member.id, label: member.email },
        { id: busy.id, label: `Busy (${busy.email})` },
      ]),
    );
    expect(view.values).toEqual({ kind: "", user: "" });
    expect(view.exportHrefs).toEqual({ csv: "/api/dashboard/security-events/export", excel: "/api/dashboard/security-events/export?bom=1" });
  });
});
