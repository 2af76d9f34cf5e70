// `npm run db:check`: checks, on the configured database (DATABASE_URL, else the PGlite in DATA_DIR
// — through the running server when one holds it, directly when none does), that every contact
// account's balance equals the sum of its journal. Exit 1 when it does not.
import fs from "node:fs";
import path from "node:path";
import { runScript } from "@/lib/commands/cli";
import { databaseOptionsFromEnv } from "@/lib/db/client";
import { describeJournalCheck, type JournalCheck } from "@/lib/db/backup";

async function main(): Promise<number> {
  const options = databaseOptionsFromEnv();
  if (options.dataDir && !fs.existsSync(path.join(options.dataDir, "PG_VERSION"))) {
    console.error(`db:check: ${options.dataDir} holds no database (set DATA_DIR, or DATABASE_URL for a server).`);
    return 1;
  }
  return runScript(
    "db:check",
    "db.check",
    {},
    (result) => {
      const check = result as JournalCheck;
      console.log(describeJournalCheck(check));
      return check.mismatches.length === 0 ? 0 : 1;
    },
    undefined,
    { migrate: false },
  );
}

main().then((code) => process.exit(code));
