import { describe, expect, test } from "vitest";
import { can, PERMISSIONS, permissionsOf, ROLES, rolesWith, type Permission, type Role } from "./permissions";
import { permissionExplanation } from "./authorize";
import { translator } from "@/lib/i18n/translate";

/** The role rules, written out independently of the table they check. */
const EXPECTED: Record<Permission, Role[]> = {
  "contacts.read": ["owner", "lead", "support"],
  "contacts.export": ["owner", "lead", "support"],
  "lists.read": ["owner", "lead", "support"],
  "lists.design": ["owner", "lead"],
  "lists.delete": ["owner", "lead"],
  "lists.records.write": ["owner", "lead"],
  "accounts.read": ["owner", "lead", "support"],
  "accounts.open": ["owner", "support"],
  "accounts.top_up": ["owner", "support"],
  "accounts.debit": ["owner", "support"],
  "accounts.delete": ["owner", "support"],
  "activity.read": ["owner", "lead", "support"],
  "activity.read_all": ["owner"],
  "team.manage": ["owner"],
  "settings.manage": ["owner"],
};

describe("permission table", () => {
  test("every permission has an expectation (the table and the rules list the same actions)", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PERMISSIONS].sort());
  });

  test.each(ROLES.flatMap((role) => PERMISSIONS.map((permission) => [role, permission] as const)))("%s → %s", (role, permission) => {
    expect(can(role, permission)).toBe(EXPECTED[permission].includes(role));
  });

  test("owner holds every permission; lead cannot touch balances; support cannot design lists", () => {
    expect(permissionsOf("owner").sort()).toEqual([...PERMISSIONS].sort());
    expect(permissionsOf("lead").filter((p) => p.startsWith("accounts.") && p !== "accounts.read")).toEqual([]);
    expect(permissionsOf("support").filter((p) => p.startsWith("lists.") && p !== "lists.read")).toEqual([]);
  });

  test("explanations name the roles that may, in both languages", () => {
    expect(rolesWith("lists.design")).toEqual(["owner", "lead"]);
    expect(permissionExplanation("lists.design", "support", translator("en"))).toBe("Requires the role owner or lead. Your role: support.");
    expect(permissionExplanation("team.manage", "lead", translator("ru"))).toBe("Нужна роль владелец. Ваша роль: руководитель.");
  });
});
