"use client";

import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from "@tanstack/react-table";
import { useI18n } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { td, th } from "@/components/ui/table";
import { CONTACT_COLUMNS, type ContactColumn } from "@/lib/contacts/columns";
import { contactHref, type ContactPageView, type ContactRowView } from "@/lib/contacts/rows";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { formatDateTime, formatNumber } from "./format";
import { MessengerLabel, TagChips } from "./messenger-icon";

function columnsFor(t: Translate, locale: Locale, timeZone: string): ColumnDef<ContactRowView>[] {
  const none = <span className="text-muted">{t("common.none")}</span>;
  const cells: Record<ContactColumn, (row: ContactRowView) => ReactNode> = {
    id: (row) => (
      <Link href={contactHref(row)} tabIndex={-1} className="font-mono underline-offset-2 hover:underline" onClick={(event) => event.stopPropagation()}>
        {row.id}
      </Link>
    ),
    name: (row) => <span className="font-medium">{row.name || t("common.none")}</span>,
    messenger: (row) => <MessengerLabel messenger={row.messenger} t={t} />,
    phone: (row) => (row.phone ? <span className="font-mono">{row.phone}</span> : none),
    email: (row) => row.email ?? none,
    username: (row) => (row.username ? `@${row.username}` : none),
    tags: (row) => <TagChips tags={row.tags} label={t("contacts.col.tags")} />,
    created: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt, locale, timeZone)}</span>,
    status: (row) =>
      row.unsubscribedAt ? (
        <span className="whitespace-nowrap text-warning">{t("contacts.unsubscribed_since", { date: formatDateTime(row.unsubscribedAt, locale, timeZone) })}</span>
      ) : (
        <span className="whitespace-nowrap">{t("contacts.subscribed_since", { date: formatDateTime(row.createdAt, locale, timeZone) })}</span>
      ),
  };
  return CONTACT_COLUMNS.map((column) => ({
    id: column,
    header: t(`contacts.col.${column}`),
    enableHiding: column !== "id",
    cell: ({ row }) => cells[column](row.original),
  }));
}

/**
 * One page of contacts (page mode: the platform pages, the table only shows).
 * Rows are one tab stop: arrow keys (and Home, End) move between them, Enter or
 * a click opens the contact.
 */
export function ContactsTable({
  view,
  hiddenColumns,
  timeZone,
  busy,
  onPage,
}: {
  view: ContactPageView;
  hiddenColumns: ContactColumn[];
  timeZone: string;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const columns = useMemo(() => columnsFor(t, locale, timeZone), [t, locale, timeZone]);
  const columnVisibility = useMemo<VisibilityState>(() => Object.fromEntries(hiddenColumns.map((column) => [column, false])), [hiddenColumns]);
  const table = useReactTable({
    data: view.rows,
    columns,
    state: { columnVisibility },
    getRowId: (row) => String(row.id),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount: view.lastPage,
  });
  const rows = table.getRowModel().rows;
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [view]);

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setActive(target);
    rowRefs.current[target]?.focus();
  };
  const open = (row: ContactRowView) => router.push(contactHref(row));
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: ContactRowView) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1, PageDown: index + 10, PageUp: index - 10 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key]);
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(row);
    }
  };

  return (
    <div className="space-y-4">
      <div className={cn("overflow-x-auto rounded-lg border border-border bg-surface transition-opacity", busy && "opacity-60")} aria-busy={busy}>
        <table className="min-w-full divide-y divide-border text-sm" data-testid="contacts-table">
          <caption className="sr-only">{t("contacts.table_caption", { page: view.page, pages: view.lastPage })}</caption>
          <thead className="bg-surface-2 text-left">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={th}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row, index) => (
              <tr
                key={row.id}
                ref={(element) => {
                  rowRefs.current[index] = element;
                }}
                tabIndex={index === active ? 0 : -1}
                data-contact-id={row.original.id}
                aria-label={t("contacts.open", { name: row.original.name || String(row.original.id) })}
                className="cursor-pointer hover:bg-surface-2 focus:bg-surface-2 focus:outline-2 focus:-outline-offset-2 focus:outline-primary"
                onFocus={() => setActive(index)}
                onClick={() => open(row.original)}
                onKeyDown={(event) => onKeyDown(event, index, row.original)}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={td}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={view.page} lastPage={view.lastPage} total={view.total} onPage={onPage} />
    </div>
  );
}

function Pager({ page, lastPage, total, onPage }: { page: number; lastPage: number; total: number; onPage: (page: number) => void }) {
  const { t, locale } = useI18n();
  if (lastPage <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t("common.pagination")} className="flex flex-wrap items-center justify-between gap-3 text-sm" data-total={total}>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(1)}>
          {t("contacts.first")}
        </Button>
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, lastPage))}>
          {t("common.previous")}
        </Button>
      </div>
      <span className="text-muted" data-testid="contacts-page">
        {t("common.page_of", { page: formatNumber(page, locale), pages: formatNumber(lastPage, locale) })}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
          {t("common.next")}
        </Button>
        <Button variant="secondary" disabled={page >= lastPage} onClick={() => onPage(lastPage)}>
          {t("contacts.last")}
        </Button>
      </div>
    </nav>
  );
}
