"use client";

import "uplot/dist/uPlot.min.css";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { useI18n } from "@/components/shell/i18n-provider";
import { minorToMajor } from "@/lib/core/money/money";
import { formatDay, type ChartSeries } from "./days";

const HEIGHT = 220;
// The table's code and rows come when the toggle opens: a closed toggle costs the page no markup (five charts of 30
// days were 340 kB of the overview's 466 kB of HTML, drawn and hydrated for nobody).
const DailyTable = lazy(() => import("./daily-table").then((module) => ({ default: module.DailyTable })));
const WHOLE_STEPS = [1, 2, 5].flatMap((step) => [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].map((power) => step * power)).sort((a, b) => a - b);

/**
 * The chart of a DailyChart (uPlot, loaded when a chart comes near the screen, on the client), and under it the same numbers as
 * a table (DailyTable) behind "Show as a table", drawn when the toggle opens, and open when the chart cannot be drawn.
 * Colours are read from the CSS variables of the theme, and the chart is drawn again when the theme changes.
 * `currency`: the values are money in minor units of that currency.
 */
export function ChartPlot({
  title,
  days,
  series,
  currency = null,
  tableTestId,
}: {
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  currency?: string | null;
  tableTestId?: string;
}) {
  const { t, locale } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [tableOpen, setTableOpen] = useState(false);
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
    // Drawn when its box comes near the screen: a chart below the first screen (on a phone, most of them) costs the
    // page's start neither uPlot's code nor its drawing. Without IntersectionObserver, at once.
    let shown = typeof IntersectionObserver === "undefined";
    const redraw = () => void (shown && draw());
    const nearScreen = shown
      ? null
      : new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            shown = true;
            nearScreen?.disconnect();
            void draw();
          },
          { rootMargin: "200px 0px" },
        );
    if (nearScreen) nearScreen.observe(element);
    else void draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    // The theme is a class on <html> (light, dark, system) and the system's preference.
    const themeChange = new MutationObserver(redraw);
    themeChange.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    const scheme = window.matchMedia?.("(prefers-color-scheme: dark)");
    scheme?.addEventListener("change", redraw);
    return () => {
      stopped = true;
      nearScreen?.disconnect();
      resize.disconnect();
      themeChange.disconnect();
      scheme?.removeEventListener("change", redraw);
      plot?.destroy();
    };
    // dataKey stands for days, series, currency and locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataKey]);

  return (
    <>
      {/* The chart's height is kept from the first paint (uPlot draws it once its code has loaded): nothing below it moves. */}
      {failed ? null : <div ref={box} className="mt-2 w-full min-w-0 overflow-hidden" style={{ minHeight: HEIGHT }} role="img" aria-label={title} />}
      <details className="mt-2" open={failed || undefined} onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm text-primary underline">{t("overview.table_view")}</summary>
        {tableOpen || failed ? (
          <Suspense fallback={<p className="mt-2 text-sm text-muted">{t("common.loading")}</p>}>
            <DailyTable title={title} days={days} series={series} currency={currency} testId={tableTestId} t={t} locale={locale} />
          </Suspense>
        ) : null}
      </details>
    </>
  );
}
