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
  await (await import("@/lib/platform/lists/encryption-setup")).setUpEncryptionKeys(database.dataDirLock?.dataDir ?? null);
  const { createNodeApiHandler } = await import("@/lib/platform/node-handler");
  globalThis.__platformNodeApiHandler = createNodeApiHandler({ getDb });
  await (await import("@/lib/contacts/export/start")).startExportWorkerFromEnv();
}
