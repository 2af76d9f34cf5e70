import fs from "node:fs";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./client";

/**
 * Applies every migration of `folder` (drizzle/: meta/_journal.json and its SQL files) that the database has not
 * recorded, in the journal's order, in one transaction, and records each as drizzle's migrator does
 * (drizzle.__drizzle_migrations: hash and created_at = the journal's `when`). Returns the tags applied.
 *
 * Why not drizzle's own migrator: it applies only the migrations whose `when` is later than the latest one
 * recorded. Our journal's `when`s are not in order (0012's, written by hand, is later than 0013's to 0015's),
 * so a database last migrated by a release that ended at 0012 would never get 0013 to 0015, without a word,
 * and the dashboard would then fail on tables that are not there. Here a migration counts as applied only when
 * its own `when` is recorded, whatever the order.
 */
export async function applyMigrations(db: Db, folder: string): Promise<string[]> {
  const journal = readMigrationFiles({ migrationsFolder: folder });
  const tags = journalTags(folder);
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  return db.transaction(async (tx) => {
    const recorded = (await tx.execute(sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations`)) as unknown as {
      rows: { created_at: string | null }[];
    };
    const applied = new Set(recorded.rows.map((row) => row.created_at));
    const done: string[] = [];
    for (const [index, migration] of journal.entries()) {
      if (applied.has(String(migration.folderMillis))) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`);
      done.push(tags[index]);
    }
    return done;
  });
}

/** The journal's tags, in its order (readMigrationFiles keeps the order but not the names). */
function journalTags(folder: string): string[] {
  const journal = JSON.parse(fs.readFileSync(`${folder}/meta/_journal.json`, "utf8")) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}
