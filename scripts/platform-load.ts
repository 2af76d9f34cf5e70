// `npm run platform:load -- <file.json>`: applies an operator fixture document to the
// configured database: DATABASE_URL; else the embedded PGlite in DATA_DIR — through the
// running server when one holds the directory (its changes are visible at once), directly
// when none does. Prints {"applied": …} on stdout; the path taken on stderr; a refused
// document as the operator interface's 422 body ({message, errors}) on stderr, exit 1.
import fs from "node:fs";
import { runScript } from "@/lib/commands/cli";
import { errorText } from "@/lib/core/log.mjs";

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
    console.error(`cannot read ${file}: ${errorText(error)}`);
    return 2;
  }
  return runScript(
    "platform:load",
    "platform.load",
    { document },
    (result) => console.log(JSON.stringify(result, null, 2)),
    (refusal) => {
      if (refusal.code !== "invalid_fixtures") return false;
      console.error(JSON.stringify(refusal.details, null, 2));
      return true;
    },
  );
}

main().then((code) => process.exit(code));
