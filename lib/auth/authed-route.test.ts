import { expect, test } from "vitest";
import fs from "node:fs";
import { sourceFiles } from "@/lib/testing/source-files";

/** Every dashboard route handler, streamed downloads included, goes through the one auth wrapper. */
test("every route handler under app/api/dashboard is made by authedRoute and checks no session by hand", () => {
  const files = sourceFiles("app/api/dashboard", /^route\.ts$/);
  expect(files.length).toBeGreaterThanOrEqual(10);
  const offenders = files.filter((file) => {
    const text = fs.readFileSync(file, "utf8");
    const handlers = [...text.matchAll(/export (?:async function|const) (GET|POST|PUT|PATCH|DELETE)\b(.*)/g)];
    return handlers.length === 0 || handlers.some(([, , rest]) => !rest.includes("authedRoute(")) || /loadSessionUser|getServerSession/.test(text);
  });
  expect(offenders).toEqual([]);
});
