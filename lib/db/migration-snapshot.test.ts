import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

/**
 * The schema in lib/db/schema and the migrations' last snapshot (drizzle/meta) describe the same tables. When they drift,
 * the next `npm run db:generate` writes a migration that re-creates tables that exist (0011 and 0012 once lacked their
 * snapshots, and a generate would have re-created saved_views and the adjustment tables). drizzle-kit runs on a copy, so
 * a failing run leaves no stray migration in the project.
 */
const root = process.cwd();
const copy = mkdtempSync(path.join(tmpdir(), "migration-snapshot-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

test("drizzle-kit generate finds no change between the schema and the migrations' snapshot", () => {
  for (const entry of ["drizzle.config.ts", "drizzle", "lib/db/schema"]) cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
  const before = readdirSync(path.join(copy, "drizzle")).sort();
  const run = spawnSync(path.join(root, "node_modules/.bin/drizzle-kit"), ["generate", "--name", "drift"], { cwd: copy, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  expect(readdirSync(path.join(copy, "drizzle")).sort(), run.stdout).toEqual(before);
  expect(run.stdout).toContain("No schema changes");
}, 60_000);
