import "server-only";
import { config } from "@/lib/core/config.mjs";
import { getDatabase } from "@/lib/db/client";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { runnerOf, type JobDefinition } from "./define";

/**
 * Starts the registered jobs that this process's settings turn on (instrumentation.ts, once, with the registry of
 * lib/features/jobs.ts): at most one runner per name in the process. On SIGTERM each stops after its current step and
 * hands its work back, so that another instance (or this one after a restart) continues at once; scripts/start.mjs
 * also stops every one of them before it closes the database.
 */
export async function startJobs(jobs: readonly JobDefinition[]): Promise<void> {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
    names.add(job.name);
  }
  const settings = config();
  const wanted = jobs.filter((job) => job.enabled(settings));
  const runners = (processBridge().backgroundJobs ??= new Map());
  if (wanted.every((job) => runners.has(job.name))) return;
  const { db } = await getDatabase();
  for (const job of wanted) {
    // Another start may have finished while this one waited for the database.
    if (runners.has(job.name)) continue;
    const runner = runnerOf(job, db, settings);
    runners.set(job.name, runner);
    runner.start();
    const stop = () => void runner.stop();
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
}
