import { RowLink } from "@/components/ui/row-link";
import type { ColumnDef } from "@tanstack/react-table";
import { formatTimestamp } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import type { AuditEntryView } from "@/lib/features/ledger/types";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { Badge } from "@/components/ui/badge";
import { NUMBER_COLUMN, type RowAttributes } from "@/components/ui/data-table-view";
import { describeCode } from "@/lib/features/ledger/outcome-codes";
import { contactLabel, KIND_KEYS } from "./describe";

const OUTCOME_CLASS: Record<AuditEntryView["outcome"], string> = {
  succeeded: "text-success",
  failed: "text-danger",
  unknown: "text-warning",
};

/** The columns of audit entries, hook-free: the client's AuditTable and the Activity page's server table take them. */
export function auditColumns(
  { t, locale, timeZone }: { t: Translate; locale: Locale; timeZone: string },
  { showContact = false, showAccount = true }: { showContact?: boolean; showAccount?: boolean } = {},
): ColumnDef<AuditEntryView, unknown>[] {
  const money = (value: string | null, currency: string | null) =>
    value === null || currency === null ? t("common.none") : formatMoney(value, currency, locale);
  const all: (ColumnDef<AuditEntryView, unknown> | false)[] = [
    {
      id: "time",
      header: t("audit.time"),
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => formatTimestamp(row.original.createdAt, locale, timeZone),
    },
    {
      id: "user",
      header: t("audit.user"),
      cell: ({ row }) => (
        <>
          <span data-testid="audit-user">{row.original.userEmail}</span>
          <span className="block text-xs text-muted">{t(`role.${row.original.userRole}`)}</span>
        </>
      ),
    },
    showContact && {
      id: "contact",
      header: t("audit.contact"),
      cell: ({ row }) => (
        <RowLink
          className="underline"
          href={`/contacts/${row.original.contactId}`}
          title={t("audit.contact_fallback", { id: row.original.contactId })}
          data-testid="audit-contact"
        >
          {contactLabel(row.original, t)}
        </RowLink>
      ),
    },
    showAccount && {
      id: "account",
      header: t("audit.account"),
      meta: { className: "whitespace-nowrap" },
      // A contact has one account per currency: the currency (and whose, where no contact column says it) names the account.
      cell: ({ row }) => (
        <span title={row.original.accountId !== null ? t("audit.account_id", { id: row.original.accountId }) : undefined}>
          {row.original.currency ?? t("common.none")}
          {showContact ? null : <span className="block text-xs text-muted">{contactLabel(row.original, t)}</span>}
        </span>
      ),
    },
    {
      id: "kind",
      header: t("audit.kind"),
      cell: ({ row }) => (
        <>
          {t(KIND_KEYS[row.original.kind])}
          {row.original.reconcilesEntryId !== null ? (
            <span className="ml-1">
              <Badge>{t("audit.reconciled", { id: row.original.reconcilesEntryId })}</Badge>
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: "amount",
      header: t("audit.amount"),
      meta: NUMBER_COLUMN,
      cell: ({ row }) => money(row.original.amount, row.original.currency),
    },
    {
      id: "description",
      header: t("audit.description"),
      meta: { className: "max-w-xs min-w-40 wrap-anywhere" },
      cell: ({ row }) => (
        <>
          {row.original.description ?? t("common.none")}
          {row.original.batchId ? (
            <RowLink href={`/adjustments/${row.original.batchId}`} className="block text-xs text-muted underline" data-testid="audit-batch">
              {t("audit.batch_line", { line: row.original.batchLine ?? "" })}
            </RowLink>
          ) : null}
        </>
      ),
    },
    {
      id: "outcome",
      header: t("audit.outcome"),
      cell: ({ row }) => (
        <span className={`whitespace-nowrap ${OUTCOME_CLASS[row.original.outcome]}`}>
          {t(`audit.outcome.${row.original.outcome}`)}
          {row.original.errorCode ? (
            <span className="block text-xs" title={row.original.errorCode} data-testid="audit-error" data-code={row.original.errorCode}>
              {describeCode(row.original.errorCode, t)}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "balance_after",
      header: t("audit.balance_after"),
      meta: NUMBER_COLUMN,
      cell: ({ row }) => money(row.original.balanceAfter, row.original.currency),
    },
    {
      id: "request_id",
      header: t("audit.request_id"),
      meta: { className: "font-mono text-xs text-muted" },
      cell: ({ row }) =>
        row.original.requestId ? (
          // The full id is in the CSV export and the title; eight characters find it in the platform's log.
          <abbr title={row.original.requestId} className="no-underline">
            {row.original.requestId.slice(0, 8)}
          </abbr>
        ) : (
          t("common.none")
        ),
    },
  ];
  return all.filter((column) => column !== false);
}

/** An audit entry's row: its test id, kind and outcome. */
export const auditRowProps = (entry: AuditEntryView): RowAttributes => ({ "data-testid": "audit-row", "data-kind": entry.kind, "data-outcome": entry.outcome });
