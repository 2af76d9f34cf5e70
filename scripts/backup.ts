// `npm run backup -- FILE`: a consistent copy of the embedded database in DATA_DIR.
// FILE ending in .sql: a SQL dump for psql (the way to a PostgreSQL server); any other name: a
// gzipped tarball of the data directory for `npm run restore`.
import fs from "node:fs";
import path from "node:path";
import { databaseOptionsFromEnv, openDatabase } from "@/lib/db/client";
import { backupDatabase, BackupError } from "@/lib/db/backup";
import { dataDirOwner } from "@/lib/db/data-dir-owner";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npm run backup -- <file.tar.gz | file.sql>");
    return 2;
  }
  const options = databaseOptionsFromEnv();
  if (options.url) {
    console.error("DATABASE_URL points to a PostgreSQL server: back it up with pg_dump.");
    return 2;
  }
  const dataDir = options.dataDir!;
  const owner = dataDirOwner(dataDir);
  if (owner) {
    // The engine has one owner: the copy must be taken inside the running server (its admin channel's
    // `backup` command, lib/db/backup.ts backupCommand), not by opening the directory a second time.
    console.error(`${dataDir} is in use by a running server (pid ${owner.pid}); a backup through the running server needs its admin channel. Stop the server, or run the backup through it.`);
    return 1;
  }
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    console.error(`${dataDir} holds no database (set DATA_DIR to the server's data directory).`);
    return 1;
  }
  const database = await openDatabase({ ...options, migrate: false });
  try {
    const result = await backupDatabase(database, path.resolve(file));
    console.log(JSON.stringify({ backup: result }));
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // The database's own message (e.g. "The database's disk is full."), not a stack.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
