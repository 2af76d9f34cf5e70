import Link from "next/link";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { formatTimestamp } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/money/money";
import type { AuditEntryView } from "@/lib/ledger/types";
import { Badge } from "@/components/ui/badge";
import { Table, td, th } from "@/components/ui/table";
import { KIND_KEYS } from "./describe";

const OUTCOME_CLASS: Record<AuditEntryView["outcome"], string> = {
  succeeded: "text-success",
  failed: "text-danger",
  unknown: "text-warning",
};

/** Audit entries as a table; no hooks, so both the Activity page (server) and the ledger panel (browser) render it. */
export function AuditTable({
  entries,
  caption,
  t,
  locale,
  timeZone,
  showContact,
  showAccount = true,
}: {
  entries: AuditEntryView[];
  caption: string;
  t: Translate;
  locale: Locale;
  /** The viewer's IANA zone, for the times. */
  timeZone: string;
  showContact?: boolean;
  /** Off inside one account's card, where the account is known. */
  showAccount?: boolean;
}) {
  const money = (value: string | null, currency: string | null) => (value === null || currency === null ? t("common.none") : formatMoney(value, currency, locale));
  return (
    <Table
      focusable
      caption={caption}
      head={
        <>
          <th scope="col" className={th}>{t("audit.time")}</th>
          <th scope="col" className={th}>{t("audit.user")}</th>
          {showContact ? <th scope="col" className={th}>{t("audit.contact")}</th> : null}
          {showAccount ? <th scope="col" className={th}>{t("audit.account")}</th> : null}
          <th scope="col" className={th}>{t("audit.kind")}</th>
          <th scope="col" className={th}>{t("audit.amount")}</th>
          <th scope="col" className={th}>{t("audit.description")}</th>
          <th scope="col" className={th}>{t("audit.outcome")}</th>
          <th scope="col" className={th}>{t("audit.balance_after")}</th>
          <th scope="col" className={th}>{t("audit.request_id")}</th>
        </>
      }
    >
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="audit-row" data-kind={entry.kind} data-outcome={entry.outcome}>
          <td className={`${td} whitespace-nowrap`}>{formatTimestamp(entry.createdAt, locale, timeZone)}</td>
          <td className={td}>
            <span data-testid="audit-user">{entry.userEmail}</span>
            <span className="block text-xs text-muted">{t(`role.${entry.userRole}`)}</span>
          </td>
          {showContact ? (
            <td className={`${td} font-mono`}>
              <Link className="underline" href={`/contacts/${entry.contactId}`}>
                {entry.contactId}
              </Link>
            </td>
          ) : null}
          {showAccount ? (
            <td className={`${td} whitespace-nowrap`}>
              {entry.currency ?? t("common.none")}
              {entry.accountId !== null ? <span className="ml-1 font-mono text-xs text-muted">#{entry.accountId}</span> : null}
            </td>
          ) : null}
          <td className={td}>
            {t(KIND_KEYS[entry.kind])}
            {entry.reconcilesEntryId !== null ? (
              <span className="ml-1">
                <Badge>{t("audit.reconciled", { id: entry.reconcilesEntryId })}</Badge>
              </span>
            ) : null}
          </td>
          <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{money(entry.amount, entry.currency)}</td>
          <td className={`${td} max-w-xs break-words`}>{entry.description ?? t("common.none")}</td>
          <td className={`${td} whitespace-nowrap ${OUTCOME_CLASS[entry.outcome]}`}>
            {t(`audit.outcome.${entry.outcome}`)}
            {entry.errorCode ? <span className="block font-mono text-xs">{entry.errorCode}</span> : null}
          </td>
          <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{money(entry.balanceAfter, entry.currency)}</td>
          <td className={`${td} font-mono text-xs text-muted`}>
            {entry.requestId ? (
              // The full id is in the CSV export and the title; eight characters find it in the platform's log.
              <abbr title={entry.requestId} className="no-underline">
                {entry.requestId.slice(0, 8)}
              </abbr>
            ) : (
              t("common.none")
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
