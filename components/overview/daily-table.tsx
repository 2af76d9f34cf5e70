import type { ColumnDef } from "@tanstack/react-table";
import { NUMBER_COLUMN } from "@/components/ui/data-table-view";
import { ServerDataTable } from "@/components/ui/server-data-table";
import { formatCount } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { formatDay, type ChartSeries } from "./days";

type DayRow = { date: string; values: readonly (number | string)[] };

/** A chart's numbers as a table, a row per day and a column per line (ServerDataTable's markup, hook-free: ChartPlot loads it when its toggle opens). */
export function DailyTable({
  title,
  days,
  series,
  currency,
  testId,
  t,
  locale,
}: {
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  currency: string | null;
  testId?: string;
  t: Translate;
  locale: Locale;
}) {
  const format = (value: number | string) => (currency ? formatMoney(String(value), currency, locale) : formatCount(Number(value), locale));
  const rows: DayRow[] = days.map((date, index) => ({ date, values: series.map((line) => line.values[index] ?? 0) }));
  const columns: ColumnDef<DayRow, unknown>[] = [
    { id: "day", header: t("overview.day"), meta: { className: "whitespace-nowrap" }, cell: ({ row }) => formatDay(row.original.date, locale, "long") },
    ...series.map<ColumnDef<DayRow, unknown>>((line, index) => ({
      id: `series-${index}`,
      header: line.label,
      meta: NUMBER_COLUMN,
      cell: ({ row }) => format(row.original.values[index]),
    })),
  ];
  return (
    <ServerDataTable
      className="mt-2"
      columns={columns}
      data={rows}
      getRowId={(row) => row.date}
      caption={t("overview.table_caption", { title })}
      testId={testId}
      t={t}
      locale={locale}
    />
  );
}
