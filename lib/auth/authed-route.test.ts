import { expect, test } from "vitest";
import fs from "node:fs";
import path from "node:path";

/** Every dashboard route handler, streamed downloads included, goes through the one auth wrapper. */
test("every route handler under app/api/dashboard is made by authedRoute and checks no session by hand", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") files.push(full);
    }
  };
  walk("app/api/dashboard");
  expect(files.length).toBeGreaterThanOrEqual(10);
  const offenders = files.filter((file) => {
    const text = fs.readFileSync(file, "utf8");
    const handlers = [...text.matchAll(/export (?:async function|const) (GET|POST|PUT|PATCH|DELETE)\b(.*)/g)];
    return handlers.length === 0 || handlers.some(([, , rest]) => !rest.includes("authedRoute(")) || /loadSessionUser|getServerSession/.test(text);
  });
  expect(offenders).toEqual([]);
});
