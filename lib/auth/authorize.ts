import { rolesWith, type Permission, type Role } from "./permissions";
import type { Translate } from "@/lib/i18n/translate";

/** "Requires the role owner or lead. Your role: support." */
export function permissionExplanation(permission: Permission, role: Role, t: Translate): string {
  const roles = rolesWith(permission)
    .map((r) => t(`role.${r}`))
    .join(t("role.or"));
  return t("permission.requires", { roles, role: t(`role.${role}`) });
}
