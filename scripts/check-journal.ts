// `npm run db:check`: checks, on the configured database (DATABASE_URL, else the PGlite in DATA_DIR),
// that every contact account's balance equals the sum of its journal. Exit 1 when it does not.
import fs from "node:fs";
import path from "node:path";
import { databaseOptionsFromEnv, openDatabase } from "@/lib/db/client";
import { checkJournalSums, describeJournalCheck } from "@/lib/db/backup";
import { dataDirOwner } from "@/lib/db/data-dir-owner";

async function main(): Promise<number> {
  const options = databaseOptionsFromEnv();
  const owner = options.dataDir ? dataDirOwner(options.dataDir) : null;
  if (owner) {
    console.error(`${options.dataDir} is in use by a running server (pid ${owner.pid}); stop it first.`);
    return 1;
  }
  if (options.dataDir && !fs.existsSync(path.join(options.dataDir, "PG_VERSION"))) {
    console.error(`${options.dataDir} holds no database (set DATA_DIR, or DATABASE_URL for a server).`);
    return 1;
  }
  const database = await openDatabase({ ...options, migrate: false });
  try {
    const check = await checkJournalSums(database.db);
    console.log(describeJournalCheck(check));
    return check.mismatches.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));
