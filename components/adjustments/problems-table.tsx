import type { ColumnDef } from "@tanstack/react-table";
import { ServerDataTable } from "@/components/ui/server-data-table";
import type { RowProblem } from "@/lib/features/adjustments/types";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { formatCount } from "@/lib/dashboard/format";
import { columnName } from "./format";

/** Problems on one page of the table. */
const PROBLEMS_PAGE_SIZE = 25;

/**
 * The rows that cannot run and why: line, column, message (an i18n key with its parameters). The page gets the
 * first problems of the file (at most 500) and their total; the table shows one page of those (the page is in the
 * URL, `hrefFor` makes the pager's links), drawn on the server, and says how many more there are.
 */
export function ProblemsTable({
  problems,
  total,
  page,
  hrefFor,
  pageSize = PROBLEMS_PAGE_SIZE,
  t,
  locale,
}: {
  problems: readonly RowProblem[];
  total: number;
  /** The page asked for, from 1; past the last it shows the last. */
  page: number;
  hrefFor: (page: number) => string;
  pageSize?: number;
  t: Translate;
  locale: Locale;
}) {
  const pages = Math.max(1, Math.ceil(problems.length / pageSize));
  const shown = Math.min(Math.max(1, page), pages);
  const rows = problems.slice((shown - 1) * pageSize, shown * pageSize);
  const columns: ColumnDef<RowProblem, unknown>[] = [
    {
      id: "line",
      header: t("adjustments.page.problems.line"),
      meta: { className: "tabular-nums whitespace-nowrap" },
      cell: ({ row }) => formatCount(row.original.line, locale),
    },
    { id: "column", header: t("adjustments.page.problems.column"), cell: ({ row }) => columnName(row.original.column, t) },
    { id: "message", header: t("adjustments.page.problems.message"), cell: ({ row }) => t(row.original.message, row.original.params) },
  ];
  const more = total - problems.length;
  return (
    <div className="space-y-2">
      <ServerDataTable
        columns={columns}
        data={rows}
        getRowId={(problem, index) => `${problem.line}-${problem.column ?? "row"}-${problem.code}-${index}`}
        caption={t("adjustments.page.problems.caption", { count: formatCount(total, locale) })}
        empty={t("adjustments.page.problems.empty")}
        rowProps={(problem) => ({ "data-testid": "problem-row", "data-line": problem.line })}
        pager={{ page: shown, pages, hrefFor, label: t("adjustments.page.problems.pages"), total: problems.length }}
        testId="adjustment-problems"
        t={t}
        locale={locale}
      />
      {more > 0 ? (
        <p className="text-sm text-muted" data-testid="problems-more">
          {t("adjustments.page.problems.more", { count: formatCount(more, locale) })}
        </p>
      ) : null}
    </div>
  );
}
