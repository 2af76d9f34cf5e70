"use client";

import { keepPreviousData } from "@tanstack/react-query";
import type { AuditEntryView, PageOf } from "@/lib/features/ledger/types";
import type { JournalPage } from "@/lib/features/ledger/read-ledger";
import { fetchJson } from "@/lib/core/actions/fetch-json";
import { apiUrl } from "../../dashboard/queries/api-url";
import { queryKeys } from "../../dashboard/queries/keys";
import { useDashboardQuery } from "../../dashboard/queries/query-client";

const accountJournalUrl = (accountId: number, page: number): string => apiUrl("/api/dashboard/ledger/journal", { accountId, page });
const accountAuditUrl = (contactId: number, accountId: number, page: number): string => apiUrl("/api/dashboard/ledger/audit", { contactId, accountId, page });

/** A page of the platform's journal of an account (`{available: false}` on a platform without the extension). */
export function useAccountJournal(contactId: number, accountId: number, page: number) {
  return useDashboardQuery({
    queryKey: queryKeys.ledger.journal(contactId, accountId, page),
    queryFn: ({ signal }) => fetchJson<JournalPage>(accountJournalUrl(accountId, page), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the dashboard's audit entries of an account, as far as the viewer may read them. */
export function useAccountAudit(contactId: number, accountId: number, page: number) {
  return useDashboardQuery({
    queryKey: queryKeys.ledger.audit(contactId, accountId, page),
    queryFn: ({ signal }) => fetchJson<PageOf<AuditEntryView>>(accountAuditUrl(contactId, accountId, page), { signal }),
    placeholderData: keepPreviousData,
  });
}
