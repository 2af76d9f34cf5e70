"use client";

import { useMemo } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { useI18n } from "@/components/shell/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import type { TotalsView } from "@/lib/features/adjustments/views";
import { formatCount } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import { netMinor } from "./format";

type TotalsRow = TotalsView[number];
const AMOUNT = { className: "text-right tabular-nums whitespace-nowrap max-md:text-left", headerClassName: "text-right" };

/** Per currency: the top-ups and the debits (how many, their sum) and the net change, in the viewer's language. */
export function TotalsTable({ totals, caption }: { totals: TotalsView; caption?: string }) {
  const { t, locale } = useI18n();
  const columns = useMemo<ColumnDef<TotalsRow, unknown>[]>(() => {
    const money = (minor: bigint | string, currency: string) => formatMoney(minor, currency, locale);
    return [
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
  }, [t, locale]);
  return (
    <DataTable
      columns={columns}
      data={totals}
      getRowId={(row) => row.currency}
      caption={caption ?? t("adjustments.page.totals.caption")}
      empty={t("adjustments.page.totals.empty")}
      rowProps={(row) => ({ "data-testid": "totals-row", "data-currency": row.currency })}
      testId="adjustment-totals"
    />
  );
}
