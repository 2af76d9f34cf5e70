"use client";

import "uplot/dist/uPlot.min.css";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import type uPlot from "uplot";
import { useI18n } from "@/components/shell/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import { NUMBER_COLUMN } from "@/components/ui/data-table-view";
import { formatCount } from "@/lib/dashboard/format";
import { formatMoney, minorToMajor } from "@/lib/core/money/money";
import type { Locale } from "@/lib/i18n/config";

/** A line of the chart: its name, one value per day (money: integer minor units as text), its colour from app/globals.css. */
export interface ChartSeries {
  label: string;
  values: readonly (number | string)[];
  tone: "primary" | "success" | "danger";
}

type DayRow = { date: string; values: readonly (number | string)[] };

const HEIGHT = 220;
const WHOLE_STEPS = [1, 2, 5].flatMap((step) => [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].map((power) => step * power)).sort((a, b) => a - b);

/** A calendar day (YYYY-MM-DD) in the viewer's language; the day is a date, not an instant, so it is read in UTC. */
function formatDay(date: string, locale: Locale, style: "short" | "long"): string {
  const options: Intl.DateTimeFormatOptions = style === "short" ? { day: "numeric", month: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Numbers per day as a line chart (uPlot, loaded only when a chart is shown,
 * on the client), with the same numbers as a table under "Show as a table" for
 * screen readers and for reading exact values. Colours are read from the CSS
 * variables of the theme, and the chart is drawn again when the theme changes.
 * `currency`: the values are money in minor units of that currency.
 */
export function DailyChart({
  title,
  days,
  series,
  currency = null,
  testId,
}: {
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  currency?: string | null;
  testId?: string;
}) {
  const { t, locale } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const format = useMemo(
    () => (value: number | string) => (currency ? formatMoney(String(value), currency, locale) : formatCount(Number(value), locale)),
    [currency, locale],
  );
  // The effect depends on the numbers, not on the identity of the arrays the parent passes.
  const dataKey = JSON.stringify([days, series, currency, locale]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let stopped = false;
    const plotValue = (value: number | string) => (currency ? Number(minorToMajor(String(value), currency)) : Number(value));
    const draw = async () => {
      try {
        const { default: UPlot } = await import("uplot");
        if (stopped) return;
        const style = getComputedStyle(document.documentElement);
        const color = (name: string) => style.getPropertyValue(`--${name}`).trim() || "currentColor";
        const axis = { stroke: color("muted"), grid: { stroke: color("border"), width: 1 }, ticks: { stroke: color("border"), width: 1 } };
        const compact = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
        plot?.destroy();
        plot = new UPlot(
          {
            width: Math.max(element.clientWidth, 200),
            height: HEIGHT,
            legend: { show: false },
            cursor: { drag: { x: false, y: false } },
            tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
            scales: { x: { time: true }, y: { range: (_, min, max) => [Math.min(0, min), Math.max(1, max)] } },
            axes: [
              {
                ...axis,
                space: 64,
                values: (_, splits) => splits.map((seconds) => formatDay(new Date(seconds * 1000).toISOString().slice(0, 10), locale, "short")),
              },
              // Counts are whole: no tick at 0.5 contacts.
              { ...axis, size: 56, ...(currency ? {} : { incrs: WHOLE_STEPS }), values: (_, splits) => splits.map((value) => compact.format(value)) },
            ],
            series: [{}, ...series.map((line) => ({ label: line.label, stroke: color(line.tone), width: 2, points: { show: days.length <= 31 } }))],
          },
          [days.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000), ...series.map((line) => line.values.map(plotValue))],
          element,
        );
      } catch {
        // No canvas (an old browser, a test's DOM): the table says the same.
        if (!stopped) setFailed(true);
      }
    };
    void draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    // The theme is a class on <html> (light, dark, system) and the system's preference.
    const themeChange = new MutationObserver(() => void draw());
    themeChange.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    const scheme = window.matchMedia?.("(prefers-color-scheme: dark)");
    const schemeChange = () => void draw();
    scheme?.addEventListener("change", schemeChange);
    return () => {
      stopped = true;
      resize.disconnect();
      themeChange.disconnect();
      scheme?.removeEventListener("change", schemeChange);
      plot?.destroy();
    };
    // dataKey stands for days, series, currency and locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataKey]);

  const rows = useMemo<DayRow[]>(() => days.map((date, index) => ({ date, values: series.map((line) => line.values[index] ?? 0) })), [days, series]);
  const columns = useMemo<ColumnDef<DayRow>[]>(
    () => [
      { id: "day", header: t("overview.day"), meta: { className: "whitespace-nowrap" }, cell: ({ row }) => formatDay(row.original.date, locale, "long") },
      ...series.map<ColumnDef<DayRow>>((line, index) => ({
        id: `series-${index}`,
        header: line.label,
        meta: NUMBER_COLUMN,
        cell: ({ row }) => format(row.original.values[index]),
      })),
    ],
    [series, t, locale, format],
  );

  return (
    <figure className="min-w-0" data-testid={testId}>
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden="true">
        {series.map((line) => (
          <span key={line.label} className="inline-flex items-center gap-1">
            <span className="inline-block h-0.5 w-4" style={{ backgroundColor: `var(--${line.tone})` }} />
            {line.label}
          </span>
        ))}
      </div>
      {/* The chart's height is kept from the first paint (uPlot draws it once its code has loaded): nothing below it moves. */}
      {failed ? null : <div ref={box} className="mt-2 w-full min-w-0 overflow-hidden" style={{ minHeight: HEIGHT }} role="img" aria-label={title} />}
      <details className="mt-2" open={failed || undefined}>
        <summary className="cursor-pointer text-sm text-primary underline">{t("overview.table_view")}</summary>
        <DataTable
          className="mt-2"
          columns={columns}
          data={rows}
          getRowId={(row) => row.date}
          caption={t("overview.table_caption", { title })}
          testId={testId ? `${testId}-table` : undefined}
        />
      </details>
    </figure>
  );
}
