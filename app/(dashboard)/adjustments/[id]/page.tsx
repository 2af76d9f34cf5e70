import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { mayAdjustBalances } from "@/lib/features/adjustments/permissions";
import { loadBatchPage } from "@/lib/features/adjustments/load-batch";
import { loadBatchPageParams, batchProblemsHref } from "@/lib/features/adjustments/batch-page-params";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/card";
import { PermissionNote } from "@/components/shell/permission-note";
import { BatchPage } from "@/components/adjustments/batch-page";
import { batchHref } from "@/components/adjustments/format";
import { DryRunSummary } from "@/components/adjustments/dry-run-summary";
import { ProblemsTable } from "@/components/adjustments/problems-table";
import { TotalsTable } from "@/components/adjustments/totals-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("adjustments.page.title") };
}

/** One batch: its columns, problems (a page of them, `?problems=2`), totals, dry run, confirmation, progress and result. */
export default async function AdjustmentBatchPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t, locale, timeZone, { id }, raw] = await Promise.all([requireUser(), getTranslator(), getLocale(), getTimeZone(), params, searchParams]);
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
  const { problems, dryRun, ...view } = loaded.view;
  const page = loadBatchPageParams(raw);
  const path = batchHref(view.summary.id);
  const tables = {
    problems:
      problems.total > 0 ? (
        <ProblemsTable
          problems={problems.items}
          total={problems.total}
          page={page.problems}
          hrefFor={(to) => batchProblemsHref(path, to)}
          t={t}
          locale={locale}
        />
      ) : null,
    totals: <TotalsTable totals={view.summary.totals} t={t} locale={locale} />,
    dryRun: dryRun ? <DryRunSummary dryRun={dryRun} t={t} locale={locale} timeZone={timeZone} /> : null,
  };
  return (
    <>
      <PageHeader title={view.summary.fileName}>
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          <Link href="/adjustments" className="underline">
            {t("adjustments.page.back")}
          </Link>
          {can(user.role, "activity.read") ? (
            <Link href={`/activity?batch=${view.summary.id}`} className="underline">
              {t("adjustments.page.activity")}
            </Link>
          ) : null}
        </span>
      </PageHeader>
      <BatchPage view={view} totals={loaded.totals} resultHref={`/api/dashboard/adjustments/${view.summary.id}/result`} tables={tables} />
    </>
  );
}
