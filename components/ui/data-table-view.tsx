import type { ComponentProps, HTMLAttributes, ReactNode } from "react";
import { RowLink } from "./row-link";
import { flexRender, getCoreRowModel, type Column, type Row, type RowData, type Table as TableInstance, type TableOptions } from "@tanstack/react-table";
import { cn } from "./cn";
import { Skeleton } from "./skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "./table";

declare module "@tanstack/react-table" {
  // The names must match TanStack's declaration, which takes both type parameters.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's cells: "text-right tabular-nums" for amounts, "whitespace-nowrap" for times. */
    className?: string;
    /** Classes for the column's header cell. */
    headerClassName?: string;
    /** The column's name as text where `header` renders more than text (the card layout, the column chooser). */
    label?: string;
  }
}

/**
 * Server sorting from the headers: each column with `enableSorting: true` gets a button (`onSort`) or a
 * link (`hrefFor`) in its header that asks for that column, the other direction when it already sorts.
 */
export type SortControl = { onSort: (columnId: string, desc: boolean) => void } | { hrefFor: (columnId: string, desc: boolean) => string };

/** Attributes for one row: a data-testid, data-* values, a class. */
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [key: `data-${string}`]: string | number | boolean | null | undefined };

const SKELETON_ROWS = 3;

/** A column of amounts or counts: right-aligned figures of one width, on one line. */
export const NUMBER_COLUMN = { className: "whitespace-nowrap text-right tabular-nums", headerClassName: "text-right" } as const;

/**
 * The engine's options every table here shares: the server pages and sorts (the rows come as they are shown), one
 * column at a time, and a sorted column's header asks for the other direction (never "unsorted").
 */
export function serverRowsOptions<TData>(getRowId: (row: TData, index: number) => string) {
  return {
    getRowId: (row: TData, index: number) => getRowId(row, index),
    getCoreRowModel: getCoreRowModel<TData>(),
    manualPagination: true,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
  } satisfies Partial<TableOptions<TData>>;
}

/** A column's name as text: its header when that is a string, else `meta.label`. */
export function labelOf<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === "string" ? header : (column.columnDef.meta?.label ?? "");
}

/**
 * A sortable header's control: the header's own content and an arrow for the current direction
 * (aria-hidden: the header cell's aria-sort says it). Asks for the engine's next order of the column: the other
 * direction when it sorts, else its first one (`sortDescFirst`).
 */
function SortHeader<TData>({ column, sort, children }: { column: Column<TData, unknown>; sort: SortControl; children: ReactNode }) {
  const sorted = column.getIsSorted();
  const className = "inline-flex items-center gap-1 rounded hover:underline focus-visible:outline-2 focus-visible:outline-primary";
  const content = (
    <>
      {children}
      <span aria-hidden="true" className="w-3 text-xs">
        {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}
      </span>
    </>
  );
  return "hrefFor" in sort ? (
    <RowLink className={className} href={sort.hrefFor(column.id, column.getNextSortingOrder() === "desc")}>
      {content}
    </RowLink>
  ) : (
    <button type="button" className={cn(className, "font-[inherit]")} onClick={() => column.toggleSorting()}>
      {content}
    </button>
  );
}

/**
 * What a TanStack table instance shows, drawn with `flexRender`: the caption, the sticky header (sort controls,
 * aria-sort), the rows (the same rows become cards on narrow screens, CSS alone: see ./table), placeholder rows while
 * a first page loads and the empty message, in a focusable scroll box of the caption's name (the page never scrolls
 * sideways). Hook-free: the client's DataTable (useReactTable) and the server's ServerDataTable (createTable) share it.
 */
export function DataTableView<TData>({
  table,
  caption,
  sort,
  loading = false,
  empty,
  rowAttributes,
  testId,
  scrollClassName,
}: {
  table: TableInstance<TData>;
  caption: string;
  sort?: SortControl;
  loading?: boolean;
  empty: ReactNode;
  rowAttributes?: (row: Row<TData>, index: number) => ComponentProps<"tr">;
  testId?: string;
  scrollClassName?: string;
}) {
  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      aria-busy={loading || undefined}
      className={cn(
        "max-w-full overflow-auto rounded-lg border border-border bg-surface focus-visible:outline-2 focus-visible:outline-primary",
        scrollClassName,
      )}
    >
      <Table data-testid={testId}>
        <TableCaption>{caption}</TableCaption>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const { column } = header;
                const sorted = column.getIsSorted();
                const content = flexRender(column.columnDef.header, header.getContext());
                return (
                  <TableHead
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                    className={column.columnDef.meta?.headerClassName}
                  >
                    {/* Sorting is the server's: a column offers it when its definition says so (the engine's
                        getCanSort also asks for an accessor, which the server-sorted display columns lack). */}
                    {sort && column.columnDef.enableSorting === true ? (
                      <SortHeader column={column} sort={sort}>
                        {content}
                      </SortHeader>
                    ) : (
                      content
                    )}
                  </TableHead>
                );
              })}
            </tr>
          ))}
        </TableHeader>
        <TableBody className={cn("transition-opacity", loading && rows.length > 0 && "opacity-60")}>
          {rows.length > 0 ? (
            rows.map((row, index) => (
              <TableRow key={row.id} {...rowAttributes?.(row, index)}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} data-label={labelOf(cell.column)} className={cell.column.columnDef.meta?.className}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <TableRow key={index} aria-hidden="true" data-skeleton="">
                {visibleColumns.map((column) => (
                  <TableCell key={column.id}>
                    <Skeleton className="h-4 w-full min-w-12" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : (
            <TableRow>
              <TableCell colSpan={visibleColumns.length} className="py-6 text-center text-muted max-md:text-center">
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
