import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, queryRows, type Db } from "./client";

export interface Readiness {
  status: "ready" | "migrating";
  database: true;
  migrations: { applied: number; expected: number };
}

/** Compares the migrations drizzle recorded with those in drizzle/meta/_journal.json. */
export async function checkReadiness(db: Db): Promise<Readiness> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  const [row] = await queryRows<{ applied: number }>(db, sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`);
  const expected = journal.entries.length;
  return { status: row.applied >= expected ? "ready" : "migrating", database: true, migrations: { applied: row.applied, expected } };
}
