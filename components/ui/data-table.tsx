"use client";

import { useMemo, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from "react";
import Link from "next/link";
import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from "@tanstack/react-table";
import { useT } from "@/components/shell/i18n-provider";
import { cn } from "./cn";
import { ColumnChooser } from "./column-chooser";
import { Pager, type PagerProps } from "./pager";
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
  interface TableMeta<TData extends RowData> {
    /** DataTable's `selection`: its checkbox column reads the names and the limit from it. */
    selection?: RowSelection<TData>;
  }
}

/**
 * Server sorting from the headers: each column with `enableSorting: true` gets a button (`onSort`) or a
 * link (`hrefFor`) in its header that asks for that column, the other direction when it already sorts.
 */
export type SortControl = { onSort: (columnId: string, desc: boolean) => void } | { hrefFor: (columnId: string, desc: boolean) => string };

/** Attributes for one row: a data-testid, data-* values, a class. */
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [key: `data-${string}`]: string | number | boolean | null | undefined };

export interface DataTableProps<TData, TValue> {
  columns: ColumnDef<TData, TValue>[];
  data: TData[];
  getRowId: (row: TData, index: number) => string;
  /** Names the table (for screen readers) and its scroll box. */
  caption: string;
  /** Ids of the columns not shown (controlled); without it the table keeps the choice itself. */
  hiddenColumns?: readonly string[];
  onHiddenColumnsChange?: (hidden: string[]) => void;
  /** Show a column chooser above the table for the columns that can be hidden (`enableHiding`). */
  columnChooser?: boolean | { label?: string; hint?: string };
  /** Server sorting: the order the rows come in, marked on the headers (aria-sort). */
  sorting?: SortingState;
  /** How a sortable header asks for another order (see SortControl); without it headers only show the order. */
  sort?: SortControl;
  /** Server paging: the one Pager under the table, with links (`hrefFor`) or buttons (`onPage`). */
  pager?: PagerProps;
  /** A page is loading: the rows shown are dimmed (skeleton rows when there are none yet) and the table is busy. */
  loading?: boolean;
  /** Shown in the table when there are no rows. */
  empty?: ReactNode;
  rowProps?: (row: TData, index: number) => RowAttributes;
  /**
   * Rows open something: each row is clickable, and the rows are one tab stop. Arrow keys, Home, End,
   * Page Up and Page Down move between them; Enter opens.
   */
  onRowOpen?: (row: TData) => void;
  /** The accessible name of a row that opens ("Open Anna Petrova"). */
  rowLabel?: (row: TData) => string;
  /** Rows can be selected with a checkbox each (and one for the page in the header); see RowSelection. */
  selection?: RowSelection<TData>;
  /** data-testid of the <table>. */
  testId?: string;
  className?: string;
  /** Classes for the scroll box, e.g. a height ("md:max-h-[70vh]") so the sticky header stays in view. */
  scrollClassName?: string;
}

/**
 * Selected rows by id, owned by the caller so that a selection can outlive the page (server paging):
 * the table shows a checkbox per row and one in the header for the rows on screen (mixed when some are).
 */
export interface RowSelection<TData> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** A row's checkbox name ("Select Anna Petrova"). */
  label: (row: TData) => string;
  /** The header checkbox's name ("Select the contacts on this page"). */
  pageLabel: string;
  /** Why no more rows can be added (a limit reached), or null: unselected rows' checkboxes are then disabled with it as their title. */
  full?: string | null;
}

const SELECT_COLUMN = "select";
const checkboxClass = "size-4 accent-[var(--color-primary)] disabled:cursor-not-allowed";

/**
 * The checkbox column of a selection: one constant definition, so that the checkboxes are not mounted anew on each
 * render (a toggled one keeps the focus). Checked and toggled through the engine's row selection; the names and the
 * limit (`full`) come from the table's meta. Clicks and keys on it stay out of the row (a row may open something).
 */
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one definition serves tables of any row type
const SELECT_COLUMN_DEF: ColumnDef<any, unknown> = {
  id: SELECT_COLUMN,
  enableHiding: false,
  meta: { className: "w-8", headerClassName: "w-8" },
  header: function SelectPage({ table }) {
    const { full, pageLabel } = table.options.meta!.selection!;
    const all = table.getIsAllPageRowsSelected();
    const some = table.getIsSomePageRowsSelected();
    return (
      <input
        type="checkbox"
        className={checkboxClass}
        aria-label={pageLabel}
        checked={all}
        disabled={table.getRowModel().rows.length === 0 || (!all && Boolean(full))}
        title={!all && full ? full : undefined}
        ref={(element) => {
          if (element) element.indeterminate = some;
        }}
        onClick={stop}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    );
  },
  cell: function SelectRow({ row, table }) {
    const { full, label } = table.options.meta!.selection!;
    const checked = row.getIsSelected();
    return (
      <input
        type="checkbox"
        className={checkboxClass}
        aria-label={label(row.original)}
        checked={checked}
        disabled={!checked && Boolean(full)}
        title={!checked && full ? full : undefined}
        onClick={stop}
        onKeyDown={stop}
        onChange={row.getToggleSelectedHandler()}
      />
    );
  },
};

const SKELETON_ROWS = 3;
const NO_SORTING: SortingState = [];

/** A column's name as text: its header when that is a string, else `meta.label`. */
function labelOf<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === "string" ? header : (column.columnDef.meta?.label ?? "");
}

/** The engine's column visibility as DataTable's list of hidden ids, in table order. */
function hiddenIn<TData>(columns: Column<TData, unknown>[], visibility: VisibilityState): string[] {
  return columns.filter((column) => visibility[column.id] === false).map((column) => column.id);
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
    <Link className={className} href={sort.hrefFor(column.id, column.getNextSortingOrder() === "desc")}>
      {content}
    </Link>
  ) : (
    <button type="button" className={cn(className, "font-[inherit]")} onClick={() => column.toggleSorting()}>
      {content}
    </button>
  );
}

/**
 * The dashboard's table on TanStack Table's engine (`useReactTable`): the server pages and sorts (manual
 * pagination and sorting, the state held by the caller: URL or props), the engine holds column visibility (wired to
 * the column chooser) and row selection, and `flexRender` draws the headers and cells. Around it: a caption, a sticky
 * header, its own focusable scroll box (the page never scrolls sideways), the same rows as cards on narrow screens
 * (CSS alone, see ./table), loading and empty states, and the Pager.
 */
export function DataTable<TData, TValue>({
  columns,
  data,
  getRowId,
  caption,
  hiddenColumns,
  onHiddenColumnsChange,
  columnChooser = false,
  sorting,
  sort,
  pager,
  loading = false,
  empty,
  rowProps,
  onRowOpen,
  rowLabel,
  selection,
  testId,
  className,
  scrollClassName,
}: DataTableProps<TData, TValue>) {
  const t = useT();
  const [ownVisibility, setOwnVisibility] = useState<VisibilityState>({});
  const columnVisibility = useMemo<VisibilityState>(
    () => (hiddenColumns ? Object.fromEntries(hiddenColumns.map((id) => [id, false])) : ownVisibility),
    [hiddenColumns, ownVisibility],
  );
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries([...(selection?.selected ?? [])].map((id) => [id, true])), [selection?.selected]);
  const selecting = selection !== undefined;
  const allColumns = useMemo(() => (selecting ? [SELECT_COLUMN_DEF, ...columns] : columns) as ColumnDef<TData, unknown>[], [selecting, columns]);
  const sortingState = sorting ?? NO_SORTING;

  const table = useReactTable<TData>({
    columns: allColumns,
    data,
    getRowId: (row, index) => getRowId(row, index),
    getCoreRowModel: getCoreRowModel(),
    // The server pages and sorts: the rows come as they are shown.
    manualPagination: true,
    manualSorting: true,
    // One column at a time, and a sorted column's header asks for the other direction (never "unsorted").
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableRowSelection: selecting,
    state: { columnVisibility, sorting: sortingState, rowSelection },
    onColumnVisibilityChange: (updater) => {
      const next = functionalUpdate(updater, columnVisibility);
      if (hiddenColumns === undefined) setOwnVisibility(next);
      onHiddenColumnsChange?.(hiddenIn(table.getAllLeafColumns(), next));
    },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sortingState);
      if (next && sort && "onSort" in sort) sort.onSort(next.id, next.desc);
    },
    onRowSelectionChange: (updater) => {
      const next = functionalUpdate(updater, rowSelection);
      selection?.onChange(new Set(Object.keys(next).filter((id) => next[id])));
    },
    meta: { selection },
  });
  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();

  // The one row in the tab order; by id, so a new page starts again at its first row.
  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.id === activeId),
  );
  const rowElements = useRef<(HTMLTableRowElement | null)[]>([]);
  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setActiveId(rows[target]?.id ?? null);
    rowElements.current[target]?.focus();
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, original: TData) => {
    // Keys on a control inside the row (a button, a link) are the control's.
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1, PageDown: index + 10, PageUp: index - 10 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key]);
    } else if (event.key === "Enter") {
      event.preventDefault();
      onRowOpen?.(original);
    }
  };

  const chooser = columnChooser ? (typeof columnChooser === "object" ? columnChooser : {}) : null;
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());

  return (
    <div className={cn("min-w-0 space-y-3", className)}>
      {chooser ? (
        <div className="flex justify-end">
          <ColumnChooser
            columns={hideable.map((column) => ({ id: column.id, label: labelOf(column) }))}
            hidden={hideable.filter((column) => !column.getIsVisible()).map((column) => column.id)}
            onChange={(hidden) => table.setColumnVisibility(Object.fromEntries(hideable.map((column) => [column.id, !hidden.includes(column.id)])))}
            label={chooser.label}
            hint={chooser.hint}
          />
        </div>
      ) : null}
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
                  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
                  return (
                    <TableHead
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan > 1 ? header.colSpan : undefined}
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
              rows.map((row, index) => {
                const opens = onRowOpen !== undefined;
                const extra = rowProps?.(row.original, index);
                return (
                  <TableRow
                    key={row.id}
                    {...extra}
                    className={cn(
                      opens && "cursor-pointer hover:bg-surface-2 focus:bg-surface-2 focus:outline-2 focus:-outline-offset-2 focus:outline-primary",
                      extra?.className,
                    )}
                    {...(opens
                      ? {
                          ref: (element: HTMLTableRowElement | null) => {
                            rowElements.current[index] = element;
                          },
                          tabIndex: index === activeIndex ? 0 : -1,
                          "aria-label": rowLabel?.(row.original),
                          onFocus: () => setActiveId(row.id),
                          onClick: () => onRowOpen(row.original),
                          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => onRowKeyDown(event, index, row.original),
                        }
                      : {})}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id} data-label={labelOf(cell.column)} className={cell.column.columnDef.meta?.className}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })
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
                  {empty ?? t("common.no_rows")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      {pager ? <Pager {...pager} /> : null}
    </div>
  );
}
