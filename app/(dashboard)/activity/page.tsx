import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { getTranslator } from "@/lib/i18n/server";
import { listAuditEntries, listAuditUsers } from "@/lib/features/ledger/audit";
import { findContactNames } from "@/lib/features/contacts/contact-names";
import { activityExportHref, loadActivitySearchParams, pageOf, toAuditFilters } from "@/lib/features/ledger/activity-filters";
import { PageHeader } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button";
import { PermissionNote } from "@/components/shell/permission-note";
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
  const db = await getDb();
  const viewer = { id: user.id, role: user.role };
  const [result, users, contactNames] = await Promise.all([
    listAuditEntries(db, viewer, toAuditFilters(params), pageOf(params)),
    listAuditUsers(db, viewer),
    findContactNames(db, params.contact ? [params.contact] : []),
  ]);
  const exportHref = (bom: boolean) => activityExportHref(params, bom);
  const filtered = Boolean(params.user || params.contact || params.kind || params.from || params.to || params.batch);

  return (
    <>
      <PageHeader title={t("activity.title")}>
        <span data-testid="activity-total">{t("audit.total", { count: result.total })}</span>
      </PageHeader>
      <div className="space-y-4">
        <p className="text-sm text-muted">{t("activity.description")}</p>
        <div data-testid="activity-scope">
          <PermissionNote permission="activity.read_all" role={user.role} t={t} allowedText={t("audit.scope_all")} />
          {can(user.role, "activity.read_all") ? null : <p className="text-sm text-muted">{t("audit.scope_own")}</p>}
        </div>
        <ActivityFilters
          t={t}
          users={users}
          contactName={params.contact ? (contactNames.get(params.contact) ?? null) : null}
          values={{
            user: params.user ? String(params.user) : "",
            contact: params.contact ? String(params.contact) : "",
            kind: params.kind ?? "",
            from: params.from ? params.from.toISOString().slice(0, 10) : "",
            to: params.to ? params.to.toISOString().slice(0, 10) : "",
          }}
        />
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass("secondary")} href={exportHref(false)} download data-testid="activity-export">
            {t("audit.export")}
          </a>
          <a className={buttonClass("ghost")} href={exportHref(true)} download>
            {t("audit.export_excel")}
          </a>
        </div>
        <ActivityTable
          entries={result.items}
          caption={t("audit.caption", { page: result.page })}
          params={params}
          page={result.page}
          pages={result.pages}
          empty={
            <span data-testid="activity-empty">
              {filtered ? (
                <>
                  {t("audit.empty_filtered")}{" "}
                  <Link className="underline" href="/activity">
                    {t("audit.clear")}
                  </Link>
                </>
              ) : (
                t("activity.empty")
              )}
            </span>
          }
        />
      </div>
    </>
  );
}
