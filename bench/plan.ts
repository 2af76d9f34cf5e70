import fs from "node:fs";
import path from "node:path";

/**
 * Which benchmarks `npm run bench` (bench/all.ts) runs and how: every `bench:*` script of package.json, in its order
 * (a new one joins by its script alone), with what this file knows of it: whether it needs a production build, and
 * the sizes it takes in quick mode.
 */
export interface Benchmark {
  /** The script's name without "bench:". */
  name: string;
  /** It serves the production build (`npm start`): `next build` must have run. */
  needsBuild: boolean;
  /** Its size variables in quick mode (a variable already set in the environment wins). */
  quick: Record<string, string>;
  /** Arguments after `--`, always. */
  args: string[];
  /** Arguments after `--` in quick mode. */
  quickArgs: string[];
  /** False for a benchmark this file has no quick sizes for: it runs at full scale even in quick mode. */
  knownQuick: boolean;
}

type Known = Partial<Pick<Benchmark, "needsBuild" | "args" | "quickArgs">> & { quick: Record<string, string> };

/**
 * What is known of each benchmark. The full scale is each benchmark's own default (1,000,000 contacts for contacts,
 * search and statistics; 10,000 adjustment rows; …): see each file's header. Quick sizes take a minute or two each.
 * `needsBuild` left out: read from the benchmark's source (it starts the production server).
 */
const KNOWN: Record<string, Known> = {
  // accounts builds into BENCH_DIST_DIR unless --no-build; all.ts builds once for every benchmark instead.
  accounts: { needsBuild: true, args: ["--no-build"], quickArgs: ["--seconds", "1"], quick: {} },
  contacts: { needsBuild: false, quick: { BENCH_CONTACTS: "20000" } },
  lists: { needsBuild: false, quick: { BENCH_LISTS: "200", BENCH_RECORDS: "5000" } },
  // Quick: one scenario, which the limit does not bind. One it binds says little unless it spans several windows (the
  // full scale's 50,000 at 30 a minute): 12 batches at 10 a minute took 13 s or a minute by where the clock minute fell.
  export: { needsBuild: true, quick: { BENCH_SCENARIOS: "20000:120" } },
  calls: { needsBuild: true, quick: { BENCH_CALLS_PEOPLE: "3", BENCH_CALLS_SECONDS: "20" } },
  signin: { needsBuild: true, quick: { BENCH_SIGNIN_ATTEMPTS: "60", BENCH_SIGNIN_PROBES: "2" } },
  search: { needsBuild: false, quick: { BENCH_CONTACTS: "20000", BENCH_SAMPLES: "10" } },
  // 240 rows at 120 a minute (bound 114): three windows, so that the steady rate has two budget waits to measure between.
  adjustments: { needsBuild: false, quick: { BENCH_ROWS: "240", BENCH_CONTACTS: "20", BENCH_PAUSE_SECONDS: "0" } },
  statistics: { needsBuild: false, quick: { BENCH_CONTACTS: "20000", BENCH_SAMPLES: "10" } },
  // Eight pages, one Lighthouse run each: it has no size to make smaller.
  lighthouse: { needsBuild: true, quick: {} },
  // The contact browser's server time at a million contacts (issue 21).
  browse: { needsBuild: true, quick: { BENCH_BROWSE_CONTACTS: "20000", BENCH_BROWSE_RUNS: "5" } },
  // Pages while the platform fails (issue 42): three views per page and fault.
  outage: { needsBuild: true, quick: { BENCH_OUTAGE_VIEWS: "3", BENCH_CONTACTS: "500" } },
};

/** What in a benchmark's source shows that it starts the production server. */
const SERVES_BUILD = /seeded-dashboard|lib\/testing\/server|scripts\/start\.mjs|BUILD_ID/;

/** The benchmark's file, from its script ("tsx --conditions=react-server bench/export.ts" → bench/export.ts). */
function scriptFile(script: string, root: string): string | null {
  const file = script.split(/\s+/).find((word) => /^bench\/.+\.(ts|mts|mjs|js)$/.test(word));
  return file ? path.join(root, file) : null;
}

/** Every `bench:*` script of package.json in root, with what is known of it. */
export function benchmarksOf(root: string): Benchmark[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
  return Object.entries(scripts)
    .filter(([key]) => key.startsWith("bench:"))
    .map(([key, script]) => {
      const name = key.slice("bench:".length);
      const known = KNOWN[name];
      let needsBuild = known?.needsBuild;
      if (needsBuild === undefined) {
        const file = scriptFile(script, root);
        needsBuild = file !== null && fs.existsSync(file) && SERVES_BUILD.test(fs.readFileSync(file, "utf8"));
      }
      return { name, needsBuild, quick: known?.quick ?? {}, args: known?.args ?? [], quickArgs: known?.quickArgs ?? [], knownQuick: known !== undefined };
    });
}

export interface Options {
  only: string[] | null;
  skip: string[];
  quick: boolean;
  /** Build again even when a build exists. */
  rebuild: boolean;
  help: boolean;
}

/** `--only a,b`, `--skip a,b` (names with or without "bench:"), `--quick` (or BENCH_SCALE=quick), `--rebuild`, `--help`. */
export function parseOptions(argv: string[], scale: string | undefined): Options {
  const options: Options = { only: null, skip: [], quick: scale === "quick", rebuild: false, help: false };
  const names = (value: string | undefined, flag: string) => {
    if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a list of benchmarks (e.g. ${flag} contacts,search)`);
    return value
      .split(",")
      .map((name) => name.trim().replace(/^bench:/, ""))
      .filter(Boolean);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--only") options.only = [...(options.only ?? []), ...names(inline ?? argv[++i], flag)];
    else if (flag === "--skip") options.skip.push(...names(inline ?? argv[++i], flag));
    else if (flag === "--quick") options.quick = true;
    else if (flag === "--full") options.quick = false;
    else if (flag === "--rebuild") options.rebuild = true;
    else if (flag === "--help" || flag === "-h") options.help = true;
    else throw new Error(`unknown option ${arg} (see --help)`);
  }
  if (scale !== undefined && scale !== "" && scale !== "quick" && scale !== "full") throw new Error(`BENCH_SCALE must be quick or full, not ${scale}`);
  return options;
}

/** The benchmarks to run, in order; a name in --only or --skip that is no benchmark is an error. */
export function selectBenchmarks(all: Benchmark[], options: Pick<Options, "only" | "skip">): Benchmark[] {
  const names = new Set(all.map((benchmark) => benchmark.name));
  const unknown = [...(options.only ?? []), ...options.skip].filter((name) => !names.has(name));
  if (unknown.length) throw new Error(`no such benchmark: ${unknown.join(", ")} (there are: ${[...names].join(", ")})`);
  return all.filter((benchmark) => (options.only === null || options.only.includes(benchmark.name)) && !options.skip.includes(benchmark.name));
}
