import path from "node:path";
import { z } from "zod";
import { BACKUP_FORMATS, backupDatabase, BackupError, checkJournalSums, type BackupResult, type JournalCheck } from "@/lib/db/backup";
import { DatabaseUnavailableError } from "@/lib/db/failure";
import { CommandError, registerCommand } from "./registry";

/**
 * `backup` and `db.check`: they run in the process that has the database open
 * (the server, reached over its command channel, or the script itself when no
 * server runs), so a backup never needs the server stopped.
 */

export const BackupPayloadSchema = z.object({
  /** Where the owner writes the copy: absolute, because the owner's working directory need not be the caller's. */
  file: z
    .string()
    .min(1)
    .max(4096)
    .refine((file) => path.isAbsolute(file), "must be an absolute path"),
  format: z.enum(BACKUP_FORMATS),
});

const JournalCheckPayloadSchema = z.object({});

/** A file system error (the target's directory cannot be written, its disk is full): the operator's to fix, so it is told. */
const isFileError = (error: unknown): error is NodeJS.ErrnoException => error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";

registerCommand({
  name: "backup",
  payload: BackupPayloadSchema,
  async run({ database }, { file, format }): Promise<BackupResult> {
    try {
      return await backupDatabase(database, file, format);
    } catch (error) {
      if (error instanceof BackupError) throw new CommandError("backup_unsupported", error.message);
      if (error instanceof DatabaseUnavailableError) throw new CommandError("database_unavailable", error.message);
      if (isFileError(error)) throw new CommandError("backup_not_written", `The backup could not be written: ${error.message}`);
      throw error;
    }
  },
});

registerCommand({
  name: "db.check",
  payload: JournalCheckPayloadSchema,
  async run({ db }): Promise<JournalCheck> {
    try {
      return await checkJournalSums(db);
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) throw new CommandError("database_unavailable", error.message);
      throw error;
    }
  },
});
