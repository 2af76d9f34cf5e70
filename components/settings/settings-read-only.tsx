import { permissionsOf, type Role } from "@/lib/auth/permissions";
import type { Translate } from "@/lib/i18n/translate";
import { Card } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { PermissionNote } from "@/components/shell/permission-note";

/** Settings for a role that manages neither the team nor the settings: who does, and what this role may do. */
export function SettingsReadOnly({ role, t }: { role: Role; t: Translate }) {
  return (
    <div className="space-y-6">
      <Alert tone="info" title={t("settings.owner_only")}>
        <PermissionNote permission="settings.manage" role={role} t={t} allowedText="" />
      </Alert>
      <Card title={t("access.title")} titleId="access-title">
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="role-permissions">
          {permissionsOf(role).map((permission) => (
            <li key={permission}>{t(`perm.${permission}`)}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
