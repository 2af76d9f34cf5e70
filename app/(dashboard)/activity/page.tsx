import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { getTranslator } from "@/lib/i18n/server";
import { loadActivitySearchParams } from "@/lib/features/ledger/activity-filters";
import { loadActivity } from "@/lib/features/ledger/load-activity";
import { PageHeader } from "@/components/ui/card";
import { PermissionNote } from "@/components/shell/permission-note";
import { ActivityEmpty } from "@/components/ledger/activity-empty";
import { ActivityExport } from "@/components/ledger/activity-export";
import { ActivityFilters } from "@/components/ledger/activity-filters";
import { ActivityTable } from "@/components/ledger/activity-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("activity.title") };
}

/**
 * The audit trail of balance operations: filters, page and export in the URL,
 * paged on the server; what a member sees follows the permission table
 * (activity.read_all: everyone's; activity.read: their own and their contacts').
 */
export default async function ActivityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, raw] = await Promise.all([requireUser(), getTranslator(), searchParams]);
  if (!can(user.role, "activity.read")) {
    return (
      <>
        <PageHeader title={t("activity.title")} />
        <PermissionNote permission="activity.read" role={user.role} t={t} allowedText="" />
      </>
    );
  }
  const params = loadActivitySearchParams(raw);
  const { result, users, contactName, values, filtered, exportHrefs } = await loadActivity(user, params);

  return (
    <>
      <PageHeader title={t("activity.title")}>
        <span data-testid="activity-total">{t("audit.total", { count: result.total })}</span>
      </PageHeader>
      <div className="space-y-4">
        <div className="space-y-1 text-sm text-muted" data-testid="activity-scope">
          <p>{t("activity.description")}</p>
          <PermissionNote permission="activity.read_all" role={user.role} t={t} allowedText={t("audit.scope_all")} />
          {can(user.role, "activity.read_all") ? null : <p>{t("audit.scope_own")}</p>}
        </div>
        <ActivityFilters t={t} users={users} contactName={contactName} values={values} params={params} actions={<ActivityExport hrefs={exportHrefs} t={t} />} />
        <ActivityTable
          entries={result.items}
          caption={t("audit.caption", { page: result.page })}
          params={params}
          page={result.page}
          pages={result.pages}
          empty={<ActivityEmpty filtered={filtered} role={user.role} t={t} />}
        />
      </div>
    </>
  );
}
