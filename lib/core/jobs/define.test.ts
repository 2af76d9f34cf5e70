import { describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/client";
import { parseConfig } from "@/lib/core/config.mjs";
import { defineJob, runnerOf } from "./define";

const db = {} as Db; // the runner only hands it to the job's own code
const settings = parseConfig({});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("defineJob", () => {
  test("a name is lowercase words with dashes", () => {
    expect(() => defineJob({ kind: "periodic", name: "Prune Keys", everyMs: 1000, enabled: () => true, run: async () => 0 })).toThrow(/lowercase/);
  });

  test("a leased job's runner is made with the lease its settings give", () => {
    let lease = 0;
    const job = defineJob({
      kind: "leased",
      name: "probe",
      table: { name: "export_jobs", active: ["running"] },
      leaseSeconds: (s) => s.dashboard.exportLeaseSeconds,
      enabled: () => true,
      create: ({ leaseSeconds }) => {
        lease = leaseSeconds;
        return { start() {}, stop: async () => {} };
      },
    });
    runnerOf(job, db, settings);
    expect(lease).toBe(settings.dashboard.exportLeaseSeconds);
  });

  test("a periodic job runs again after each run, goes on after a failure, and stop() waits for a run in progress", async () => {
    let runs = 0;
    let finished = 0;
    const job = defineJob({
      kind: "periodic",
      name: "probe-periodic",
      everyMs: 20,
      enabled: () => true,
      run: async () => {
        runs += 1;
        if (runs === 2) throw new Error("one failure");
        await sleep(30);
        finished += 1;
      },
    });
    const runner = runnerOf(job, db, settings);
    runner.start();
    runner.start(); // once only
    while (runs < 4) await sleep(5);
    await runner.stop();
    expect(finished).toBe(runs - 1); // the run in progress at stop() finished before stop() answered
    const after = runs;
    await sleep(80);
    expect(runs).toBe(after);
  });
});
