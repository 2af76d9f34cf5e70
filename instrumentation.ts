import type { NodeApiHandler } from "@/lib/platform/node-handler";

declare global {
  /** The platform API on plain node:http, for scripts/start.mjs (see lib/platform/node-handler.ts). */
  var __platformNodeApiHandler: NodeApiHandler | undefined;
}

/**
 * When the server starts (not on the first request): opens and migrates the
 * database, serves operator commands when it owns an embedded data directory,
 * sets up the API's node:http handler for the production server, and starts
 * the export worker.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase, getDb } = await import("@/lib/db/client");
  const database = await getDatabase();
  if (database.dataDirLock) {
    // This process owns the embedded data directory: `npm run user:create`, `user:password`,
    // `platform:load`, `backup` and `db:check` reach it through the lock's socket instead of
    // opening the directory a second time.
    const { serveCommands } = await import("@/lib/commands/channel");
    await import("@/lib/commands/builtin");
    serveCommands(database.dataDirLock, async () => {
      const current = await getDatabase();
      return { db: current.db, database: current };
    });
  }
  await setUpEncryptionKeys(database.dataDirLock?.dataDir ?? null);
  const { createNodeApiHandler } = await import("@/lib/platform/node-handler");
  globalThis.__platformNodeApiHandler = createNodeApiHandler({ getDb });
  await (await import("@/lib/contacts/export/start")).startExportWorkerFromEnv();
}

/**
 * The list-value keys: on the embedded database, the data directory's own key
 * (generated on the first start; a damaged key file stops the start with one
 * line); without any key on a database server, one line says that encryptable
 * fields are refused until one is set. (A malformed key in the environment has
 * already stopped `npm start`: lib/config.mjs.)
 */
async function setUpEncryptionKeys(dataDir: string | null): Promise<void> {
  const { adoptDataDirKey, encryptionKey, DATA_DIR_KEY_FILE } = await import("@/lib/platform/lists/encryption");
  const log = (level: string, msg: string, fields: Record<string, unknown> = {}) =>
    (level === "error" ? process.stderr : process.stdout).write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);
  try {
    if (dataDir && adoptDataDirKey(dataDir) === "created") log("info", "generated the list encryption key", { file: `${dataDir}/${DATA_DIR_KEY_FILE}` });
    if (!encryptionKey()) log("warn", "PLATFORM_ENCRYPTION_KEY is not set: list fields marked is_encryptable are refused (422) until it is");
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
