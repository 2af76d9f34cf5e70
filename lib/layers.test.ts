import { expect, test } from "vitest";
import fs from "node:fs";
import path from "node:path";

/** Imports point down: app/ → components/ → lib/. Nothing in components/ or lib/ reaches into app/. */
test("no file in components/ or lib/ imports from app/", () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mjs)$/.test(entry.name)) {
        const text = fs.readFileSync(full, "utf8");
        for (const match of text.matchAll(/from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
          const target = match[1] ?? match[2];
          const resolved = target.startsWith("@/") ? target.slice(2) : target.startsWith(".") ? path.join(path.dirname(full), target) : null;
          if (resolved && (resolved === "app" || resolved.startsWith("app/"))) offenders.push(`${full} → ${target}`);
        }
      }
    }
  };
  walk("components");
  walk("lib");
  expect(offenders).toEqual([]);
});
