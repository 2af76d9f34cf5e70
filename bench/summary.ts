import { goalMet, type Goal, type ReportedFigure } from "./report";

/** One benchmark of a `npm run bench` run: how it ended and the figures it reported. */
export interface BenchRun {
  /** The script's name without "bench:" (`contacts`). */
  name: string;
  /** The child's exit code; null when it ended by a signal or never started. */
  exitCode: number | null;
  /** The signal that ended it, if one did. */
  signal?: string | null;
  /** Why it did not run (the build failed, the run was interrupted): set only for a benchmark that never started. */
  notRun?: string;
  seconds: number;
  figures: ReportedFigure[];
  /** Lines of its report file that were not figures. */
  unreadable?: string[];
}

/** Why the benchmark counts as failed (it did not run, or ended otherwise than with exit code 0); null when it ran. */
function failureOf(run: BenchRun): string | null {
  if (run.notRun !== undefined) return `not run: ${run.notRun}`;
  if (run.signal) return `FAILED: ended by ${run.signal}`;
  if (run.exitCode !== 0) return `FAILED: exit code ${run.exitCode}`;
  return null;
}

/** A figure for a table: thousands separated from 1,000, fewer decimals the larger it is; "n/a" when not measured. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return value === undefined ? "" : "n/a";
  const size = Math.abs(value);
  const digits = size >= 100 ? 0 : size >= 10 ? 1 : 2;
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const withUnit = (value: number | null | undefined, unit: string | undefined) => {
  const text = formatNumber(value);
  return text && unit && text !== "n/a" ? `${text} ${unit}` : text;
};

/** "≤ 2.5", "≥ 90 score": the goal as it reads, with the value's unit when it applies to the value. */
function formatGoal(goal: Goal | undefined, unit: string | undefined): string {
  if (!goal) return "";
  const [sign, bound] = "atMost" in goal ? ["≤", goal.atMost] : ["≥", goal.atLeast];
  return `${sign} ${bound}${unit ? ` ${unit}` : ""}`;
}

const TABLE_HEADER = ["benchmark", "measure", "value", "floor", "ratio", "goal", "met?"] as const;

/** The table's rows: a benchmark's figures, then a row saying it failed or reported nothing when it did. */
export function summaryRows(runs: BenchRun[]): string[][] {
  const rows: string[][] = [];
  for (const run of runs) {
    for (const figure of run.figures) {
      const met = figure.met ?? goalMet({ value: figure.value ?? NaN, ratio: figure.ratio ?? undefined, goal: figure.goal });
      const goalUnit = figure.ratio === undefined || figure.ratio === null ? figure.unit : undefined;
      rows.push([
        run.name,
        figure.measure,
        withUnit(figure.value, figure.unit),
        withUnit(figure.floor, figure.unit),
        formatNumber(figure.ratio),
        formatGoal(figure.goal, goalUnit),
        met === null || met === undefined ? "-" : met ? "yes" : "NO",
      ]);
    }
    if (run.unreadable?.length) rows.push([run.name, `(${run.unreadable.length} report lines were not figures)`, "", "", "", "", ""]);
    const failure = failureOf(run);
    if (failure) rows.push([run.name, failure, "", "", "", "", ""]);
    else if (run.figures.length === 0) rows.push([run.name, "(no figures reported)", "", "", "", "", ""]);
  }
  return rows;
}

/** Seconds as "42 s" or "3 min 05 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** The one table of a run, then a line of what failed and a line of the goals met and not met. */
export function summaryTable(runs: BenchRun[]): string {
  const rows = [[...TABLE_HEADER], ...summaryRows(runs)];
  const widths = TABLE_HEADER.map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  // Numbers to the right, words to the left.
  const right = new Set([2, 3, 4]);
  const line = (row: string[]) =>
    row
      .map((cell, column) => (right.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  const failed = runs.filter((run) => failureOf(run) !== null);
  const figures = runs.flatMap((run) => run.figures);
  const verdicts = summaryRows(runs).filter((row) => row[6] === "yes" || row[6] === "NO");
  const met = verdicts.filter((row) => row[6] === "yes").length;
  const unmet = verdicts.length - met;
  const lines = [
    line(rows[0]),
    rule,
    ...rows.slice(1).map(line),
    rule,
    `${runs.length} benchmark${runs.length === 1 ? "" : "s"}: ${runs.length - failed.length} ran, ${failed.length} failed or not run` +
      (failed.length ? ` (${failed.map((run) => `${run.name}: ${failureOf(run)}`).join("; ")})` : ""),
    `goals: ${met} met, ${unmet} not met; ${figures.length - verdicts.length} figure${figures.length - verdicts.length === 1 ? "" : "s"} without a goal`,
    `time: ${runs.map((run) => `${run.name} ${formatDuration(run.seconds)}`).join(", ")}`,
  ];
  return `${lines.join("\n")}\n`;
}

/** `npm run bench`'s exit code: 1 when a benchmark failed or could not run; an unmet goal does not count. */
export const exitCodeOf = (runs: BenchRun[]): number => (runs.some((run) => failureOf(run) !== null) ? 1 : 0);
