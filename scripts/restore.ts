// `npm run restore -- FILE`: loads a backup made by `npm run backup` into DATA_DIR (the directory
// that was there is moved aside), refusing while a server holds DATA_DIR, then checks that every
// contact account's balance equals the sum of its journal. Exit 1 when the check fails.
import { databaseOptionsFromEnv } from "@/lib/db/client";
import { BackupError, DataDirHeldError, describeJournalCheck, restoreDatabase } from "@/lib/db/backup";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npm run restore -- <file.tar.gz>");
    return 2;
  }
  const options = databaseOptionsFromEnv();
  if (options.url) {
    console.error("DATABASE_URL points to a PostgreSQL server: restore into it with psql or pg_restore.");
    return 2;
  }
  try {
    const result = await restoreDatabase(options.dataDir!, file);
    console.log(`restored ${file} into ${result.dataDir} in ${result.ms} ms${result.previous ? `; the previous directory is now ${result.previous}` : ""}`);
    console.log(describeJournalCheck(result.check));
    return result.check.mismatches.length === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof DataDirHeldError || error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
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
