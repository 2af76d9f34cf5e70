// `npm run backup -- FILE [--format tarball|sql]`: a consistent copy of the embedded database in
// DATA_DIR, with the server up or not. FILE ending in .sql: a SQL dump for psql (the way to a
// PostgreSQL server); any other name: a gzipped tarball of the data directory for `npm run restore`.
// The copy is taken by the process that has the database open: the running server (through its
// command channel; it writes FILE) when one holds DATA_DIR, this script under the directory's lock
// when none does. Prints {"backup": …} on stdout, the way it went on stderr.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runScript } from "@/lib/commands/cli";
import { BackupPayloadSchema } from "@/lib/commands/backup";
import { databaseOptionsFromEnv } from "@/lib/db/client";
import { backupFormatOf } from "@/lib/db/backup";

const USAGE = "usage: npm run backup -- <file.tar.gz | file.sql> [--format tarball|sql]";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { format: { type: "string" } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(positionals[0]);
  const parsed = BackupPayloadSchema.safeParse({ file, format: values.format ?? backupFormatOf(file) });
  if (!parsed.success) {
    console.error(USAGE);
    for (const issue of parsed.error.issues) console.error(`  ${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  const options = databaseOptionsFromEnv();
  if (options.url) {
    console.error("backup: DATABASE_URL points to a PostgreSQL server: back it up with pg_dump.");
    return 2;
  }
  // A server that holds DATA_DIR has its database there; an empty directory is a wrong DATA_DIR.
  if (!fs.existsSync(path.join(options.dataDir!, "PG_VERSION"))) {
    console.error(`backup: ${options.dataDir} holds no database (set DATA_DIR to the server's data directory).`);
    return 1;
  }
  return runScript("backup", "backup", parsed.data, (result) => console.log(JSON.stringify({ backup: result })), undefined, { migrate: false });
}

main().then((code) => process.exit(code));
