import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-summary-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, value: unknown) => fs.writeFileSync(path.join(dir, name), typeof value === "string" ? value : JSON.stringify(value));

test("the table that ends npm test: each step with its minutes and counts, then the five slowest files of each runner", () => {
  const file = (project: string, name: string, seconds: number, passed = 1, skipped = 0, failed = 0) => ({
    project,
    file: name,
    seconds,
    passed,
    skipped,
    failed,
  });
  write("vitest.json", {
    runner: "vitest",
    files: [
      file("postgres", "lib/a.test.ts", 3, 4, 1),
      file("unit", "lib/u1.test.ts", 1, 10),
      ...Array.from({ length: 6 }, (_, index) => file("pglite", `lib/p${index}.test.ts`, index + 1, 2)),
      file("pglite", "lib/failing.test.ts", 0.5, 1, 0, 2),
    ],
  });
  write("chaos.json", { runner: "vitest", files: [file("chaos", "scripts/chaos.chaos.ts", 80)] });
  const result = (status: string, duration: number) => ({ projectName: "chromium", status, results: [{ duration }] });
  write("playwright.json", {
    suites: [
      { file: "a.spec.ts", specs: [{ file: "a.spec.ts", tests: [result("expected", 2000), result("expected", 3000)] }] },
      { file: "b.spec.ts", specs: [], suites: [{ specs: [{ file: "b.spec.ts", tests: [{ ...result("unexpected", 9000), projectName: "api" }] }] }] },
    ],
  });
  write(
    "steps.tsv",
    [
      ["next build", 90_000, 0, ""],
      ["vitest", 600_000, 1, path.join(dir, "vitest.json")],
      ["crash test", 84_000, 0, path.join(dir, "chaos.json")],
      ["Playwright", 480_000, 1, path.join(dir, "playwright.json")],
    ]
      .map((row) => row.join("\t"))
      .join("\n") + "\n",
  );
  const started = Date.now() - 25 * 60_000;
  const printed = execFileSync(process.execPath, ["scripts/test-summary.mjs", dir, String(started)], { encoding: "utf8" }).split("\n");
  expect(printed.slice(1, 8)).toEqual([
    "=== where the time went ===",
    "step               minutes  tests",
    "next build             1.5  ",
    "vitest                10.0  27 passed, 2 failed, 1 skipped (unit 10 · pglite 13 · postgres 4)  FAILED (exit 1)",
    "crash test             1.4  1 passed",
    "Playwright             8.0  2 passed, 1 failed (chromium 2 · api 1)  FAILED (exit 1)",
    "total, wall clock     25.0",
  ]);
  const from = (heading: string) => printed.slice(printed.indexOf(heading) + 1, printed.indexOf(heading) + 6);
  expect(from("five slowest files: vitest, pglite")).toEqual([
    "     6.0 s  lib/p5.test.ts (2 tests)",
    "     5.0 s  lib/p4.test.ts (2 tests)",
    "     4.0 s  lib/p3.test.ts (2 tests)",
    "     3.0 s  lib/p2.test.ts (2 tests)",
    "     2.0 s  lib/p1.test.ts (2 tests)",
  ]);
  expect(from("five slowest files: Playwright").slice(0, 2)).toEqual(["     9.0 s  e2e/b.spec.ts (1 test)", "     5.0 s  e2e/a.spec.ts (2 tests)"]);
  expect(printed).not.toContain("five slowest files: vitest, chaos");
});

test("no steps recorded: nothing printed, exit 0", () => {
  const empty = fs.mkdtempSync(path.join(dir, "empty-"));
  expect(execFileSync(process.execPath, ["scripts/test-summary.mjs", empty], { encoding: "utf8" })).toBe("");
});
