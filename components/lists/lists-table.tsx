import { RowLink } from "@/components/ui/row-link";
import type { ColumnDef } from "@tanstack/react-table";
import { ServerDataTable } from "@/components/ui/server-data-table";
import { formatTimestamp } from "@/lib/dashboard/format";
import type { ListQuery, ListSort } from "@/lib/features/lists/list-query";
import { listQueryHref } from "@/lib/features/lists/lists-page-params";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";

/** One list as the Lists page shows it (the server resolves the target's name). */
export interface ListRowView {
  id: string;
  name: string;
  onBot: boolean;
  target: string;
  fieldCount: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * The Lists page's table, drawn on the server (links only): one screen of the searched and sorted lists, the kit's
 * sort links in the headers, the link pager.
 */
export async function ListsTable({ rows, query, page, pages }: { rows: ListRowView[]; query: ListQuery; page: number; pages: number }) {
  const [t, locale, timeZone] = await Promise.all([getTranslator(), getLocale(), getTimeZone()]);
  const sortable = (id: ListSort, label: string) => ({ id, header: label, enableSorting: true });
  const columns: ColumnDef<ListRowView, unknown>[] = [
    {
      ...sortable("name", t("lists.name")),
      meta: { className: "font-medium" },
      cell: ({ row }) => (
        <RowLink className="text-primary underline-offset-2 hover:underline" href={`/lists/${row.original.id}`}>
          {row.original.name}
        </RowLink>
      ),
    },
    {
      ...sortable("target", t("lists.target")),
      cell: ({ row }) => (
        <>
          <span className="mr-1 text-xs uppercase text-muted">{row.original.onBot ? t("lists.bot") : t("lists.project")}</span>
          {row.original.target}
        </>
      ),
    },
    { ...sortable("fields", t("lists.fields")), cell: ({ row }) => row.original.fieldCount },
    {
      ...sortable("created", t("lists.created")),
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => formatTimestamp(row.original.createdAt, locale, timeZone),
    },
    {
      ...sortable("updated", t("lists.updated")),
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => formatTimestamp(row.original.updatedAt, locale, timeZone),
    },
  ];
  return (
    <ServerDataTable
      t={t}
      locale={locale}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      caption={t("lists.table")}
      sorting={[{ id: query.sort, desc: query.dir === "desc" }]}
      sortHref={(id, desc) => listQueryHref(query, { sort: id as ListSort, dir: desc ? "desc" : "asc" })}
      rowProps={() => ({ "data-testid": "list-row" })}
      pager={{ page, pages, hrefFor: (target) => listQueryHref(query, { page: target }) }}
    />
  );
}
