import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { can, permissionsOf } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { CacheEntry, CacheTtlMs, defaultBaseUrl, describeConnection } from "@/lib/api";
import { loadMe } from "@/lib/dashboard/load-me";
import { freshnessOf } from "@/lib/dashboard/freshness";
import { CacheStamp } from "@/components/shell/cache-stamp";
import { listUsers } from "@/lib/auth/users";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { getTranslator } from "@/lib/i18n/server";
import { Card, PageHeader } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import type { TeamMember } from "@/components/settings/team-section";
import { LazyConnectionForm, LazyTeamSection } from "@/components/settings/lazy-sections";
import { PermissionNote } from "@/components/shell/permission-note";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("settings.title") };
}

export default async function SettingsPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslator()]);
  const db = await getDb();

  if (!can(user.role, "team.manage") && !can(user.role, "settings.manage")) {
    // Reflected, not hidden: the page says who manages settings and what this role can do.
    return (
      <>
        <PageHeader title={t("settings.title")} />
        <div className="space-y-6">
          <Alert tone="info" title={t("settings.owner_only")}>
            <PermissionNote permission="settings.manage" role={user.role} t={t} allowedText="" />
          </Alert>
          <Card title={t("access.title")} titleId="access-title">
            <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="role-permissions">
              {permissionsOf(user.role).map((permission) => (
                <li key={permission}>{t(`perm.${permission}`)}</li>
              ))}
            </ul>
          </Card>
        </div>
      </>
    );
  }

  const [members, connection, status] = await Promise.all([listUsers(db), describeConnection(db), loadFromPlatform((api) => loadMe(api))]);
  const team: TeamMember[] = members.map(({ id, email, name, role, passwordSet, twoFactorOn }) => ({
    id,
    email,
    name,
    role: role as TeamMember["role"],
    invited: !passwordSet,
    twoFactorOn,
  }));
  const envVariables = [connection.baseUrlSource === "env" ? "PLATFORM_BASE_URL" : null, connection.keySource === "env" ? "PLATFORM_API_KEY" : null].filter(
    Boolean,
  );

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
            <div data-testid="connection-status">
              {status.ok && !status.data.stale ? (
                <>
                  <Alert tone="success">
                    {t("connection.status_ok", {
                      name: status.data.value.name ?? "",
                      email: status.data.value.email ?? "",
                      plan: status.data.value.plan ?? "",
                    })}
                  </Alert>
                  <CacheStamp freshness={freshnessOf([{ name: CacheEntry.me, fetchedAt: status.data.fetchedAt }])!} minutes={CacheTtlMs.me / 60_000} />
                </>
              ) : (
                <Alert tone="warning">
                  {t("connection.status_failed", { message: status.ok ? t("platform.unavailable", { seconds: 1 }) : status.error.message })}
                </Alert>
              )}
            </div>
            {envVariables.length ? <Alert tone="info">{t("connection.source_env", { name: envVariables.join(", ") })}</Alert> : null}
            <LazyConnectionForm
              baseUrl={connection.baseUrlSource === "stored" ? connection.baseUrl : ""}
              defaultUrl={defaultBaseUrl()}
              keyLast4={connection.keyLast4}
              locked={envVariables.length > 0}
            />
          </div>
        </Card>
      </div>
    </>
  );
}
