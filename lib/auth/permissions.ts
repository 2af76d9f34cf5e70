/**
 * Who may do what: the one table the server (every server action and route
 * handler) and the UI (disabled controls with an explanation) both read.
 */
export const ROLES = ["owner", "lead", "support"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "contacts.read",
  "contacts.export",
  "lists.read",
  "lists.design",
  "lists.delete",
  "lists.records.write",
  "accounts.read",
  "accounts.open",
  "accounts.top_up",
  "accounts.debit",
  "accounts.delete",
  "activity.read",
  "activity.read_all",
  "team.manage",
  "settings.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ["contacts.read", "contacts.export", "lists.read", "accounts.read", "activity.read"];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  lead: [...READ, "lists.design", "lists.delete", "lists.records.write"],
  support: [...READ, "accounts.open", "accounts.top_up", "accounts.debit", "accounts.delete"],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

/** The roles that hold a permission, for explanations such as "owners and leads can design lists". */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => can(role, permission));
}
