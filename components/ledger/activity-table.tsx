import type { ReactNode } from "react";
import type { AuditEntryView } from "@/lib/features/ledger/types";
import { serializeActivitySearchParams, type ActivitySearchParams } from "@/lib/features/ledger/activity-filters";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { ServerDataTable } from "@/components/ui/server-data-table";
import { auditColumns, auditRowProps } from "./audit-columns";

/**
 * The Activity page's table, drawn on the server (links only): a page of audit entries with the link pager, the
 * page links built with the parser map the page reads its URL with.
 */
export async function ActivityTable({
  entries,
  caption,
  params,
  page,
  pages,
  empty,
}: {
  entries: AuditEntryView[];
  caption: string;
  params: ActivitySearchParams;
  page: number;
  pages: number;
  empty: ReactNode;
}) {
  const [t, locale, timeZone] = await Promise.all([getTranslator(), getLocale(), getTimeZone()]);
  return (
    <ServerDataTable
      t={t}
      locale={locale}
      columns={auditColumns({ t, locale, timeZone }, { showContact: true })}
      data={entries}
      getRowId={(entry) => String(entry.id)}
      caption={caption}
      rowProps={auditRowProps}
      empty={empty}
      pager={{ page, pages, hrefFor: (target) => `/activity${serializeActivitySearchParams({ ...params, page: target })}` }}
    />
  );
}
