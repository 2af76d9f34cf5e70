import { databaseOptionsFromEnv, openDatabase, type Database } from "@/lib/db/client";
import { DataDirLockedError } from "@/lib/db/data-dir-lock.mjs";
import { errorText } from "@/lib/core/log.mjs";
import { sendCommand } from "./channel";
import { CommandError, dispatchCommand } from "./registry";
import "./builtin";

/**
 * How a command-line script runs an operator command:
 *  - DATABASE_URL set: directly (a PostgreSQL server takes any number of clients);
 *  - embedded, nobody holds DATA_DIR: directly, under the directory's lock;
 *  - embedded, a server holds DATA_DIR: through that server's command channel,
 *    so that the change takes effect in the running process at once (`next dev`
 *    serves it too);
 *  - embedded, a process that serves no commands holds it: refused (DataDirLockedError).
 * The order (open first, then the channel) means nothing is ever opened twice:
 * opening is refused before any database file is touched.
 */

export interface CommandRun {
  result: unknown;
  /** Which path was taken, for the script's note on stderr. */
  via: string;
}

/** How long to wait for a server that holds the directory but does not take commands yet (it is starting). */
const STARTING_SERVER_WAIT_MS = 120_000;

export interface CliOptions {
  /** Run migrations when the script opens the database itself (default true); read-only commands (backup, db.check) leave it as it is. */
  migrate?: boolean;
}

async function runCommandFromCli(name: string, payload: unknown, cliOptions: CliOptions = {}): Promise<CommandRun> {
  const options = { ...databaseOptionsFromEnv(), migrate: cliOptions.migrate };
  const deadline = Date.now() + STARTING_SERVER_WAIT_MS;
  for (;;) {
    let database: Database;
    try {
      database = await openDatabase(options);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || !error.owner) throw error;
      const owner = error.owner;
      const outcome = await sendCommand(error.dataDir, name, payload);
      if (outcome.kind === "no_owner") continue; // it has just stopped: open the directory ourselves
      if (outcome.kind === "not_serving") {
        // A server (its record has an address) serves commands once its database is open; anything else never will.
        if (!owner.url || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      if (outcome.kind === "cut") {
        throw new CommandError("cut", `The server (pid ${owner.pid}) stopped before it answered: ${name} may or may not have been applied.`);
      }
      const via = `via the running server (pid ${owner.pid}${owner.url ? `, ${owner.url}` : ""})`;
      const { answer } = outcome;
      if (!answer.ok) throw Object.assign(new CommandError(answer.error.code, answer.error.message, answer.error.details), { via });
      return { result: answer.result, via };
    }
    const via = options.url
      ? "directly on the PostgreSQL database (DATABASE_URL)"
      : `directly on the embedded database in ${options.dataDir} (no server holds it)`;
    try {
      return { result: await dispatchCommand(name, payload, { db: database.db, database }), via };
    } catch (error) {
      if (error instanceof CommandError) Object.assign(error, { via });
      throw error;
    } finally {
      await database.close();
    }
  }
}

/**
 * Runs a script's command and turns the outcome into an exit code: the path taken
 * on stderr (stdout stays the command's own output, the same either way), a
 * refusal as one clear line (or `onRefusal`'s own printing), 1 on failure.
 * `print` may return the exit code itself (a check that found a problem: 1); 0 otherwise.
 */
export async function runScript(
  label: string,
  name: string,
  payload: unknown,
  print: (result: unknown) => number | void,
  onRefusal?: (error: CommandError) => boolean,
  cliOptions?: CliOptions,
): Promise<number> {
  try {
    const { result, via } = await runCommandFromCli(name, payload, cliOptions);
    console.error(`${label}: ${via}`);
    return print(result) ?? 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${label}: ${error.message}`);
      return 1;
    }
    if (error instanceof CommandError) {
      const via = (error as CommandError & { via?: string }).via;
      if (via) console.error(`${label}: ${via}`);
      if (!onRefusal?.(error)) console.error(`${label}: ${error.message}`);
      return 1;
    }
    console.error(`${label}: failed: ${errorText(error)}`);
    return 1;
  }
}
