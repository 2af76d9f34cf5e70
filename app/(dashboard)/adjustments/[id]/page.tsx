import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { mayAdjustBalances } from "@/lib/features/adjustments/permissions";
import { loadBatchPage } from "@/lib/features/adjustments/load-batch";
import { getTranslator } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/card";
import { PermissionNote } from "@/components/shell/permission-note";
import { BatchPage } from "@/components/adjustments/batch-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("adjustments.page.title") };
}

/** One batch: its columns, problems, totals, dry run, confirmation, progress and result. */
export default async function AdjustmentBatchPage({ params }: { params: Promise<{ id: string }> }) {
  const [user, t, { id }] = await Promise.all([requireUser(), getTranslator(), params]);
  if (!mayAdjustBalances(user.role)) {
    return (
      <>
        <PageHeader title={t("adjustments.page.title")} />
        <PermissionNote permission="accounts.debit" role={user.role} t={t} allowedText="" />
      </>
    );
  }
  const loaded = await loadBatchPage(id);
  if (!loaded) notFound();
  return (
    <>
      <PageHeader title={loaded.view.summary.fileName}>
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          <Link href="/adjustments" className="underline">
            {t("adjustments.page.back")}
          </Link>
          {can(user.role, "activity.read") ? (
            <Link href={`/activity?batch=${loaded.view.summary.id}`} className="underline">
              {t("adjustments.page.activity")}
            </Link>
          ) : null}
        </span>
      </PageHeader>
      <BatchPage view={loaded.view} totals={loaded.totals} resultHref={`/api/dashboard/adjustments/${loaded.view.summary.id}/result`} />
    </>
  );
}
