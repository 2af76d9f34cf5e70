import path from "node:path";
import { z } from "zod";
import { OPERATOR_ORIGIN } from "@/lib/auth/one-time-links";
import { pruneSecurityLog, RETENTION_DAYS_BOUNDS, type PruneResult } from "@/lib/auth/security-log-retention";
import { CommandError, registerCommand } from "./registry";

export const SecurityLogPrunePayloadSchema = z.object({
  /** Where the owner writes the exported entries: absolute, because the owner's working directory need not be the caller's. */
  file: z
    .string()
    .min(1)
    .max(4096)
    .refine((file) => path.isAbsolute(file), "must be an absolute path"),
  retentionDays: z.number().int().min(RETENTION_DAYS_BOUNDS.min).max(RETENTION_DAYS_BOUNDS.max).optional(),
});

/**
 * `security-log:prune`: the security log's entries older than the retention go to a CSV file, then out of the
 * database; recorded in the log itself (security-log.pruned, the operator as actor). Runs where the database is open
 * (the server, through its command channel, or the script when no server runs).
 */
registerCommand({
  name: "security-log.prune",
  payload: SecurityLogPrunePayloadSchema,
  async run({ db }, { file, retentionDays }): Promise<PruneResult> {
    try {
      return await pruneSecurityLog(db, { file, retentionDays, origin: OPERATOR_ORIGIN });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw new CommandError("file_exists", `${file} exists already: name a new file.`);
      if (error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string") {
        throw new CommandError("export_not_written", `The export could not be written (${code ?? "error"}); nothing was deleted.`);
      }
      throw error;
    }
  },
});
