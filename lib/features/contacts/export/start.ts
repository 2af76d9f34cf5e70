import "server-only";
import { config } from "@/lib/core/config.mjs";
import { startBackgroundWorker } from "@/lib/core/jobs/start";
import { ExportWorker } from "./worker";

/** This process's export worker; DASHBOARD_EXPORT_WORKER=0 leaves it off (tests that run their own workers). */
export function startExportWorkerFromEnv(): Promise<void> {
  return startBackgroundWorker("contact-export", config().dashboard.exportWorker, (db) => new ExportWorker({ db }));
}
