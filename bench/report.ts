import fs from "node:fs";

/**
 * A benchmark's headline figures, for `npm run bench` (bench/all.ts). Each benchmark prints its own figures as
 * before; it also hands its headline ones to `reportRatio`, which writes nothing when the benchmark runs alone and,
 * when BENCH_REPORT names a file, appends one JSON line per figure to it. bench/all.ts reads those lines back
 * (`readReport`) and prints one table of every benchmark (bench/summary.ts).
 */

/** What a figure must reach: at most or at least a number. It applies to the ratio when there is one, else to the value. */
export type Goal = { atMost: number } | { atLeast: number };

export interface Figure {
  /** The benchmark's name, as in its script (`contacts` for `npm run bench:contacts`). */
  bench: string;
  /** What was measured, in words: "offset export of 20,000 contacts, pg". */
  measure: string;
  value: number;
  /** The value's unit: "ms", "s", "req/s", "rows/s", "×", "score"…; none for a plain number. */
  unit?: string;
  /** The floor the value is held against, in the same unit (COPY's time, the bare handler's req/s, the rate-limit bound). */
  floor?: number;
  /** The benchmark's own ratio of the value to the floor (value ÷ floor, or the inverse where that is how it reads). */
  ratio?: number;
  goal?: Goal;
  /** Whether the goal was met; worked out from the goal when left out. */
  met?: boolean;
}

/** Whether the figure meets its goal; null when it has none (or the number it applies to is not a number). */
export function goalMet(figure: Pick<Figure, "value" | "ratio" | "goal">): boolean | null {
  if (!figure.goal) return null;
  const subject = figure.ratio ?? figure.value;
  if (!Number.isFinite(subject)) return null;
  return "atMost" in figure.goal ? subject <= figure.goal.atMost : subject >= figure.goal.atLeast;
}

/** A headline figure: nothing when the benchmark runs alone; one JSON line appended to BENCH_REPORT's file otherwise. */
export function reportRatio(figure: Figure, file: string | undefined = process.env.BENCH_REPORT): void {
  if (!file) return;
  const met = figure.met ?? goalMet(figure);
  // JSON has no NaN or Infinity: a figure that could not be measured is written as null.
  const number = (value: number | undefined) => (value === undefined ? undefined : Number.isFinite(value) ? value : null);
  const line = {
    bench: figure.bench,
    measure: figure.measure,
    value: number(figure.value),
    unit: figure.unit,
    floor: number(figure.floor),
    ratio: number(figure.ratio),
    goal: figure.goal,
    met: met ?? undefined,
  };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** A figure as read back from a report file: numbers that could not be measured are null. */
export interface ReportedFigure {
  bench: string;
  measure: string;
  value: number | null;
  unit?: string;
  floor?: number | null;
  ratio?: number | null;
  goal?: Goal;
  met?: boolean;
}

/** The figures of a report file (none when it does not exist), and the lines that are not figures. */
export function readReport(file: string): { figures: ReportedFigure[]; unreadable: string[] } {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const figures: ReportedFigure[] = [];
  const unreadable: string[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const parsed = JSON.parse(line) as ReportedFigure;
      if (typeof parsed.bench !== "string" || typeof parsed.measure !== "string" || !("value" in parsed)) throw new Error("not a figure");
      figures.push(parsed);
    } catch {
      unreadable.push(line);
    }
  }
  return { figures, unreadable };
}
