"use client";

import type { ReactNode } from "react";
import type { AuditEntryView } from "@/lib/features/ledger/types";
import { serializeActivitySearchParams, type ActivitySearchParams } from "@/lib/features/ledger/activity-filters";
import { AuditTable } from "./audit-table";

/**
 * The Activity page's table: a page of audit entries with the link pager. The server page passes only
 * data; the page links are built here, with the parser map the page reads its URL with.
 */
export function ActivityTable({
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
  return (
    <AuditTable
      entries={entries}
      caption={caption}
      showContact
      empty={empty}
      pager={{ page, pages, hrefFor: (target) => `/activity${serializeActivitySearchParams({ ...params, page: target })}` }}
    />
  );
}
