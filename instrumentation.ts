import type { NodeApiHandler } from "@/lib/platform/node-handler";

declare global {
  /** The platform API on plain node:http, for scripts/start.mjs (see lib/platform/node-handler.ts). */
  var __platformNodeApiHandler: NodeApiHandler | undefined;
}

/**
 * When the server starts (not on the first request): opens and migrates the
 * database, sets up the API's node:http handler for the production server, and
 * starts the export worker.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase, getDb } = await import("@/lib/db/client");
  await getDatabase();
  const { createNodeApiHandler } = await import("@/lib/platform/node-handler");
  globalThis.__platformNodeApiHandler = createNodeApiHandler({ getDb });
  await (await import("@/lib/contacts/export/start")).startExportWorkerFromEnv();
}
