// `npm run security-log:prune -- --out FILE [--retention-days N]`
// Exports the security log's entries older than the retention (default 400 days; N, when given, is saved as the new
// retention first, between 30 and 3650) to FILE as CSV, then deletes them; the prune itself is recorded in the log.
// Younger entries cannot be deleted, by this or any other connection (the database refuses). The configured database:
// DATABASE_URL; else the embedded PGlite in DATA_DIR — through the running server when one holds it (the server
// writes FILE), directly when none does.
import path from "node:path";
import { parseArgs } from "node:util";
import { runScript } from "@/lib/commands/cli";
import { SecurityLogPrunePayloadSchema } from "@/lib/commands/security-log";

const USAGE = "usage: npm run security-log:prune -- --out FILE.csv [--retention-days N]";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: "string" }, "retention-days": { type: "string" } } });
  const days = values["retention-days"];
  const parsed = SecurityLogPrunePayloadSchema.safeParse({
    file: values.out ? path.resolve(values.out) : undefined,
    retentionDays: days === undefined ? undefined : /^\d{1,5}$/.test(days) ? Number(days) : days,
  });
  if (!parsed.success) {
    console.error(USAGE);
    for (const issue of parsed.error.issues) console.error(`  ${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  return runScript("security-log:prune", "security-log.prune", parsed.data, (result) => {
    const { exported, deleted, retentionDays, before, file } = result as {
      exported: number;
      deleted: number;
      retentionDays: number;
      before: string;
      file: string;
    };
    console.log(`Security log: ${exported} entries older than ${retentionDays} days (before ${before}) written to ${file}; ${deleted} deleted.`);
  });
}

main().then((code) => process.exit(code));
