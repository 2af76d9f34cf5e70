import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { mayAdjustBalances } from "@/lib/features/adjustments/permissions";
import { loadBatchListPage } from "@/lib/features/adjustments/load-batch";
import { parsePage } from "@/lib/dashboard/format";
import { getTranslator } from "@/lib/i18n/server";
import { PageHeader, Card } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button";
import { PermissionNote } from "@/components/shell/permission-note";
import { BatchList } from "@/components/adjustments/batch-list";
import { UploadPanel } from "@/components/adjustments/upload-panel";
import { FileColumns } from "@/components/adjustments/file-columns";
import { UPLOAD_ANCHOR } from "@/components/adjustments/format";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("adjustments.page.title") };
}

/** Bulk adjustments: upload a file to start a batch; the batches, newest first. */
export default async function AdjustmentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, raw] = await Promise.all([requireUser(), getTranslator(), searchParams]);
  if (!mayAdjustBalances(user.role)) {
    return (
      <>
        <PageHeader title={t("adjustments.page.title")} />
        <PermissionNote permission="accounts.debit" role={user.role} t={t} allowedText="" />
      </>
    );
  }
  const { items, page, pages } = await loadBatchListPage(parsePage(raw.page));
  // The batches first (the work); starting a new one is the header's button, which leads to the upload below them.
  return (
    <>
      <PageHeader title={t("adjustments.page.title")}>
        <a href={`#${UPLOAD_ANCHOR}`} className={buttonClass("primary")}>
          {t("adjustments.page.upload.jump")}
        </a>
      </PageHeader>
      <div className="space-y-6">
        <p className="-mt-4 text-sm text-muted">{t("adjustments.page.description")}</p>
        <BatchList batches={items} page={page} pages={pages} />
        <Card title={t("adjustments.page.upload.title")} titleId={UPLOAD_ANCHOR}>
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="min-w-0 space-y-3">
              <UploadPanel />
              <p className="text-sm text-muted">{t("adjustments.page.sample.hint")}</p>
            </div>
            {/* Open while there is no batch yet; once there are, the batches come first and the columns are one click away. */}
            <details className="min-w-0 rounded-lg border border-border p-3" open={items.length === 0} data-testid="adjustment-columns-details">
              <summary className="cursor-pointer font-medium">{t("adjustments.page.columns.title")}</summary>
              <FileColumns t={t} />
            </details>
          </div>
        </Card>
      </div>
    </>
  );
}
