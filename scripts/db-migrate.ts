// `npm run db:migrate`: applies the migrations of drizzle/ that the database has not recorded, and exits. The same
// migrations `npm start` applies on start, the same way (lib/db/client.ts, migrateDatabase): on a PostgreSQL server
// (DATABASE_URL) under the advisory lock every starting instance takes, on DATABASE_DIRECT_URL when it is set (the server
// itself, not a pooler); else in the embedded database in DATA_DIR, which no other process may hold. Run it before a
// rolling restart, so that no instance of the new release migrates while old ones serve (README, Upgrading).
//
// stderr says where it went; stdout is `{"applied":["0021_…",…],"ms":…}` (an empty list: nothing was pending). Exit 1
// on a failure: every pending migration runs in one transaction, so a failed run changes nothing.
import { errorText } from "@/lib/core/log.mjs";
import { databaseOptionsFromEnv, migrateDatabase, openDatabase, type Database, type OpenOptions } from "@/lib/db/client";
import { DataDirLockedError } from "@/lib/db/data-dir-lock.mjs";

/** Where the migrations go, for the line on stderr: the server's address without its user and password. */
function target(options: OpenOptions): string {
  if (!options.url) return `the embedded database in ${options.dataDir}`;
  const address = new URL(options.directUrl ?? options.url);
  return `the PostgreSQL server at ${address.hostname}:${address.port || 5432}${address.pathname} (${options.directUrl ? "DATABASE_DIRECT_URL" : "DATABASE_URL"})`;
}

async function main(): Promise<number> {
  const options = databaseOptionsFromEnv();
  console.error(`db:migrate: on ${target(options)}`);
  const started = Date.now();
  let database: Database;
  try {
    database = await openDatabase({ ...options, poolSize: 1, migrate: false });
  } catch (error) {
    console.error(`db:migrate: ${error instanceof DataDirLockedError ? error.message : `failed: ${errorText(error)}`}`);
    return 1;
  }
  try {
    const applied = await migrateDatabase(database, options.directUrl);
    console.log(JSON.stringify({ applied, ms: Date.now() - started }));
    return 0;
  } catch (error) {
    console.error(`db:migrate: failed: ${errorText(error)}`);
    return 1;
  } finally {
    await database.close().catch(() => undefined);
  }
}

main().then((code) => process.exit(code));
