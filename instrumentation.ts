/** Opens and migrates the database when the server starts, not on the first request. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("@/lib/db/client");
  await getDatabase();
  await (await import("@/lib/contacts/export/start")).startExportWorkerFromEnv();
}
