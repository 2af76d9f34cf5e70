import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

/**
 * `npm run db:generate -- <name>` (scripts/db-generate.sh), as CONTRIBUTING.md and the README tell a developer to run it
 * after changing lib/db/schema or lib/db/custom: drizzle-kit's migration of the schema, then each hand-written SQL file
 * of lib/db/custom that no migration holds yet as a custom migration of its own. It runs on a copy of the project, so
 * that the migrations it writes stay out of the checkout.
 */
const root = process.cwd();
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "db-generate-"));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

for (const entry of ["package.json", "drizzle.config.ts", "drizzle", "lib/db/schema", "lib/db/custom", "scripts/db-generate.sh"]) {
  fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
}
fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));

const generate = (name: string) => spawnSync("npm", ["run", "--silent", "db:generate", "--", name], { cwd: copy, encoding: "utf8", timeout: 60_000 });
const migrations = () =>
  fs
    .readdirSync(path.join(copy, "drizzle"))
    .filter((file) => file.endsWith(".sql"))
    .sort();
const journalTags = () =>
  (JSON.parse(fs.readFileSync(path.join(copy, "drizzle/meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);

test("db:generate writes a new lib/db/custom file as a migration of its own, once; with nothing new it writes nothing", () => {
  const before = migrations();
  const idle = generate("nothing");
  expect(idle.status, idle.stderr).toBe(0);
  expect(idle.stdout).toContain("No schema changes");
  // The custom files that are migrations already (by name, or by their first statement) are not written again.
  expect(migrations()).toEqual(before);

  const custom = "-- A function of the test.\nCREATE FUNCTION platform.db_generate_probe() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 1 $$;\n";
  fs.writeFileSync(path.join(copy, "lib/db/custom/db_generate_probe.sql"), custom);
  const written = generate("probe");
  expect(written.status, written.stderr).toBe(0);
  const added = migrations().filter((file) => !before.includes(file));
  expect(added).toEqual([`${String(before.length).padStart(4, "0")}_db_generate_probe.sql`]);
  expect(fs.readFileSync(path.join(copy, "drizzle", added[0]), "utf8")).toBe(custom);
  expect(journalTags().at(-1)).toBe(added[0].replace(/\.sql$/, ""));

  const again = generate("again");
  expect(again.status, again.stderr).toBe(0);
  expect(migrations()).toEqual([...before, ...added].sort());
}, 120_000);
