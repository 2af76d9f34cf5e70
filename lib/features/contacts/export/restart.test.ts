import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { eq } from "drizzle-orm";
import { createTestDatabase, serverDatabaseEnv, type TestDatabase } from "@/lib/db/testing/database";
import { exportChunks, exportJobs } from "@/lib/db/schema";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { visibleIds } from "@/lib/platform/testing/contacts";
import { createExportJob } from "./jobs";
import { exportFileStream } from "./download";

/**
 * An export survives its server: `npm start` (a production build, NEXT_DIST_DIR
 * or .next) runs the worker from instrumentation.ts; the server is killed or
 * stopped mid-export and another one finishes the job from the last batch
 * written. PostgreSQL only (TEST_DATABASE_URL): the test reads the job while the
 * servers run, which an embedded database in another process does not allow.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const CONTACTS = 30_000;

function startInstance(database: TestDatabase, apiKey: string, extraEnv: Record<string, string> = {}): Promise<ServerInstance> {
  return startServer({
    env: (url) => ({
      ...serverDatabaseEnv(database),
      PLATFORM_BASE_URL: url,
      PLATFORM_API_KEY: apiKey,
      NEXTAUTH_SECRET: "test-secret-0123456789abcdef0123456789",
      PLATFORM_LOG_REQUESTS: "0",
      DASHBOARD_EXPORT_WORKER: "1",
      DASHBOARD_EXPORT_LOG: "0",
      ...extraEnv,
    }),
  });
}

describe.runIf(serverUrl)("contact export across server restarts", () => {
  let database: TestDatabase;
  let tenant: Tenant;
  const running: ServerInstance[] = [];

  beforeAll(async () => {
    assertBuilt();
    database = await createTestDatabase({ poolSize: 4 });
    tenant = await seedTenant(database.db);
    await applyFixtures(database.db, {
      generate_contacts: [
        { bot_id: tenant.botId, count: CONTACTS, messenger: "telegram", created_from: "2024-01-01T00:00:00Z", created_to: "2025-01-01T00:00:00Z" },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    for (const instance of running) instance.signal("SIGKILL");
    await Promise.all(running.map((instance) => instance.exited));
    await database?.close();
  });

  const job = async (id: number) => (await database.db.select().from(exportJobs).where(eq(exportJobs.id, id)))[0];

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function fileIds(id: number): Promise<number[]> {
    const reader = exportFileStream(database.db, await job(id)).getReader();
    let text = "";
    const decoder = new TextDecoder();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    return text
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: number }).id);
  }

  async function chunkWriters(id: number) {
    return database.db
      .select({ seq: exportChunks.seq, rows: exportChunks.rows, writtenBy: exportChunks.writtenBy })
      .from(exportChunks)
      .where(eq(exportChunks.jobId, id))
      .orderBy(exportChunks.seq);
  }

  test("restart: a server killed mid-export (SIGKILL) leaves the job to the next server, which continues from the last batch written; every contact exactly once", async () => {
    const created = await createExportJob(database.db, { userId: uniqueId(), bot: tenant.botId, from: null, to: null, tz: "UTC", format: "jsonl", bom: false });
    // A short lease, so that the next server need not wait 30 s for the dead one's.
    const first = await startInstance(database, tenant.key, { DASHBOARD_EXPORT_LEASE_SECONDS: "3" });
    running.push(first);
    const midway = await waitFor(
      () => job(created.id),
      (row) => row.rowsDone >= 5_000,
      120_000,
    );
    expect(midway.status).toBe("running");
    first.signal("SIGKILL");
    await first.exited;
    const atCrash = await job(created.id);
    expect(atCrash.rowsDone).toBeLessThan(CONTACTS);
    const deadOwner = atCrash.leaseOwner!;
    expect(deadOwner).toBeTruthy();

    const second = await startInstance(database, tenant.key, { DASHBOARD_EXPORT_LEASE_SECONDS: "3" });
    running.push(second);
    const finished = await waitFor(
      () => job(created.id),
      (row) => row.status === "finished" || row.status === "failed",
      180_000,
    );
    expect(finished).toMatchObject({ status: "finished", rowsDone: CONTACTS, total: CONTACTS, error: null });

    expect(await fileIds(created.id)).toEqual(await visibleIds(database.db, tenant.holderId, { botId: tenant.botId }));
    const chunks = await chunkWriters(created.id);
    expect(chunks.map((chunk) => chunk.seq)).toEqual(Array.from({ length: CONTACTS / 1000 }, (_, i) => i));
    // The first server's batches were kept, not written again: the second one began where the first stopped.
    const writtenBeforeCrash = atCrash.chunkCount;
    expect(chunks.slice(0, writtenBeforeCrash).every((chunk) => chunk.writtenBy === deadOwner)).toBe(true);
    expect(chunks.slice(writtenBeforeCrash).every((chunk) => chunk.writtenBy !== deadOwner)).toBe(true);
    expect(writtenBeforeCrash).toBeGreaterThanOrEqual(5);
    second.signal("SIGTERM");
    await second.exited;
  }, 300_000);

  test("restart: a server stopped with SIGTERM hands its export back at once, and the next server finishes it exactly once", async () => {
    const created = await createExportJob(database.db, { userId: uniqueId(), bot: tenant.botId, from: null, to: null, tz: "UTC", format: "csv", bom: true });
    const first = await startInstance(database, tenant.key);
    running.push(first);
    await waitFor(
      () => job(created.id),
      (row) => row.rowsDone >= 3_000,
      120_000,
    );
    first.signal("SIGTERM");
    // A graceful stop: the server waits for the worker to hand the job back, then exits 0.
    expect(await first.exited).toEqual({ code: 0, signal: null });
    const atStop = await job(created.id);
    expect(atStop).toMatchObject({ status: "running", leaseOwner: null, leaseExpiresAt: null });
    expect(atStop.rowsDone).toBeLessThan(CONTACTS);
    const second = await startInstance(database, tenant.key);
    running.push(second);
    const finished = await waitFor(
      () => job(created.id),
      (row) => row.status === "finished" || row.status === "failed",
      180_000,
    );
    expect(finished).toMatchObject({ status: "finished", rowsDone: CONTACTS });
    const chunks = await chunkWriters(created.id);
    expect(chunks.map((chunk) => chunk.seq)).toEqual(Array.from({ length: CONTACTS / 1000 }, (_, i) => i));
    expect(chunks.reduce((sum, chunk) => sum + chunk.rows, 0)).toBe(CONTACTS);
    second.signal("SIGTERM");
    await second.exited;
  }, 300_000);
});
