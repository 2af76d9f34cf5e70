import { ChartPlot } from "./chart-plot";
import type { ChartSeries } from "./days";

/**
 * Numbers per day: a legend, a line chart (ChartPlot, on the client) and the same numbers as a table under "Show as a
 * table" for screen readers and for reading exact values (DailyTable, drawn when that opens). `currency`: the values
 * are money in minor units of that currency.
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
      <ChartPlot title={title} days={days} series={series} currency={currency} tableTestId={testId ? `${testId}-table` : undefined} />
    </figure>
  );
}
