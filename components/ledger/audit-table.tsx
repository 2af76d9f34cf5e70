"use client";

import { useMemo, type ReactNode } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import type { AuditEntryView } from "@/lib/features/ledger/types";
import { DataTable } from "@/components/ui/data-table";
import type { PagerProps } from "@/components/ui/pager";
import { auditColumns, auditRowProps } from "./audit-columns";

/** Audit entries as a table, on the overview and in an account's history in the ledger panel (the Activity page draws them on the server). */
export function AuditTable({
  entries,
  caption,
  showContact = false,
  showAccount = true,
  pager,
  loading,
  empty,
}: {
  entries: AuditEntryView[];
  caption: string;
  showContact?: boolean;
  /** Off inside one account's card, where the account is known. */
  showAccount?: boolean;
  pager?: PagerProps;
  loading?: boolean;
  empty?: ReactNode;
}) {
  const { t, locale, timeZone } = useI18n();
  const columns = useMemo(() => auditColumns({ t, locale, timeZone }, { showContact, showAccount }), [t, locale, timeZone, showContact, showAccount]);
  return (
    <DataTable
      columns={columns}
      data={entries}
      getRowId={(entry) => String(entry.id)}
      caption={caption}
      rowProps={auditRowProps}
      pager={pager}
      loading={loading}
      empty={empty}
    />
  );
}
