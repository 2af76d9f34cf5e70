import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { ServerDataTable } from "@/components/ui/server-data-table";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import type { DryRunFailureView, DryRunView } from "@/lib/features/adjustments/views";
import { formatCount, formatTimestamp } from "@/lib/dashboard/format";
import { hasText } from "@/lib/i18n/format";
import { describeCode } from "@/lib/features/ledger/outcome-codes";
import { formatMoney } from "@/lib/core/money/money";
import { directionName } from "./format";
import { AMOUNT } from "./totals-table";
import { contactHref } from "@/lib/features/contacts/rows";

/** Codes with their own sentence ("3 accounts are blocked"); any other is counted with the ledger's words for it. */
const outcomeKey = (code: string) => `adjustments.page.dry_run.code.${code}`;

/**
 * What the dry run found without changing anything: how many rows would go through, the refusals by reason in
 * words, when it was checked, and the first rows that would be refused. Drawn on the server: the page ships no table code.
 */
export function DryRunSummary({ dryRun, t, locale, timeZone }: { dryRun: DryRunView; t: Translate; locale: Locale; timeZone: string }) {
  const refused = Object.entries(dryRun.byCode)
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b));
  const refusedTotal = refused.reduce((sum, [, count]) => sum + count, 0);
  const columns: ColumnDef<DryRunFailureView, unknown>[] = [
    { id: "line", header: t("adjustments.page.rows.line"), meta: { className: "tabular-nums" }, cell: ({ row }) => formatCount(row.original.line, locale) },
    {
      id: "contact",
      header: t("adjustments.page.rows.contact"),
      cell: ({ row }) => (
        <Link href={contactHref({ id: row.original.contactId })} className="underline">
          {t("adjustments.page.rows.contact_link", { id: row.original.contactId })}
        </Link>
      ),
    },
    { id: "currency", header: t("adjustments.page.rows.currency"), cell: ({ row }) => <span className="font-mono">{row.original.currency}</span> },
    { id: "direction", header: t("adjustments.page.rows.direction"), cell: ({ row }) => directionName(row.original.direction, t) },
    {
      id: "amount",
      header: t("adjustments.page.rows.amount"),
      meta: AMOUNT,
      cell: ({ row }) => formatMoney(row.original.amountMinor, row.original.currency, locale),
    },
    { id: "reason", header: t("adjustments.page.rows.reason"), cell: ({ row }) => describeCode(row.original.code, t) },
  ];
  return (
    <div className="space-y-3" data-testid="dry-run-summary">
      <ul className="space-y-1 text-sm">
        <li className="text-success" data-testid="dry-run-ok">
          {t("adjustments.page.dry_run.ok", { count: formatCount(dryRun.ok, locale) })}
        </li>
        {refused.map(([code, count]) => (
          <li key={code} className="text-danger" data-testid="dry-run-refused" data-code={code}>
            {hasText(t, outcomeKey(code))
              ? t(outcomeKey(code), { count: formatCount(count, locale) })
              : t("adjustments.page.dry_run.code_other", { count: formatCount(count, locale), reason: describeCode(code, t) })}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">{t("adjustments.page.dry_run.checked_at", { time: formatTimestamp(dryRun.checkedAt, locale, timeZone) })}</p>
      {refusedTotal > 0 ? (
        <>
          <ServerDataTable
            columns={columns}
            data={dryRun.failures}
            getRowId={(row) => String(row.line)}
            caption={t("adjustments.page.dry_run.failures")}
            rowProps={(row) => ({ "data-testid": "dry-run-failure", "data-line": row.line })}
            testId="dry-run-failures"
            t={t}
            locale={locale}
          />
          {refusedTotal > dryRun.failures.length ? (
            <p className="text-sm text-muted">
              {t("adjustments.page.dry_run.failures_more", { shown: formatCount(dryRun.failures.length, locale), total: formatCount(refusedTotal, locale) })}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
