"use client";

import { useMemo, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { NUMBER_COLUMN } from "@/components/ui/data-table-view";
import { EmptyState } from "@/components/ui/empty-state";
import { useCan } from "@/components/shell/providers";
import { formatTimestamp } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import type { AccountView, JournalEntryView } from "@/lib/features/ledger/types";
import { AuditTable } from "./audit-table";
import { useAccountAudit, useAccountJournal } from "@/lib/features/ledger/use-account-history";

const JOURNAL_KINDS: Record<string, string> = { deposit: "ledger.journal.kind.deposit", debit: "ledger.journal.kind.debit" };

/**
 * An account's history: the platform's journal (the getContactAccountJournal
 * extension; on a platform without it the panel says so) and, always, the
 * dashboard's own audit entries for the account.
 */
export function AccountHistory({ contactId, account }: { contactId: number; account: AccountView }) {
  const { t, locale, timeZone } = useI18n();
  // With nothing in the journal yet, a member who may move money is told that the forms of this account start it.
  const canTopUp = useCan("accounts.top_up");
  const canDebit = useCan("accounts.debit");
  const movesMoney = canTopUp || canDebit;
  const [journalPage, setJournalPage] = useState(1);
  const [auditPage, setAuditPage] = useState(1);
  const journal = useAccountJournal(contactId, account.id, journalPage);
  const audit = useAccountAudit(contactId, account.id, auditPage);
  const journalColumns = useMemo<ColumnDef<JournalEntryView>[]>(() => {
    const money = (value: string) => formatMoney(value, account.currency, locale);
    return [
      {
        id: "time",
        header: t("ledger.journal.time"),
        meta: { className: "whitespace-nowrap" },
        cell: ({ row }) => formatTimestamp(row.original.createdAt, locale, timeZone),
      },
      {
        id: "kind",
        header: t("ledger.journal.kind"),
        cell: ({ row }) => (JOURNAL_KINDS[row.original.kind] ? t(JOURNAL_KINDS[row.original.kind]) : row.original.title || row.original.kind),
      },
      {
        id: "amount",
        header: t("ledger.journal.amount"),
        meta: NUMBER_COLUMN,
        cell: ({ row }) => `${row.original.kind === "debit" ? "−" : "+"}${money(row.original.amount)}`,
      },
      {
        id: "description",
        header: t("ledger.journal.description"),
        meta: { className: "max-w-xs break-words" },
        cell: ({ row }) => row.original.description ?? t("common.none"),
      },
      { id: "balance_after", header: t("ledger.journal.balance_after"), meta: NUMBER_COLUMN, cell: ({ row }) => money(row.original.balanceAfter) },
    ];
  }, [t, locale, timeZone, account.currency]);

  return (
    <div className="space-y-6" data-testid={`history-${account.currency}`}>
      <section aria-labelledby={`journal-${account.id}`} aria-busy={journal.isFetching}>
        <h4 id={`journal-${account.id}`} className="mb-2 font-medium">
          {t("ledger.journal.title")}
        </h4>
        {journal.isError ? (
          <Alert tone="danger">{journal.error.message}</Alert>
        ) : journal.data && !journal.data.available ? (
          <Alert tone="info">
            <span data-testid="journal-not-available">{t("ledger.journal.not_available")}</span>
          </Alert>
        ) : (
          <DataTable
            columns={journalColumns}
            data={journal.data?.page.items ?? []}
            getRowId={(entry) => String(entry.id)}
            caption={t("ledger.journal.caption", { currency: account.currency })}
            rowProps={() => ({ "data-testid": "journal-row" })}
            loading={journal.isPending || journal.isPlaceholderData}
            empty={<EmptyState message={movesMoney ? `${t("ledger.journal.empty")} ${t("ledger.journal.empty_hint")}` : t("ledger.journal.empty")} center />}
            pager={
              journal.data
                ? { page: journal.data.page.page, pages: journal.data.page.pages, onPage: setJournalPage, label: t("ledger.journal.pages") }
                : undefined
            }
          />
        )}
      </section>
      <section aria-labelledby={`audit-${account.id}`} aria-busy={audit.isFetching}>
        <h4 id={`audit-${account.id}`} className="mb-2 font-medium">
          {t("ledger.audit.title")}
        </h4>
        {audit.isError ? (
          <Alert tone="danger">{audit.error.message}</Alert>
        ) : (
          <AuditTable
            entries={audit.data?.items ?? []}
            caption={t("ledger.audit.caption", { currency: account.currency })}
            showAccount={false}
            loading={audit.isPending || audit.isPlaceholderData}
            empty={t("ledger.audit.empty")}
            pager={audit.data ? { page: audit.data.page, pages: audit.data.pages, onPage: setAuditPage, label: t("ledger.audit.pages") } : undefined}
          />
        )}
      </section>
    </div>
  );
}
