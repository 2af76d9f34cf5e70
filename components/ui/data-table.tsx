"use client";

import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import {
  functionalUpdate,
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
import { DataTableView, labelOf, serverRowsOptions, type RowAttributes, type SortControl } from "./data-table-view";

declare module "@tanstack/react-table" {
  interface TableMeta<TData extends RowData> {
    /** DataTable's `selection`: its checkbox column reads the names and the limit from it. */
    selection?: RowSelection<TData>;
  }
}

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

const NO_SORTING: SortingState = [];

/** The engine's column visibility as DataTable's list of hidden ids, in table order. */
function hiddenIn<TData>(columns: Column<TData, unknown>[], visibility: VisibilityState): string[] {
  return columns.filter((column) => visibility[column.id] === false).map((column) => column.id);
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
    ...serverRowsOptions(getRowId),
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
      <DataTableView
        table={table}
        caption={caption}
        sort={sort}
        loading={loading}
        empty={empty ?? t("common.no_rows")}
        testId={testId}
        scrollClassName={scrollClassName}
        rowAttributes={(row, index) => {
          const extra = rowProps?.(row.original, index);
          const opens = onRowOpen !== undefined;
          return {
            ...extra,
            className: cn(
              opens && "cursor-pointer hover:bg-surface-2 focus:bg-surface-2 focus:outline-2 focus:-outline-offset-2 focus:outline-primary",
              extra?.className,
            ),
            ...(opens
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
              : {}),
          };
        }}
      />
      {pager ? <Pager {...pager} /> : null}
    </div>
  );
}
