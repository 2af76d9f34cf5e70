/**
 * npm run bench [-- --only a,b] [--skip a,b] [--quick] [--rebuild] — every benchmark, then one table.
 *
 * Runs each `bench:*` script of package.json in turn (bench/plan.ts; a new one joins by its script alone) as
 * `npm run bench:<name>`, its output shown as it runs, with BENCH_REPORT naming a file of its own in a temporary
 * folder; each benchmark appends its headline figures there (bench/report.ts). At the end it prints one table:
 * benchmark, measure, value, floor, ratio, goal, met? (bench/summary.ts), and saves it in bench/out/. A benchmark
 * that fails is a row saying how (its exit code) and the run goes on. The exit code is 1 when a benchmark failed or
 * could not run, 0 otherwise: an unmet goal is a figure, not a failure.
 *
 * - Scale: the full one by default, each benchmark's own defaults (1,000,000 contacts for contacts, search and
 *   statistics; 10,000 adjustment rows; 100,000 and 50,000 contacts for the export; …). `--quick` (or
 *   BENCH_SCALE=quick) sets their size variables small, so that the whole run takes minutes:
 *     accounts    --seconds 1 (per measurement; default 4)
 *     contacts    BENCH_CONTACTS=20000
 *     lists       BENCH_LISTS=200 BENCH_RECORDS=5000
 *     export      BENCH_SCENARIOS=20000:120 (the limit does not bind: no goal for the ratio)
 *     calls       BENCH_CALLS_PEOPLE=3 BENCH_CALLS_SECONDS=20
 *     signin      BENCH_SIGNIN_ATTEMPTS=60 BENCH_SIGNIN_PROBES=2
 *     search      BENCH_CONTACTS=20000 BENCH_SAMPLES=10
 *     adjustments BENCH_ROWS=240 BENCH_CONTACTS=20 BENCH_PAUSE_SECONDS=0
 *     statistics  BENCH_CONTACTS=20000 BENCH_SAMPLES=10
 *     lighthouse  (no size: eight pages)
 *     browse      BENCH_CONTACTS=20000
 *     outage      BENCH_OUTAGE_VIEWS=3 BENCH_CONTACTS=500
 *   A variable already set in the environment wins over the quick value.
 * - Build: accounts, export, calls, signin and lighthouse (and a new benchmark whose source starts the production
 *   server) serve the production build. When one of them is selected and BENCH_DIST_DIR (default .next-bench) holds
 *   no build, this builds it once first (`next build`, under the same lock as bench/accounts.ts); `--rebuild` builds
 *   even when one exists. Every benchmark gets NEXT_DIST_DIR and BENCH_DIST_DIR set to it. When the build fails, the
 *   benchmarks that need it are rows saying so and the others run.
 * - PostgreSQL: the benchmarks that use it create their own databases (DATABASE_ADMIN_URL, else
 *   scripts/ensure-postgres.sh).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchmarksOf, parseOptions, selectBenchmarks, type Benchmark, type Options } from "./plan";
import { buildInto } from "./build";
import { readReport } from "./report";
import { exitCodeOf, formatDuration, summaryTable, type BenchRun } from "./summary";

const ROOT = process.cwd();
const DIST_DIR = process.env.BENCH_DIST_DIR || ".next-bench";

const HELP = `npm run bench [-- options]: runs every bench:* script, then prints one table of their headline figures.
  --only a,b    only these benchmarks (names as in bench:<name>)
  --skip a,b    all but these
  --quick       small sizes, a run of minutes (also BENCH_SCALE=quick); the default is the full scale
  --rebuild     next build even when ${DIST_DIR} holds a build
Benchmarks:`;

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** `next build` into DIST_DIR (bench/build.ts); false when it fails. */
function build(): boolean {
  log(`\n=== next build into ${DIST_DIR} (needed by a selected benchmark) ===`);
  const started = Date.now();
  try {
    buildInto(ROOT, DIST_DIR, "inherit");
    log(`build: done in ${formatDuration((Date.now() - started) / 1000)}`);
    return true;
  } catch (error) {
    log(`build failed: ${error instanceof Error ? error.message : error}`);
    return false;
  }
}

let current: ReturnType<typeof spawn> | null = null;
let interrupted: string | null = null;

/** One benchmark as a child process (`npm run bench:<name>`), its output inherited; its report file read after. */
async function runOne(benchmark: Benchmark, options: Options, reportDir: string): Promise<BenchRun> {
  const report = path.join(reportDir, `${benchmark.name}.jsonl`);
  const quickEnv = options.quick ? Object.fromEntries(Object.entries(benchmark.quick).filter(([name]) => !process.env[name])) : {};
  const args = [...benchmark.args, ...(options.quick ? benchmark.quickArgs : [])];
  const shown = Object.entries(quickEnv).map(([name, value]) => `${name}=${value}`);
  log(`\n=== bench:${benchmark.name} ${[...shown, ...(args.length ? ["--", ...args] : [])].join(" ")} (${new Date().toISOString()}) ===`);
  if (options.quick && !benchmark.knownQuick) log(`(no quick sizes are known for bench:${benchmark.name}: it runs at its own scale)`);
  const started = performance.now();
  const child = spawn("npm", ["run", `bench:${benchmark.name}`, ...(args.length ? ["--", ...args] : [])], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, ...quickEnv, BENCH_REPORT: report, NEXT_DIST_DIR: DIST_DIR, BENCH_DIST_DIR: DIST_DIR },
  });
  current = child;
  const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once("error", (error) => {
      log(`bench:${benchmark.name}: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  current = null;
  const seconds = (performance.now() - started) / 1000;
  const { figures, unreadable } = readReport(report);
  log(`=== bench:${benchmark.name}: ${ended.signal ? `ended by ${ended.signal}` : `exit code ${ended.code}`} after ${formatDuration(seconds)} ===`);
  return { name: benchmark.name, exitCode: ended.code, signal: ended.signal, seconds, figures, unreadable };
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), process.env.BENCH_SCALE);
  const all = benchmarksOf(ROOT);
  if (options.help) {
    log(HELP);
    for (const benchmark of all) {
      const quick = [...Object.entries(benchmark.quick).map(([name, value]) => `${name}=${value}`), ...benchmark.quickArgs].join(" ");
      log(
        `  ${benchmark.name.padEnd(12)} ${benchmark.needsBuild ? "needs a build " : "".padEnd(14)} quick: ${benchmark.knownQuick ? quick || "(no size)" : "(unknown)"}`,
      );
    }
    return 0;
  }
  const selected = selectBenchmarks(all, options);
  log(
    `npm run bench: ${selected.map((benchmark) => benchmark.name).join(", ")}; ${options.quick ? "quick scale" : "full scale"}; ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")}`,
  );
  let built = true;
  if (selected.some((benchmark) => benchmark.needsBuild) && (options.rebuild || !fs.existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID")))) {
    built = build();
  }
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-report-"));
  const runs: BenchRun[] = [];
  const started = performance.now();
  try {
    for (const benchmark of selected) {
      if (interrupted) runs.push({ name: benchmark.name, exitCode: null, notRun: `the run was interrupted (${interrupted})`, seconds: 0, figures: [] });
      else if (benchmark.needsBuild && !built) runs.push({ name: benchmark.name, exitCode: null, notRun: "next build failed", seconds: 0, figures: [] });
      else runs.push(await runOne(benchmark, options, reportDir));
    }
  } finally {
    fs.rmSync(reportDir, { recursive: true, force: true });
  }
  const table = summaryTable(runs);
  const took = formatDuration((performance.now() - started) / 1000);
  const heading = `npm run bench, ${options.quick ? "quick" : "full"} scale, ${new Date().toISOString()}, ${took}`;
  console.log(`\n${heading}\n\n${table}`);
  const out = path.join(ROOT, "bench/out");
  fs.mkdirSync(out, { recursive: true });
  const saved = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.txt`);
  fs.writeFileSync(saved, `${heading}\n\n${table}`);
  log(`(saved in ${path.relative(ROOT, saved)})`);
  return exitCodeOf(runs);
}

// Ctrl-C reaches the running benchmark too (one process group): it cleans up and ends, the rest are not started,
// and the table shows what ran. A SIGTERM sent to this process alone is passed on.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    interrupted = signal;
    if (signal === "SIGTERM") current?.kill(signal);
  });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
