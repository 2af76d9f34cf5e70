import { expect, test } from "vitest";
import path from "node:path";
import { importsOf, sourceFiles } from "@/lib/testing/source-files";

const isTest = (file: string) => file.endsWith(".test.ts");
/** The lib/ area an `@/lib/…` specifier names (`@/lib/db/client` → `@/lib/db`), or null for anything else. */
const areaOf = (specifier: string) => /^(@\/lib\/[^/]+)/.exec(specifier)?.[1] ?? null;

/** Imports point down: app/ → components/ → lib/. Nothing in components/ or lib/ reaches into app/. */
test("no file in components/ or lib/ imports from app/", () => {
  const offenders: string[] = [];
  for (const file of [...sourceFiles("components"), ...sourceFiles("lib")]) {
    for (const target of importsOf(file)) {
      const resolved = target.startsWith("@/") ? target.slice(2) : target.startsWith(".") ? path.join(path.dirname(file), target) : null;
      if (resolved && (resolved === "app" || resolved.startsWith("app/"))) offenders.push(`${file} → ${target}`);
    }
  }
  expect(offenders).toEqual([]);
});

/** Translations and preferences are a utility: lib/i18n reads no other area of lib/ (no domain code). */
test("lib/i18n imports no other area of lib/", () => {
  const offenders = sourceFiles("lib/i18n", /\.tsx?$/)
    .filter((file) => !isTest(file))
    .flatMap((file) => importsOf(file).filter((target) => target.startsWith("@/lib/") && !target.startsWith("@/lib/i18n/")).map((target) => `${file} → ${target}`));
  expect(offenders).toEqual([]);
});

/**
 * Each area below the dashboard's may import only what is listed (its own folder always): the platform client is a
 * library, the actions' typed answers and money read nothing else, auth reads no dashboard area. No cycle between areas.
 */
test.each([
  ["lib/actions", ["@/lib/i18n"]],
  ["lib/money", []],
  ["lib/api", ["@/lib/db", "@/lib/config.mjs", "@/lib/crypto"]],
  ["lib/auth", ["@/lib/actions", "@/lib/api", "@/lib/config.mjs", "@/lib/db", "@/lib/http", "@/lib/i18n"]],
])("%s imports only from %j", (dir, allowed) => {
  const own = `@/${dir}`;
  const offenders = sourceFiles(dir, /\.tsx?$/)
    // lib/api/test-platform.ts starts our own platform for the client's tests.
    .filter((file) => !isTest(file) && !file.endsWith("test-platform.ts"))
    .flatMap((file) =>
      importsOf(file)
        .map(areaOf)
        .filter((area): area is string => area !== null && area !== own && !allowed.includes(area))
        .map((area) => `${file} → ${area}`),
    );
  expect(offenders).toEqual([]);
});
