import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { loadSettings } from "@/lib/features/settings/load-settings";
import { getTranslator } from "@/lib/i18n/server";
import { Card, PageHeader } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { LazyConnectionForm, LazyTeamSection } from "@/components/settings/lazy-sections";
import { ConnectionStatus } from "@/components/settings/connection-status";
import { SettingsReadOnly } from "@/components/settings/settings-read-only";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("settings.title") };
}

export default async function SettingsPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslator()]);

  if (!can(user.role, "team.manage") && !can(user.role, "settings.manage")) {
    // Reflected, not hidden: the page says who manages settings and what this role can do.
    return (
      <>
        <PageHeader title={t("settings.title")} />
        <SettingsReadOnly role={user.role} t={t} />
      </>
    );
  }

  const { team, status, envVariables, connectionForm } = await loadSettings(t);

  return (
    <>
      <PageHeader title={t("settings.title")}>
        {can(user.role, "team.manage") ? (
          <Link href="/settings/security" className="text-primary underline underline-offset-2">
            {t("security.link")}
          </Link>
        ) : null}
      </PageHeader>
      <div className="space-y-6">
        <Card title={t("team.title")} description={t("team.description")} titleId="team-title">
          <LazyTeamSection members={team} viewerId={user.id} />
        </Card>
        <Card title={t("connection.title")} description={t("connection.description")} titleId="connection-title">
          <div className="space-y-4">
            <ConnectionStatus status={status} />
            {envVariables.length ? <Alert tone="info">{t("connection.source_env", { name: envVariables.join(", ") })}</Alert> : null}
            <LazyConnectionForm
              baseUrl={connectionForm.baseUrl}
              defaultUrl={connectionForm.defaultUrl}
              keyLast4={connectionForm.keyLast4}
              locked={connectionForm.locked}
            />
          </div>
        </Card>
      </div>
    </>
  );
}
