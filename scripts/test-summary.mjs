// The table that ends `npm test` (scripts/test.sh): each step, its minutes and its test count, then the five
// slowest test files of each runner (each vitest project, Playwright). Reads what the run left in the timings
// folder: steps.tsv (name, milliseconds, exit status, report file), vitest reports (scripts/test-timings-reporter.ts)
// and Playwright's JSON report.
//   node scripts/test-summary.mjs .test-data/timings [STARTED_MS]   (STARTED_MS: when the run began, for the total)
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] || path.join(".test-data", "timings");
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};
const minutes = (ms) => (ms / 60_000).toFixed(1);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The vitest projects in the order of docs/testing.md's table; any other after them. */
const PROJECT_ORDER = ["unit", "components", "pglite", "postgres", "pgbouncer"];
const rank = (project) => (PROJECT_ORDER.includes(project) ? PROJECT_ORDER.indexOf(project) : PROJECT_ORDER.length);

/** Counts of a vitest report (scripts/test-timings-reporter.ts): passed/failed/skipped, per project. */
function vitestCounts(report) {
  const projects = new Map();
  for (const file of [...report.files].sort((a, b) => rank(a.project) - rank(b.project))) {
    const counts = projects.get(file.project) ?? { passed: 0, failed: 0, skipped: 0, files: 0 };
    counts.passed += file.passed;
    counts.failed += file.failed;
    counts.skipped += file.skipped;
    counts.files += 1;
    projects.set(file.project, counts);
  }
  return projects;
}

/** Every test of a Playwright JSON report, with its file, project, status and duration. */
function playwrightTests(report) {
  const tests = [];
  const stack = [...(report.suites ?? [])];
  while (stack.length > 0) {
    const suite = stack.shift();
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const duration = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        tests.push({ file: spec.file ?? suite.file, project: test.projectName, status: test.status, duration });
      }
    }
    stack.push(...(suite.suites ?? []));
  }
  return tests;
}

/** @param {string} file the step's report @param {string} step the step's name, for a report without projects */
function describeReport(file, step) {
  const report = file ? readJson(file) : null;
  if (!report) return { count: "", slowest: [] };
  if (report.runner === "vitest") {
    const projects = vitestCounts(report);
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const counts of projects.values()) for (const key of Object.keys(total)) total[key] += counts[key];
    const parts = [...projects].map(([name, counts]) => `${name} ${counts.passed}`);
    const count =
      `${total.passed} passed` +
      (total.failed ? `, ${total.failed} failed` : "") +
      (total.skipped ? `, ${total.skipped} skipped` : "") +
      (projects.size > 1 ? ` (${parts.join(" · ")})` : "");
    const slowest = [...projects.keys()].map((project) => ({
      runner: report.files.length === 1 ? null : `vitest, ${project || step}`,
      files: report.files
        .filter((entry) => entry.project === project)
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 5)
        .map((entry) => ({ seconds: entry.seconds, file: entry.file, tests: entry.passed + entry.failed + entry.skipped })),
    }));
    return { count, slowest: slowest.filter((group) => group.runner) };
  }
  // Playwright
  const tests = playwrightTests(report);
  const by = (key) => {
    const map = new Map();
    for (const test of tests) map.set(test[key], [...(map.get(test[key]) ?? []), test]);
    return map;
  };
  const passed = tests.filter((test) => test.status === "expected").length;
  const failed = tests.filter((test) => test.status === "unexpected" || test.status === "flaky").length;
  const skipped = tests.filter((test) => test.status === "skipped").length;
  const parts = [...by("project")].map(([name, list]) => `${name} ${list.length}`);
  const files = [...by("file")].map(([file, list]) => ({
    file: `e2e/${file}`,
    seconds: list.reduce((sum, test) => sum + test.duration, 0) / 1000,
    tests: list.length,
  }));
  return {
    count: `${passed} passed${failed ? `, ${failed} failed` : ""}${skipped ? `, ${skipped} skipped` : ""} (${parts.join(" · ")})`,
    slowest: [{ runner: "Playwright", files: files.sort((a, b) => b.seconds - a.seconds).slice(0, 5) }],
  };
}

const stepsFile = path.join(dir, "steps.tsv");
if (!fs.existsSync(stepsFile)) process.exit(0);
const steps = fs
  .readFileSync(stepsFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, ms, status, report] = line.split("\t");
    return { name, ms: Number(ms), status: Number(status), ...describeReport(report, name) };
  });

const TOTAL = "total, wall clock";
const width = Math.max(...steps.map((each) => each.name.length), TOTAL.length);
const lines = ["", "=== where the time went ===", `${"step".padEnd(width)}  minutes  tests`];
for (const each of steps) {
  const mark = each.status === 0 ? "" : `  FAILED (exit ${each.status})`;
  lines.push(`${each.name.padEnd(width)}  ${minutes(each.ms).padStart(7)}  ${each.count}${mark}`);
}
const startedMs = Number(process.argv[3] || 0);
if (startedMs > 0) lines.push(`${TOTAL.padEnd(width)}  ${minutes(Date.now() - startedMs).padStart(7)}`);
for (const group of steps.flatMap((each) => each.slowest)) {
  if (group.files.length === 0) continue;
  lines.push("", `five slowest files: ${group.runner}`);
  for (const file of group.files) lines.push(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.file} (${plural(file.tests, "test")})`);
}
console.log(lines.join("\n"));
