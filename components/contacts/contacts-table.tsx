"use client";

import { useMemo, type ReactNode } from "react";
import { formatTimestamp } from "@/lib/dashboard/format";
import { RowLink } from "@/components/ui/row-link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { useI18n } from "@/components/shell/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import { CONTACT_COLUMNS, type ContactColumn } from "@/lib/features/contacts/columns";
import { isSortableContactColumn, sortFor, sortingOf, type ContactBrowserSort } from "@/lib/features/contacts/browser-params";
import { botLabel, type NamedBot } from "@/lib/features/contacts/bot-names";
import { contactHref, type ContactPageView, type ContactRowView } from "@/lib/features/contacts/rows";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { cn } from "@/components/ui/cn";
import { MessengerLabel, TagChips } from "./messenger-icon";

/*
 * Rows first: on a wide screen every row is one line (the table scrolls sideways in its own box, long names are cut
 * with their full text in a tooltip); on a phone a card is a few wrapped lines of values, the self-explaining ones
 * (name, bot, messenger, phone, email, username, tags) without their column's name, empty ones left out.
 */
const UNLABELLED = "max-md:before:hidden!";
const EMPTY_HIDDEN = "max-md:[&:has(>.text-muted:only-child)]:hidden!";
const CELL_CLASSES: Record<ContactColumn, string> = {
  id: `md:whitespace-nowrap max-md:text-xs max-md:text-muted ${UNLABELLED}`,
  name: `md:whitespace-nowrap max-md:min-w-0 max-md:flex-1 max-md:basis-40 ${UNLABELLED}`,
  bot: `md:whitespace-nowrap ${UNLABELLED}`,
  messenger: `md:whitespace-nowrap ${UNLABELLED}`,
  phone: `md:whitespace-nowrap ${UNLABELLED} ${EMPTY_HIDDEN}`,
  email: `md:whitespace-nowrap ${UNLABELLED} ${EMPTY_HIDDEN}`,
  username: `md:whitespace-nowrap ${UNLABELLED} ${EMPTY_HIDDEN}`,
  tags: `md:[&_ul]:flex-nowrap ${UNLABELLED} max-md:[&:not(:has(li))]:hidden!`,
  created: "md:whitespace-nowrap max-md:text-xs max-md:before:mr-1 max-md:before:inline!",
  status: `md:whitespace-nowrap max-md:text-xs ${UNLABELLED}`,
};
const CARD_ROW = "max-md:flex! max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-0";
const CUT = "block max-w-56 truncate max-md:max-w-full max-md:whitespace-normal";

function columnsFor(t: Translate, locale: Locale, timeZone: string, bots: readonly NamedBot[] | null): ColumnDef<ContactRowView>[] {
  const none = <span className="text-muted">{t("common.none")}</span>;
  const cells: Record<ContactColumn, (row: ContactRowView) => ReactNode> = {
    id: (row) => (
      <RowLink href={contactHref(row)} tabIndex={-1} className="font-mono underline-offset-2 hover:underline" onClick={(event) => event.stopPropagation()}>
        {row.id}
      </RowLink>
    ),
    name: (row) => (
      <span className={cn("font-medium", CUT)} title={row.name || undefined}>
        {row.name || t("common.none")}
      </span>
    ),
    bot: (row) => {
      const label = botLabel(bots, row.botId, t);
      return (
        <span className={CUT} title={label}>
          {label}
        </span>
      );
    },
    messenger: (row) => <MessengerLabel messenger={row.messenger} t={t} />,
    phone: (row) => (row.phone ? <span className="font-mono">{row.phone}</span> : none),
    email: (row) => row.email ?? none,
    username: (row) => (row.username ? `@${row.username}` : none),
    tags: (row) => <TagChips tags={row.tags} label={t("contacts.col.tags")} />,
    created: (row) => <span className="whitespace-nowrap">{formatTimestamp(row.createdAt, locale, timeZone, { zone: false })}</span>,
    status: (row) =>
      row.unsubscribedAt ? (
        <span className="whitespace-nowrap text-warning">
          {t("contacts.unsubscribed_since", { date: formatTimestamp(row.unsubscribedAt, locale, timeZone, { zone: false }) })}
        </span>
      ) : (
        <span className="whitespace-nowrap">{t("contacts.subscribed_since", { date: formatTimestamp(row.createdAt, locale, timeZone, { zone: false }) })}</span>
      ),
  };
  return CONTACT_COLUMNS.map((column) => ({
    id: column,
    header: t(`contacts.col.${column}`),
    enableHiding: column !== "id",
    enableSorting: isSortableContactColumn(column),
    // Newest first is what people look for when they sort by creation.
    sortDescFirst: column === "created",
    meta: { className: CELL_CLASSES[column] },
    cell: ({ row }) => cells[column](row.original),
  }));
}

/**
 * One page of contacts (page mode: the platform pages, the table only shows).
 * The Id and Created headers sort (the platform's `sort` extension) when `onSort`
 * is given; the headers mark the order the rows are in either way. Rows are one tab stop: arrow keys (and Home, End) move between them, Enter or
 * a click opens the contact.
 */
export function ContactsTable({
  view,
  hiddenColumns,
  timeZone,
  bots = null,
  busy,
  sort,
  onSort,
  onPage,
  selection,
}: {
  view: ContactPageView;
  hiddenColumns: ContactColumn[];
  timeZone: string;
  /** getMe's bots, to name each row's bot (null: "Bot 101"). */
  bots?: readonly NamedBot[] | null;
  busy: boolean;
  /** The order the rows are in. */
  sort: ContactBrowserSort;
  /** Asks for another order; absent when the platform cannot sort (the headers then only show the order). */
  onSort?: (sort: ContactBrowserSort) => void;
  onPage: (page: number) => void;
  /** Rows picked for an export (ids as strings), kept across pages by the browser; absent when the platform cannot export them. */
  selection?: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void; full: string | null };
}) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const columns = useMemo(() => columnsFor(t, locale, timeZone, bots), [t, locale, timeZone, bots]);
  return (
    <DataTable
      columns={columns}
      data={view.rows}
      getRowId={(row) => String(row.id)}
      caption={t("contacts.table_caption", { page: view.page, pages: view.lastPage })}
      testId="contacts-table"
      hiddenColumns={hiddenColumns}
      sorting={[sortingOf(sort)]}
      sort={onSort ? { onSort: (column, desc) => isSortableContactColumn(column) && onSort(sortFor(column, desc)) } : undefined}
      loading={busy}
      scrollClassName="md:max-h-[75vh]"
      rowProps={(row) => ({ "data-contact-id": row.id, className: CARD_ROW })}
      rowLabel={(row) => t("contacts.open", { name: row.name || String(row.id) })}
      selection={
        selection && {
          ...selection,
          label: (row) => t("contacts.select.row", { name: row.name || String(row.id) }),
          pageLabel: t("contacts.select.page"),
        }
      }
      onRowOpen={(row) => router.push(contactHref(row))}
      pager={{ page: view.page, pages: view.lastPage, total: view.total, onPage, firstLast: true, testId: "contacts" }}
    />
  );
}
