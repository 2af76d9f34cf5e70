import "server-only";
import { getDatabase } from "@/lib/db/client";
import { ExportWorker } from "./worker";
import { config } from "@/lib/config.mjs";
import { processBridge } from "@/lib/process-bridge.mjs";

/**
 * Starts this process's export worker (called once from instrumentation.ts).
 * DASHBOARD_EXPORT_WORKER=0 leaves it off (tests that run their own workers).
 * On SIGTERM it stops after the current batch and hands its jobs back, so that
 * another instance (or this one after a restart) continues at once.
 */
export async function startExportWorkerFromEnv(): Promise<void> {
  const bridge = processBridge();
  if (!config().dashboard.exportWorker || bridge.contactExportWorker) return;
  const { db } = await getDatabase();
  const worker = new ExportWorker({ db });
  bridge.contactExportWorker = worker;
  worker.start();
  const stop = () => void worker.stop();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
