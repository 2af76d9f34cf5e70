// `npm run platform:load -- <file.json>`: applies an operator fixture document to the
// configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR) without a server.
import fs from "node:fs";
import { databaseOptionsFromEnv, openDatabase } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { PlatformError } from "@/lib/platform/errors";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npm run platform:load -- <file.json>");
    return 2;
  }
  let document: unknown;
  try {
    document = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    console.error(`cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const database = await openDatabase(databaseOptionsFromEnv());
  try {
    const applied = await applyFixtures(database.db, document);
    console.log(JSON.stringify({ applied }, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof PlatformError) {
      console.error(JSON.stringify(error.body, null, 2));
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then((code) => process.exit(code));
