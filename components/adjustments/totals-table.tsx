import type { ColumnDef } from "@tanstack/react-table";
import { ServerDataTable } from "@/components/ui/server-data-table";
import type { TotalsView } from "@/lib/features/adjustments/views";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { formatCount } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import { netMinor } from "./format";

type TotalsRow = TotalsView[number];
/** An amount column: right-aligned on a wide screen, under its label on a phone card. */
export const AMOUNT = { className: "text-right tabular-nums whitespace-nowrap max-md:text-left", headerClassName: "text-right" };

/**
 * Per currency: the top-ups and the debits (how many, their sum) and the net change, in the viewer's language. Drawn on
 * the server (the batch's page passes it to the confirmation as a slot), so the page ships no table code.
 */
export function TotalsTable({ totals, caption, t, locale }: { totals: TotalsView; caption?: string; t: Translate; locale: Locale }) {
  const money = (minor: bigint | string, currency: string) => formatMoney(minor, currency, locale);
  const columns: ColumnDef<TotalsRow, unknown>[] = [
    { id: "currency", header: t("adjustments.page.totals.currency"), cell: ({ row }) => <span className="font-mono">{row.original.currency}</span> },
    { id: "top_ups", header: t("adjustments.page.totals.top_ups"), meta: AMOUNT, cell: ({ row }) => formatCount(row.original.topUps.count, locale) },
    {
      id: "top_ups_sum",
      header: t("adjustments.page.totals.top_ups_sum"),
      meta: AMOUNT,
      cell: ({ row }) => <span data-testid="totals-top-ups">{money(row.original.topUps.minor, row.original.currency)}</span>,
    },
    { id: "debits", header: t("adjustments.page.totals.debits"), meta: AMOUNT, cell: ({ row }) => formatCount(row.original.debits.count, locale) },
    {
      id: "debits_sum",
      header: t("adjustments.page.totals.debits_sum"),
      meta: AMOUNT,
      cell: ({ row }) => <span data-testid="totals-debits">{money(row.original.debits.minor, row.original.currency)}</span>,
    },
    {
      id: "net",
      header: t("adjustments.page.totals.net"),
      meta: { ...AMOUNT, className: `${AMOUNT.className} font-medium` },
      cell: ({ row }) => <span data-testid="totals-net">{money(netMinor(row.original), row.original.currency)}</span>,
    },
  ];
  return (
    <ServerDataTable
      columns={columns}
      data={totals}
      getRowId={(row) => row.currency}
      caption={caption ?? t("adjustments.page.totals.caption")}
      empty={t("adjustments.page.totals.empty")}
      rowProps={(row) => ({ "data-testid": "totals-row", "data-currency": row.currency })}
      testId="adjustment-totals"
      t={t}
      locale={locale}
    />
  );
}
