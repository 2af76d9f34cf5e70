import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { loadSecurityLogParams } from "@/lib/features/settings/security-log-params";
import { loadSecurityLog } from "@/lib/features/settings/load-security-log";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { Card, PageHeader } from "@/components/ui/card";
import { PermissionNote } from "@/components/shell/permission-note";
import { SecurityLogTable } from "@/components/settings/security-log-table";
import { SecurityLogFilters } from "@/components/settings/security-log-filters";
import { SecurityLogExport } from "@/components/settings/security-log-export";
import { LazySecurityRulesForm } from "@/components/settings/lazy-sections";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("security.title") };
}

/**
 * The security log (owners): sign-ins and their failures, sessions ended, members invited, re-roled and removed,
 * newest first, filtered by kind and member in the URL, paged on the server and exportable as CSV.
 */
export default async function SecurityLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, locale, timeZone, raw] = await Promise.all([requireUser(), getTranslator(), getLocale(), getTimeZone(), searchParams]);
  if (!can(user.role, "team.manage")) {
    return (
      <>
        <PageHeader title={t("security.title")} />
        <PermissionNote permission="team.manage" role={user.role} t={t} allowedText="" />
      </>
    );
  }
  const params = loadSecurityLogParams(raw);
  const { rules, rows, total, page, pages, members, values, exportHrefs } = await loadSecurityLog(params, t, locale, timeZone);
  return (
    <>
      <PageHeader title={t("security.title")}>
        <span data-testid="security-total">{t("security.total", { count: total })}</span>
      </PageHeader>
      <div className="space-y-4">
        <p className="text-sm text-muted">{t("security.description")}</p>
        <SecurityLogFilters values={values} params={params} members={members} actions={<SecurityLogExport hrefs={exportHrefs} t={t} />} t={t} />
        <SecurityLogTable rows={rows} params={params} page={page} pages={pages} />
        {/* The rules change rarely: below the log they guard, which is what an owner comes here to read. */}
        <Card title={t("security_rules.title")} description={t("security_rules.description")} titleId="security-rules-title" className="mt-8">
          <LazySecurityRulesForm initial={rules} />
        </Card>
      </div>
    </>
  );
}
