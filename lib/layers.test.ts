import { expect, test } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadedModulesOf, projectPathOf, sourceFiles } from "@/lib/testing/source-files";

/**
 * Which directory may import which is eslint.config.mjs's job (import/no-restricted-paths, proven by lint-rules.test.ts),
 * and so is a cycle between modules (import/no-cycle). What lint cannot see is a cycle between the *areas* of lib/
 * (lib/db, lib/auth, …) made of imports between different files: a → b in one file, b → a in another. That is checked here,
 * for the imports that load code: a type-only reference loads nothing (lib/core/process-bridge.mjs names the types of the
 * objects it carries for lib/db, lib/auth, lib/platform and lib/features/contacts, which all use it).
 */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)testing\//.test(file);

/**
 * The area of lib/ a path inside lib/ belongs to (`lib/db/client.ts` → `db`), or null. lib/core and lib/features hold
 * areas one level down (`lib/core/money/money.ts` → `core/money`, `lib/features/contacts/rows.ts` → `features/contacts`,
 * `lib/core/config.mjs` → `core/config`).
 */
const areaOf = (file: string) => /^lib\/((?:core|features)\/[^/.]+|[^/.]+)/.exec(file)?.[1] ?? null;

function areaGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles("lib").filter((file) => !isTest(file))) {
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

/** The package an import names (`@testing-library/react/pure` → `@testing-library/react`), or null for a path. */
const packageOf = (specifier: string) =>
  /^[.@]\//.test(specifier) || specifier.startsWith("node:") || specifier.startsWith("/") ? null : (/^(@[^/]+\/[^/]+|[^/]+)/.exec(specifier)?.[1] ?? null);

test("code the server and the commands run loads no devDependency (test helpers stay in testing/ folders)", () => {
  const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as { devDependencies: Record<string, string> };
  const devOnly = new Set(Object.keys(manifest.devDependencies));
  const production = ["app", "components", "lib", "scripts"]
    .flatMap((dir) => sourceFiles(dir))
    .concat(["instrumentation.ts", "proxy.ts"])
    // scripts/bundle-scripts.mjs runs at build time (`npm run build`, with the devDependencies installed), and
    // scripts/screenshots.ts by hand for the README's pictures (`npm run screenshots`, Playwright).
    .filter(
      (file) =>
        !isTest(file) && !file.endsWith(".chaos.ts") && !["scripts/test-plan.ts", "scripts/bundle-scripts.mjs", "scripts/screenshots.ts"].includes(file),
    );
  const found = production.flatMap((file) =>
    loadedModulesOf(file)
      .map(packageOf)
      .filter((name): name is string => name !== null && devOnly.has(name))
      .map((name) => `${file} → ${name}`),
  );
  expect(production.length).toBeGreaterThan(300);
  expect(found).toEqual([]);
  // The probe sees a test-only import where one was (the contract checker, which loads ajv, is a test helper).
  expect(loadedModulesOf("lib/platform/testing/contract-check.ts").map(packageOf)).toContain("ajv");
});

test("docs/architecture.md names the floors of eslint.config.mjs, in their order", async () => {
  const { FLOORS } = (await import("../eslint.config.mjs")) as { FLOORS: string[] };
  const page = fs.readFileSync("docs/architecture.md", "utf8");
  const section = page.slice(page.indexOf("## The floors"), page.indexOf("## How a request travels"));
  const rows = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]);
  expect(rows).toEqual(FLOORS);
  for (const floor of FLOORS) expect(fs.existsSync(floor), floor).toBe(true);
});
