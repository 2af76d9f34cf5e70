"use client";

import { useMemo } from "react";
import { RowLink } from "@/components/ui/row-link";
import type { ColumnDef } from "@tanstack/react-table";
import { useI18n } from "@/components/shell/i18n-provider";
import { buttonClass } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import type { BatchSummaryView } from "@/lib/features/adjustments/views";
import { formatCount, formatTimestamp } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import { batchHref, SAMPLE_HREF, UPLOAD_ANCHOR } from "./format";
import { BatchStatusBadge } from "./status-badge";

const newestFirst = (a: BatchSummaryView, b: BatchSummaryView) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id);

/** The batches, newest first: file (a link to the batch), who, when, status, rows, totals per currency. */
/** `page` of `pages` (server paging by links to `/adjustments?page=N`); one page when not given. */
export function BatchList({ batches, page = 1, pages = 1 }: { batches: readonly BatchSummaryView[]; page?: number; pages?: number }) {
  const { t, locale, timeZone } = useI18n();
  const sorted = useMemo(() => [...batches].sort(newestFirst), [batches]);
  const columns = useMemo<ColumnDef<BatchSummaryView, unknown>[]>(
    () => [
      {
        id: "file",
        header: t("adjustments.page.list.file"),
        cell: ({ row }) => (
          <RowLink href={batchHref(row.original.id)} className="font-medium text-primary underline wrap-anywhere">
            {row.original.fileName}
          </RowLink>
        ),
      },
      { id: "by", header: t("adjustments.page.list.by"), cell: ({ row }) => row.original.createdBy },
      {
        id: "when",
        header: t("adjustments.page.list.when"),
        meta: { className: "whitespace-nowrap" },
        cell: ({ row }) => formatTimestamp(row.original.createdAt, locale, timeZone),
      },
      { id: "status", header: t("adjustments.page.list.status"), cell: ({ row }) => <BatchStatusBadge status={row.original.status} /> },
      {
        id: "rows",
        header: t("adjustments.page.list.rows"),
        meta: { className: "tabular-nums" },
        cell: ({ row }) =>
          row.original.invalid > 0
            ? t("adjustments.page.list.rows_invalid", { rows: formatCount(row.original.rows, locale), invalid: formatCount(row.original.invalid, locale) })
            : formatCount(row.original.rows, locale),
      },
      {
        id: "totals",
        header: t("adjustments.page.list.totals"),
        cell: ({ row }) => (
          <ul className="space-y-0.5 tabular-nums">
            {row.original.totals.map((total) => (
              <li key={total.currency}>
                {t("adjustments.page.list.total_item", {
                  top_up: formatMoney(total.topUps.minor, total.currency, locale),
                  debit: formatMoney(total.debits.minor, total.currency, locale),
                })}
              </li>
            ))}
          </ul>
        ),
      },
    ],
    [t, locale, timeZone],
  );
  return (
    <DataTable
      columns={columns}
      data={sorted}
      getRowId={(batch) => batch.id}
      caption={t("adjustments.page.list.caption")}
      empty={
        <EmptyState message={t("adjustments.page.list.empty")} center testId="batches-empty">
          <a href={`#${UPLOAD_ANCHOR}`} className={buttonClass("primary")}>
            {t("adjustments.page.list.empty_upload")}
          </a>
          <a href={SAMPLE_HREF} download className={buttonClass("secondary")}>
            {t("adjustments.page.list.empty_sample")}
          </a>
        </EmptyState>
      }
      rowProps={(batch) => ({ "data-testid": "batch-row", "data-batch-id": batch.id, "data-status": batch.status })}
      pager={pages > 1 ? { page, pages, hrefFor: (to: number) => `/adjustments?page=${to}` } : undefined}
      testId="adjustment-batches"
    />
  );
}
