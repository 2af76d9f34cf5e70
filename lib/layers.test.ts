import { expect, test } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadedModulesOf, projectPathOf, sourceFiles } from "@/lib/testing/source-files";

/**
 * Which directory may import which is eslint.config.mjs's job (import/no-restricted-paths, proven by lint-rules.test.ts),
 * and so is a cycle between modules (import/no-cycle). What lint cannot see is a cycle between the *areas* of lib/
 * (lib/db, lib/auth, …) made of imports between different files: a → b in one file, b → a in another. That is checked here,
 * for the imports that load code: a type-only reference loads nothing (lib/process-bridge.mjs names the types of the
 * objects it carries for lib/db, lib/auth, lib/platform and lib/contacts, which all use it).
 */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.endsWith("test-helpers.ts") || file.endsWith("test-platform.ts");

/** The area of lib/ a path inside lib/ belongs to (`lib/db/client.ts` → `db`, `lib/config.mjs` → `config`), or null. */
const areaOf = (file: string) => /^lib\/([^/.]+)/.exec(file)?.[1] ?? null;

function areaGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles("lib").filter((file) => !isTest(file) && !file.startsWith("lib/testing/"))) {
    const from = areaOf(file)!;
    for (const specifier of loadedModulesOf(file)) {
      const resolved = projectPathOf(specifier, file);
      const to = resolved && areaOf(resolved);
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** One cycle per strongly connected group of areas, as `a → b → a`, found by depth-first search. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (area: string, trail: string[]) => {
    const at = trail.indexOf(area);
    if (at >= 0) return void cycles.push([...trail.slice(at), area].join(" → "));
    if (done.has(area)) return;
    for (const next of graph.get(area) ?? []) visit(next, [...trail, area]);
    done.add(area);
  };
  for (const area of graph.keys()) visit(area, []);
  return cycles;
}

test("the areas of lib/ import each other without a cycle", () => {
  expect(cyclesOf(areaGraph())).toEqual([]);
});

test("the cycle finder finds a cycle between areas", () => {
  const graph = new Map([
    ["auth", new Set(["db", "api"])],
    ["api", new Set(["db"])],
    ["db", new Set(["auth"])],
  ]);
  expect(cyclesOf(graph)).toEqual(["auth → db → auth"]);
});

test("type-only imports load nothing; value, side-effect and dynamic imports do", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
  const file = path.join(dir, "probe.ts");
  fs.writeFileSync(
    file,
    [
      'import type { A } from "@/lib/a";',
      'export type { B } from "@/lib/b";',
      '/** @type {import("@/lib/c").C} */',
      'import { d, type D } from "@/lib/d";',
      'import "@/lib/e";',
      'export { f } from "@/lib/f";',
      'const g = await import("@/lib/g");',
    ].join("\n"),
  );
  try {
    expect(loadedModulesOf(file)).toEqual(["@/lib/d", "@/lib/e", "@/lib/f", "@/lib/g"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
