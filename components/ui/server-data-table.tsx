import type { ReactNode } from "react";
import { createTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { cn } from "./cn";
import { DataTableView, serverRowsOptions, type RowAttributes } from "./data-table-view";
import { PagerView, type PagerProps } from "./pager-view";

/**
 * A table that only shows (no chooser, selection, rows that open or client paging), drawn on the server by the same
 * engine and markup as DataTable: the column definitions run here, so the page ships none of the table's code.
 * Sorting and paging, when the server does them, are by links (`sortHref`, the pager's `hrefFor`).
 */
export function ServerDataTable<TData>({
  columns,
  data,
  getRowId,
  caption,
  t,
  locale,
  sorting = [],
  sortHref,
  pager,
  empty,
  rowProps,
  testId,
  className,
  scrollClassName,
}: {
  columns: ColumnDef<TData, unknown>[];
  data: TData[];
  getRowId: (row: TData, index: number) => string;
  /** Names the table (for screen readers) and its scroll box. */
  caption: string;
  t: Translate;
  locale: Locale;
  /** The order the rows come in, marked on the headers (aria-sort). */
  sorting?: SortingState;
  /** A sortable header's link: the address of that column's order. */
  sortHref?: (columnId: string, desc: boolean) => string;
  /** Server paging by links: the one Pager under the table. */
  pager?: Extract<PagerProps, { hrefFor: unknown }>;
  empty?: ReactNode;
  rowProps?: (row: TData, index: number) => RowAttributes;
  testId?: string;
  className?: string;
  scrollClassName?: string;
}) {
  const table = createTable<TData>({
    columns,
    data,
    ...serverRowsOptions(getRowId),
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  });
  // One render, one state: the engine's defaults with the server's order.
  table.setOptions((options) => ({ ...options, state: { ...table.initialState, sorting } }));
  return (
    <div className={cn("min-w-0 space-y-3", className)}>
      <DataTableView
        table={table}
        caption={caption}
        sort={sortHref ? { hrefFor: sortHref } : undefined}
        empty={empty ?? t("common.no_rows")}
        testId={testId}
        scrollClassName={scrollClassName}
        rowAttributes={rowProps ? (row, index) => rowProps(row.original, index) : undefined}
      />
      {pager ? <PagerView {...pager} t={t} locale={locale} /> : null}
    </div>
  );
}
