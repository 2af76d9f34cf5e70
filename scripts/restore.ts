// `npm run restore -- FILE`: loads a backup made by `npm run backup` into DATA_DIR (what was there is
// moved aside), then checks that every contact account's balance equals the sum of its journal.
// It takes DATA_DIR's lock for the whole time: refused in one line while a server (or anything
// else) holds it. Exit 1 when refused or when the check fails.
import { databaseOptionsFromEnv } from "@/lib/db/client";
import { BackupError, describeJournalCheck, restoreDatabase } from "@/lib/db/backup";
import { DataDirLockedError } from "@/lib/db/data-dir-lock.mjs";
import { errorText } from "@/lib/core/log.mjs";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npm run restore -- <file.tar.gz>");
    return 2;
  }
  const options = databaseOptionsFromEnv();
  if (options.url) {
    console.error("restore: DATABASE_URL points to a PostgreSQL server: restore into it with psql or pg_restore.");
    return 2;
  }
  try {
    const result = await restoreDatabase(options.dataDir!, file);
    console.log(`restored ${file} into ${result.dataDir} in ${result.ms} ms${result.previous ? `; the previous contents are now in ${result.previous}` : ""}`);
    console.log(describeJournalCheck(result.check));
    return result.check.mismatches.length === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`restore: ${error.message}`);
      return 1;
    }
    if (error instanceof BackupError) {
      console.error(`restore: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // The database's own message (e.g. "The database's disk is full."), not a stack.
    console.error(`restore: ${errorText(error)}`);
    process.exit(1);
  },
);
