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

/** Translations and preferences are a utility: lib/i18n reads no other area of lib/ (no domain code). */
test("lib/i18n imports no other area of lib/", () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        for (const match of fs.readFileSync(full, "utf8").matchAll(/from\s+["'](@\/lib\/[^"']+)["']/g)) {
          if (!match[1].startsWith("@/lib/i18n/")) offenders.push(`${full} → ${match[1]}`);
        }
      }
    }
  };
  walk("lib/i18n");
  expect(offenders).toEqual([]);
});

/** The platform client is a library: lib/api reads only the database, the configuration and crypto, never a dashboard area. */
test("lib/api imports no dashboard area (dashboard, contacts, ledger, auth, commands)", () => {
  const offenders: string[] = [];
  for (const entry of fs.readdirSync("lib/api")) {
    if (!/\.ts$/.test(entry) || entry.endsWith(".test.ts") || entry === "test-platform.ts") continue;
    const full = path.join("lib/api", entry);
    for (const match of fs.readFileSync(full, "utf8").matchAll(/from\s+["'](@\/lib\/[^"'/]+)/g)) {
      if (!["@/lib/api", "@/lib/db", "@/lib/config.mjs", "@/lib/crypto"].includes(match[1])) offenders.push(`${full} → ${match[1]}`);
    }
  }
  expect(offenders).toEqual([]);
});

/** Areas below the dashboard's: a list of what each may import from lib/ (its own folder always). No cycle between areas. */
test.each([
  ["lib/actions", ["@/lib/i18n"]],
  ["lib/money", []],
  ["lib/auth", ["@/lib/actions", "@/lib/api", "@/lib/config.mjs", "@/lib/db", "@/lib/http", "@/lib/i18n"]],
])("%s imports only from %j", (dir, allowed) => {
  const own = `@/${dir}`;
  const offenders: string[] = [];
  for (const entry of fs.readdirSync(dir)) {
    if (!/\.tsx?$/.test(entry) || entry.endsWith(".test.ts")) continue;
    const full = path.join(dir, entry);
    for (const match of fs.readFileSync(full, "utf8").matchAll(/from\s+["'](@\/lib\/[^"'/]+)/g)) {
      if (match[1] !== own && !allowed.includes(match[1])) offenders.push(`${full} → ${match[1]}`);
    }
  }
  expect(offenders).toEqual([]);
});
