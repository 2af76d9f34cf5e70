"use client";

import { createElement, useMemo, useRef, useState, type ComponentType, type HTMLAttributes, type KeyboardEvent, type ReactNode } from "react";
import Link from "next/link";
// Types only: columns are written as TanStack Table's column definitions, and rendered by the few lines below (the
// table sorts and pages on the server: of TanStack's engine it used the core row model and column visibility, 13 kB
// of every table page's first load).
import type { CellContext, ColumnDef, HeaderContext, RowData, SortingState } from "@tanstack/react-table";
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
    /** A sortable column's first direction when it is not the sorted one (default ascending; "desc" for "newest first"). */
    firstSort?: "asc" | "desc";
  }
  interface TableMeta<TData extends RowData> {
    /** The table's row selection (DataTable's `selection`), read by its checkbox column. */
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
 * The checkbox column of a selection: one constant definition that reads the selection from the table's
 * meta, so that the checkboxes are not mounted anew on each render (a toggled one keeps the focus). Clicks
 * and keys on it stay out of the row (a row may open something).
 */
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one definition serves tables of any row type
const SELECT_COLUMN_DEF: ColumnDef<any, unknown> = {
  id: SELECT_COLUMN,
  enableHiding: false,
  meta: { className: "w-8", headerClassName: "w-8" },
  header: function SelectPage({ table }) {
    const selection = table.options.meta!.selection!;
    const ids = table.getRowModel().rows.map((row) => row.id);
    const chosen = ids.filter((id) => selection.selected.has(id)).length;
    const all = ids.length > 0 && chosen === ids.length;
    return (
      <input
        type="checkbox"
        className={checkboxClass}
        aria-label={selection.pageLabel}
        checked={all}
        disabled={ids.length === 0 || (!all && Boolean(selection.full))}
        title={!all && selection.full ? selection.full : undefined}
        ref={(element) => {
          if (element) element.indeterminate = chosen > 0 && !all;
        }}
        onClick={stop}
        onChange={() => {
          const next = new Set(selection.selected);
          for (const id of ids) {
            if (all) next.delete(id);
            else next.add(id);
          }
          selection.onChange(next);
        }}
      />
    );
  },
  cell: function SelectRow({ row, table }) {
    const selection = table.options.meta!.selection!;
    const checked = selection.selected.has(row.id);
    return (
      <input
        type="checkbox"
        className={checkboxClass}
        aria-label={selection.label(row.original)}
        checked={checked}
        disabled={!checked && Boolean(selection.full)}
        title={!checked && selection.full ? selection.full : undefined}
        onClick={stop}
        onKeyDown={stop}
        onChange={() => {
          const next = new Set(selection.selected);
          if (checked) next.delete(row.id);
          else next.add(row.id);
          selection.onChange(next);
        }}
      />
    );
  },
};

const SKELETON_ROWS = 3;

/** One column of the table: its id (`id`, else `accessorKey`, else a string `header`) and its definition. */
interface TableColumn<TData> {
  id: string;
  columnDef: ColumnDef<TData, unknown>;
  /** `false`, "asc" or "desc": the server's order, as the header shows it. */
  getIsSorted: () => false | "asc" | "desc";
}

/** A row as the column definitions' `cell` reads it (`row.original`, `row.id`, `row.index`). */
interface TableRowModel<TData> {
  id: string;
  index: number;
  original: TData;
}

type Accessor<TData> = { accessorFn?: (row: TData, index: number) => unknown; accessorKey?: string; id?: string };

function columnIdOf<TData>(def: ColumnDef<TData, unknown>): string {
  const { id, accessorKey } = def as Accessor<TData>;
  return id ?? accessorKey?.replaceAll(".", "_") ?? (typeof def.header === "string" ? def.header : "");
}

function valueOf<TData>(def: ColumnDef<TData, unknown>, row: TableRowModel<TData>): unknown {
  const { accessorFn, accessorKey } = def as Accessor<TData>;
  if (accessorFn) return accessorFn(row.original, row.index);
  if (accessorKey) return accessorKey.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], row.original);
  return undefined;
}

/** A header or cell as TanStack's `flexRender` draws it: a function is a component of the context, anything else is shown as it is. */
function render<TProps extends object>(content: unknown, context: TProps): ReactNode {
  return typeof content === "function" ? createElement(content as ComponentType<TProps>, context) : (content as ReactNode);
}

/** TanStack's defaults: an accessor column's header is its key or id, its cell the value as text. */
function defaultHeader<TData>(def: ColumnDef<TData, unknown>): string | null {
  const { accessorFn, accessorKey, id } = def as Accessor<TData>;
  return accessorKey ?? (accessorFn ? (id ?? null) : null);
}
const defaultCell = ({ renderValue }: { renderValue: () => unknown }): ReactNode => {
  const value = renderValue();
  return value === null || value === undefined ? null : String(value);
};

/** A column's name as text: its header when that is a string, else `meta.label`. */
function labelOf<TData>(column: TableColumn<TData>): string {
  const header = column.columnDef.header;
  return typeof header === "string" ? header : (column.columnDef.meta?.label ?? "");
}

/**
 * A sortable header's control: the header's own content and an arrow for the current direction
 * (aria-hidden: the header cell's aria-sort says it). Asks for the other direction when the column
 * sorts, else for the column's first direction.
 */
function SortHeader<TData>({ column, sort, children }: { column: TableColumn<TData>; sort: SortControl; children: ReactNode }) {
  const sorted = column.getIsSorted();
  const desc = sorted ? sorted === "asc" : column.columnDef.meta?.firstSort === "desc";
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
    <Link className={className} href={sort.hrefFor(column.id, desc)}>
      {content}
    </Link>
  ) : (
    <button type="button" className={cn(className, "font-[inherit]")} onClick={() => sort.onSort(column.id, desc)}>
      {content}
    </button>
  );
}

/**
 * The dashboard's table: columns defined as TanStack Table's, chosen by the viewer, a caption, a sticky header, its own
 * focusable scroll box (the page never scrolls sideways), cards on narrow screens, loading and empty
 * states, and the Pager for server paging.
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
  const [ownHidden, setOwnHidden] = useState<readonly string[]>([]);
  const hidden = hiddenColumns ?? ownHidden;
  const setHidden = (next: string[]) => {
    if (hiddenColumns === undefined) setOwnHidden(next);
    onHiddenColumnsChange?.(next);
  };
  const selecting = selection !== undefined;
  const allColumns = useMemo<TableColumn<TData>[]>(() => {
    const defs = (selecting ? [SELECT_COLUMN_DEF, ...columns] : columns) as ColumnDef<TData, unknown>[];
    return defs.map((columnDef) => {
      const id = columnIdOf(columnDef);
      const getIsSorted = () => {
        const order = sorting?.find((entry) => entry.id === id);
        return order ? (order.desc ? "desc" : "asc") : false;
      };
      return { id, columnDef, getIsSorted } as TableColumn<TData>;
    });
  }, [selecting, columns, sorting]);
  const visibleColumns = allColumns.filter((column) => !hidden.includes(column.id));
  const rows = useMemo(() => data.map((original, index) => ({ id: getRowId(original, index), index, original })), [data, getRowId]);
  const visibleCount = visibleColumns.length;
  // What the column definitions' header and cell functions receive (the parts of TanStack's contexts they read).
  const table = { options: { meta: { selection } }, getRowModel: () => ({ rows }) };
  const headerContext = (column: TableColumn<TData>) => ({ table, column, header: { id: column.id, column } }) as unknown as HeaderContext<TData, unknown>;
  const cellContext = (column: TableColumn<TData>, row: TableRowModel<TData>) => {
    const getValue = () => valueOf(column.columnDef, row);
    return { table, column, row, getValue, renderValue: getValue, cell: { id: `${row.id}_${column.id}`, column, row, getValue } } as unknown as CellContext<
      TData,
      unknown
    >;
  };

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
  const hideable = allColumns.filter((column) => column.columnDef.enableHiding !== false).map((column) => ({ id: column.id, label: labelOf(column) }));

  return (
    <div className={cn("min-w-0 space-y-3", className)}>
      {chooser ? (
        <div className="flex justify-end">
          <ColumnChooser columns={hideable} hidden={hidden} onChange={setHidden} label={chooser.label} hint={chooser.hint} />
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
            <tr>
              {visibleColumns.map((column) => {
                const sorted = column.getIsSorted();
                const content = render(column.columnDef.header ?? defaultHeader(column.columnDef), headerContext(column));
                return (
                  <TableHead
                    key={column.id}
                    scope="col"
                    aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                    className={column.columnDef.meta?.headerClassName}
                  >
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
                    {visibleColumns.map((column) => (
                      <TableCell key={column.id} data-label={labelOf(column)} className={column.columnDef.meta?.className}>
                        {render(column.columnDef.cell ?? defaultCell, cellContext(column, row))}
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
                <TableCell colSpan={visibleCount} className="py-6 text-center text-muted max-md:text-center">
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
