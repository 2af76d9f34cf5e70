"use client";

import { useState } from "react";
import { useI18n } from "@/components/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Table, td, th } from "@/components/ui/table";
import { formatTimestamp } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/money/money";
import type { AccountView } from "@/lib/ledger/types";
import { AuditTable } from "./audit-table";
import { useAccountAudit, useAccountJournal } from "@/lib/queries/use-account-history";

function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-2 flex items-center justify-between gap-3 text-sm">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("common.previous")}
      </Button>
      <span className="text-muted">{t("common.page_of", { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("common.next")}
      </Button>
    </nav>
  );
}

const JOURNAL_KINDS: Record<string, string> = { deposit: "ledger.journal.kind.deposit", debit: "ledger.journal.kind.debit" };

/**
 * An account's history: the platform's journal (the getContactAccountJournal
 * extension; on a platform without it the panel says so) and, always, the
 * dashboard's own audit entries for the account.
 */
export function AccountHistory({ contactId, account }: { contactId: number; account: AccountView }) {
  const { t, locale, timeZone } = useI18n();
  const [journalPage, setJournalPage] = useState(1);
  const [auditPage, setAuditPage] = useState(1);
  const journal = useAccountJournal(contactId, account.id, journalPage);
  const audit = useAccountAudit(contactId, account.id, auditPage);
  const money = (value: string) => formatMoney(value, account.currency, locale);

  return (
    <div className="space-y-6" data-testid={`history-${account.currency}`}>
      <section aria-labelledby={`journal-${account.id}`} aria-busy={journal.isFetching}>
        <h4 id={`journal-${account.id}`} className="mb-2 font-medium">
          {t("ledger.journal.title")}
        </h4>
        {journal.isPending ? (
          <p className="text-sm text-muted">{t("common.loading")}</p>
        ) : journal.isError ? (
          <Alert tone="danger">{journal.error.message}</Alert>
        ) : !journal.data.available ? (
          <Alert tone="info">
            <span data-testid="journal-not-available">{t("ledger.journal.not_available")}</span>
          </Alert>
        ) : journal.data.page.items.length === 0 ? (
          <p className="text-sm text-muted">{t("ledger.journal.empty")}</p>
        ) : (
          <>
            <Table
              focusable
              caption={t("ledger.journal.caption", { currency: account.currency })}
              head={
                <>
                  <th scope="col" className={th}>{t("ledger.journal.time")}</th>
                  <th scope="col" className={th}>{t("ledger.journal.kind")}</th>
                  <th scope="col" className={th}>{t("ledger.journal.amount")}</th>
                  <th scope="col" className={th}>{t("ledger.journal.description")}</th>
                  <th scope="col" className={th}>{t("ledger.journal.balance_after")}</th>
                </>
              }
            >
              {journal.data.page.items.map((entry) => (
                <tr key={entry.id} data-testid="journal-row">
                  <td className={`${td} whitespace-nowrap`}>{formatTimestamp(entry.createdAt, locale, timeZone)}</td>
                  <td className={td}>{JOURNAL_KINDS[entry.kind] ? t(JOURNAL_KINDS[entry.kind]) : entry.title || entry.kind}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                    {entry.kind === "debit" ? "−" : "+"}
                    {money(entry.amount)}
                  </td>
                  <td className={`${td} max-w-xs break-words`}>{entry.description ?? t("common.none")}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{money(entry.balanceAfter)}</td>
                </tr>
              ))}
            </Table>
            <Pager page={journal.data.page.page} pages={journal.data.page.pages} onPage={setJournalPage} label={t("ledger.journal.pages")} />
          </>
        )}
      </section>
      <section aria-labelledby={`audit-${account.id}`} aria-busy={audit.isFetching}>
        <h4 id={`audit-${account.id}`} className="mb-2 font-medium">
          {t("ledger.audit.title")}
        </h4>
        {audit.isPending ? (
          <p className="text-sm text-muted">{t("common.loading")}</p>
        ) : audit.isError ? (
          <Alert tone="danger">{audit.error.message}</Alert>
        ) : audit.data.items.length === 0 ? (
          <p className="text-sm text-muted">{t("ledger.audit.empty")}</p>
        ) : (
          <>
            <AuditTable entries={audit.data.items} caption={t("ledger.audit.caption", { currency: account.currency })} t={t} locale={locale} timeZone={timeZone} showAccount={false} />
            <Pager page={audit.data.page} pages={audit.data.pages} onPage={setAuditPage} label={t("ledger.audit.pages")} />
          </>
        )}
      </section>
    </div>
  );
}
