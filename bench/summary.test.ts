import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { benchmarksOf, parseOptions, selectBenchmarks } from "./plan";
import { readReport, reportRatio } from "./report";
import { exitCodeOf, formatNumber, summaryRows, summaryTable, type BenchRun } from "./summary";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-summary-test-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A package.json with these scripts, and these files, in the test's folder. */
function project(scripts: Record<string, string>, files: Record<string, string> = {}): string {
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bench-test", private: true, scripts }));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A run of `name` whose figures went through a real report file. */
function runFrom(name: string, exitCode: number | null, report: (file: string) => void, seconds = 12): BenchRun {
  const file = path.join(dir, `${name}.jsonl`);
  report(file);
  const { figures, unreadable } = readReport(file);
  return { name, exitCode, seconds, figures, unreadable };
}

describe("bench report", () => {
  test("reportRatio writes nothing without a report file, one JSON line per figure with one", () => {
    const file = path.join(dir, "report.jsonl");
    reportRatio({ bench: "contacts", measure: "alone", value: 1 }, undefined);
    expect(fs.existsSync(file)).toBe(false);
    reportRatio({ bench: "contacts", measure: "offset export vs COPY", value: 4.2, unit: "s", floor: 2, ratio: 2.1, goal: { atMost: 2.5 } }, file);
    reportRatio({ bench: "search", measure: "p95", value: 61, unit: "ms", goal: { atMost: 50 } }, file);
    reportRatio({ bench: "lists", measure: "not measured", value: NaN }, file);
    const lines = fs.readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { bench: "contacts", measure: "offset export vs COPY", value: 4.2, unit: "s", floor: 2, ratio: 2.1, goal: { atMost: 2.5 }, met: true },
      { bench: "search", measure: "p95", value: 61, unit: "ms", goal: { atMost: 50 }, met: false },
      { bench: "lists", measure: "not measured", value: null },
    ]);
  });

  test("readReport: a missing file is no figures; a line that is not a figure is set apart", () => {
    expect(readReport(path.join(dir, "none.jsonl"))).toEqual({ figures: [], unreadable: [] });
    const file = path.join(dir, "mixed.jsonl");
    fs.writeFileSync(file, '{"bench":"a","measure":"m","value":1}\nnot json\n{"bench":"a"}\n\n');
    expect(readReport(file)).toEqual({ figures: [{ bench: "a", measure: "m", value: 1 }], unreadable: ["not json", '{"bench":"a"}'] });
  });
});

describe("bench summary table", () => {
  test("report lines in, the table out: figures, a failed benchmark, unmet goals, a benchmark with no figures", () => {
    const runs = [
      runFrom("accounts", 0, (file) => {
        reportRatio({ bench: "accounts", measure: "top-up, 1 client", value: 148.4, unit: "req/s", floor: 229, ratio: 0.648, goal: { atLeast: 0.5 } }, file);
        reportRatio({ bench: "accounts", measure: "debit, 16 clients", value: 301, unit: "req/s", floor: 702, ratio: 0.4288, goal: { atLeast: 0.5 } }, file);
        reportRatio({ bench: "accounts", measure: "empty GET, 1 client", value: 1234.5, unit: "req/s", floor: 2500, ratio: 0.4938 }, file);
      }),
      runFrom("contacts", 1, (file) => {
        reportRatio({ bench: "contacts", measure: "last batch ÷ first (pg)", value: 1.25, unit: "×", goal: { atMost: 2 } }, file);
      }),
      runFrom("search", 0, (file) => reportRatio({ bench: "search", measure: "p95, slowest kind", value: 61.04, unit: "ms", goal: { atMost: 50 } }, file)),
      runFrom("lists", 0, () => {}, 75),
      { name: "export", exitCode: null, notRun: "next build failed", seconds: 0, figures: [] },
      { name: "calls", exitCode: null, signal: "SIGKILL", seconds: 3, figures: [] },
    ];
    expect(summaryRows(runs)).toEqual([
      ["accounts", "top-up, 1 client", "148 req/s", "229 req/s", "0.65", "≥ 0.5", "yes"],
      ["accounts", "debit, 16 clients", "301 req/s", "702 req/s", "0.43", "≥ 0.5", "NO"],
      ["accounts", "empty GET, 1 client", "1,235 req/s", "2,500 req/s", "0.49", "", "-"],
      ["contacts", "last batch ÷ first (pg)", "1.25 ×", "", "", "≤ 2 ×", "yes"],
      ["contacts", "FAILED: exit code 1", "", "", "", "", ""],
      ["search", "p95, slowest kind", "61.0 ms", "", "", "≤ 50 ms", "NO"],
      ["lists", "(no figures reported)", "", "", "", "", ""],
      ["export", "not run: next build failed", "", "", "", "", ""],
      ["calls", "FAILED: ended by SIGKILL", "", "", "", "", ""],
    ]);
    const table = summaryTable(runs).split("\n");
    expect(table[0]).toBe("benchmark  measure                           value        floor  ratio  goal     met?");
    expect(table[2]).toBe("accounts   top-up, 1 client              148 req/s    229 req/s   0.65  ≥ 0.5    yes");
    expect(table[6]).toBe("contacts   FAILED: exit code 1");
    expect(table.slice(-4)).toEqual([
      "6 benchmarks: 3 ran, 3 failed or not run (contacts: FAILED: exit code 1; export: not run: next build failed; calls: FAILED: ended by SIGKILL)",
      "goals: 2 met, 2 not met; 1 figure without a goal",
      "time: accounts 12 s, contacts 12 s, search 12 s, lists 1 min 15 s, export 0 s, calls 3 s",
      "",
    ]);
    // A failed benchmark fails the run; unmet goals alone do not.
    expect(exitCodeOf(runs)).toBe(1);
    expect(exitCodeOf(runs.filter((run) => run.exitCode === 0))).toBe(0);
  });

  test("a figure that could not be measured reads n/a and meets no goal", () => {
    const run = runFrom("signin", 0, (file) => reportRatio({ bench: "signin", measure: "p99", value: Infinity, unit: "ms", goal: { atMost: 1000 } }, file));
    expect(summaryRows([run])).toEqual([["signin", "p99", "n/a", "", "", "≤ 1000 ms", "-"]]);
    expect(formatNumber(0.5)).toBe("0.50");
    expect(formatNumber(12.345)).toBe("12.3");
    expect(formatNumber(1_000_000)).toBe("1,000,000");
  });
});

describe("bench plan", () => {
  test("every bench:* script in order; a new one joins with its build need read from its source", () => {
    const root = project(
      {
        build: "next build",
        "bench:contacts": "tsx bench/contacts.ts",
        "bench:browse": "tsx --conditions=react-server bench/browse.ts",
        "bench:new": "tsx bench/new.ts",
      },
      { "bench/browse.ts": 'import { startServer } from "@/lib/testing/server";\n', "bench/new.ts": "console.log(1);\n" },
    );
    expect(benchmarksOf(root).map(({ name, needsBuild, knownQuick }) => ({ name, needsBuild, knownQuick }))).toEqual([
      { name: "contacts", needsBuild: false, knownQuick: true },
      { name: "browse", needsBuild: true, knownQuick: true },
      { name: "new", needsBuild: false, knownQuick: false },
    ]);
  });

  test("options: --only, --skip, --quick and BENCH_SCALE; unknown names and options are errors", () => {
    expect(parseOptions(["--only", "bench:contacts,search", "--skip=lists", "--quick"], undefined)).toEqual({
      only: ["contacts", "search"],
      skip: ["lists"],
      quick: true,
      rebuild: false,
      help: false,
    });
    expect(parseOptions([], "quick").quick).toBe(true);
    expect(parseOptions([], "full").quick).toBe(false);
    expect(() => parseOptions([], "small")).toThrow("BENCH_SCALE must be quick or full, not small");
    expect(() => parseOptions(["--only"], undefined)).toThrow("--only needs a list of benchmarks");
    expect(() => parseOptions(["--fast"], undefined)).toThrow("unknown option --fast");
    const all = benchmarksOf(project({ "bench:a": "node a.js", "bench:b": "node b.js", "bench:c": "node c.js" }));
    expect(selectBenchmarks(all, { only: null, skip: ["b"] }).map((benchmark) => benchmark.name)).toEqual(["a", "c"]);
    expect(selectBenchmarks(all, { only: ["c", "a"], skip: [] }).map((benchmark) => benchmark.name)).toEqual(["a", "c"]);
    expect(() => selectBenchmarks(all, { only: ["d"], skip: [] })).toThrow("no such benchmark: d (there are: a, b, c)");
  });
});

describe("npm run bench (bench/all.ts)", () => {
  test("runs every benchmark as a child, goes on past a failure, prints one table, exits 1", async () => {
    const good = `require("node:fs").appendFileSync(process.env.BENCH_REPORT,
      JSON.stringify({ bench: "good", measure: "size " + (process.env.BENCH_CONTACTS || "full"),
        value: 2, floor: 1, ratio: 2, goal: { atMost: 2.5 } }) + "\\n");`;
    project(
      { "bench:good": "node good.js", "bench:bad": "node bad.js", "bench:after": "node good.js" },
      { "good.js": good, "bad.js": "console.log('bad ran'); process.exit(3);\n" },
    );
    const tsx = path.join(process.cwd(), "node_modules/.bin/tsx");
    const all = path.join(process.cwd(), "bench/all.ts");
    const run = promisify(execFile)(tsx, [all, "--skip", "after"], { cwd: dir, env: { ...process.env, BENCH_CONTACTS: "7" } });
    const failure = await run.then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain("bad ran");
    const table = failure!.stdout.slice(failure!.stdout.indexOf("benchmark  "));
    expect(table.split("\n").slice(0, 5)).toEqual([
      "benchmark  measure              value  floor  ratio  goal   met?",
      "---------  -------------------  -----  -----  -----  -----  ----",
      "good       size 7                2.00   1.00   2.00  ≤ 2.5  yes",
      "bad        FAILED: exit code 3",
      "---------  -------------------  -----  -----  -----  -----  ----",
    ]);
    expect(failure?.stderr).toContain("=== bench:bad");
    expect(fs.readdirSync(path.join(dir, "bench/out"))).toHaveLength(1);
  });
});
