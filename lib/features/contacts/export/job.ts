import "server-only";
import { defineJob } from "@/lib/core/jobs/define";
import { EXPORT_JOBS } from "./job-store";
import { ExportWorker } from "./worker";

/** Writes requested exports (export_jobs), one batch of contacts at a time; DASHBOARD_EXPORT_WORKER=0 leaves it off. */
export const exportJob = defineJob({
  kind: "leased",
  name: "contact-export",
  table: EXPORT_JOBS,
  leaseSeconds: (settings) => settings.dashboard.exportLeaseSeconds,
  enabled: (settings) => settings.dashboard.exportWorker,
  create: ({ db, leaseSeconds }) => new ExportWorker({ db, leaseSeconds }),
});
