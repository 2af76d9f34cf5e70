import type { Permission, Role } from "@/lib/auth/permissions";
import { can } from "@/lib/auth/permissions";
import { permissionExplanation } from "@/lib/auth/authorize";
import type { Translate } from "@/lib/i18n/translate";

/** Says what the viewer may do here, and when not, which role may. */
export function PermissionNote({ permission, role, t, allowedText }: { permission: Permission; role: Role; t: Translate; allowedText: string }) {
  const allowed = can(role, permission);
  return (
    <p className="text-sm text-muted" data-permission={permission} data-allowed={allowed}>
      {allowed ? allowedText : permissionExplanation(permission, role, t)}
    </p>
  );
}
