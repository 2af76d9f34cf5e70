import { processBridge } from "@/lib/core/process-bridge.mjs";

/**
 * When the server starts (not on the first request): opens and migrates the
 * database, serves operator commands when it owns an embedded data directory,
 * sets up the API's node:http handler for the production server, and starts
 * the background jobs of the registry (lib/features/jobs.ts) that the settings turn on.
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
  // The dummy hash an unknown email's password is compared with, made before the first sign-in needs it.
  void (await import("@/lib/auth/password")).preparePasswordChecks().catch(() => {});
  await (await import("@/lib/platform/lists/encryption-setup")).setUpEncryptionKeys(database.dataDirLock?.dataDir ?? null);
  const { createNodeApiHandler } = await import("@/lib/platform/node-handler");
  // For scripts/start.mjs, which answers /api/v1 with it on plain node:http.
  processBridge().platformApiHandler = createNodeApiHandler({ getDb });
  const { startJobs } = await import("@/lib/core/jobs/start");
  await startJobs((await import("@/lib/features/jobs")).JOBS);
}
