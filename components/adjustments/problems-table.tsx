"use client";

import { useMemo, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { useI18n } from "@/components/shell/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import type { RowProblem } from "@/lib/features/adjustments/types";
import { formatCount } from "@/lib/dashboard/format";
import { columnName } from "./format";

const PROBLEMS_PAGE_SIZE = 25;

/**
 * The rows that cannot run and why: line, column, message (an i18n key with its parameters). The page gets the
 * first problems of the file (at most 500) and their total; this pages through those here and says how many
 * more there are.
 */
export function ProblemsTable({ problems, total, pageSize = PROBLEMS_PAGE_SIZE }: { problems: readonly RowProblem[]; total: number; pageSize?: number }) {
  const { t, locale } = useI18n();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(problems.length / pageSize));
  const shown = Math.min(page, pages);
  const rows = useMemo(() => problems.slice((shown - 1) * pageSize, shown * pageSize), [problems, shown, pageSize]);
  const columns = useMemo<ColumnDef<RowProblem, unknown>[]>(
    () => [
      {
        id: "line",
        header: t("adjustments.page.problems.line"),
        meta: { className: "tabular-nums whitespace-nowrap" },
        cell: ({ row }) => formatCount(row.original.line, locale),
      },
      { id: "column", header: t("adjustments.page.problems.column"), cell: ({ row }) => columnName(row.original.column, t) },
      { id: "message", header: t("adjustments.page.problems.message"), cell: ({ row }) => t(row.original.message, row.original.params) },
    ],
    [t, locale],
  );
  const more = total - problems.length;
  return (
    <div className="space-y-2">
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(problem, index) => `${problem.line}-${problem.column ?? "row"}-${problem.code}-${index}`}
        caption={t("adjustments.page.problems.caption", { count: formatCount(total, locale) })}
        empty={t("adjustments.page.problems.empty")}
        rowProps={(problem) => ({ "data-testid": "problem-row", "data-line": problem.line })}
        pager={{ page: shown, pages, onPage: setPage, label: t("adjustments.page.problems.pages"), total: problems.length }}
        testId="adjustment-problems"
      />
      {more > 0 ? (
        <p className="text-sm text-muted" data-testid="problems-more">
          {t("adjustments.page.problems.more", { count: formatCount(more, locale) })}
        </p>
      ) : null}
    </div>
  );
}
