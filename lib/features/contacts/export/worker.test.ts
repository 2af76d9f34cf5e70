import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { queryRows, type Database, type Db } from "@/lib/db/client";
import { exportChunks, exportJobs } from "@/lib/db/schema";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { addBot, visibleIds } from "@/lib/platform/testing/contacts";
import { PlatformClient } from "@/lib/api/client";
import { startTestPlatform, type TestPlatform } from "@/lib/api/testing/platform";
import { BOM, CSV_COLUMNS } from "./format";
import { cancelExportJob, createExportJob, findExportJob, listExportJobs } from "./jobs";
import { ExportWorker, type ExportWorkerOptions } from "./worker";
import { claimExportJob, cleanupExpiredExports } from "./job-store";
import { exportFileStream } from "./download";
import { reloadConfig } from "@/lib/core/config.mjs";
import { breakerFor } from "@/lib/api/breaker";
import { keyHashOf } from "@/lib/api/budget";
import { startFaultPlatform } from "@/lib/testing/fault-platform.mjs";

/**
 * The export worker against our real platform over HTTP (lib/api/testing/platform):
 * every contact exactly once across a takeover, 429s waited out, cancel, cleanup,
 * and the file as written (CSV neutralised, BOM, JSON Lines).
 */
let database: Database;
let db: Db;
let platform: TestPlatform;

beforeAll(async () => {
  process.env.DASHBOARD_EXPORT_LOG = "0";
  reloadConfig();
  database = await createTestDatabase();
  db = database.db;
  platform = await startTestPlatform(db);
});
afterAll(async () => {
  await platform?.close();
  await database?.close();
});

const DAY = 86_400;
const START = Date.parse("2025-03-01T00:00:00Z") / 1000;

/** A tenant whose bot has `count` generated contacts, one per hour from 2025-03-01 00:00 UTC. */
async function tenantWithContacts(count: number): Promise<Tenant> {
  const tenant = await seedTenant(db);
  await applyFixtures(db, {
    generate_contacts: [
      {
        bot_id: tenant.botId,
        count,
        messenger: "telegram",
        created_from: new Date(START * 1000).toISOString(),
        created_to: new Date((START + (count - 1) * 3600) * 1000).toISOString(),
      },
    ],
  });
  return tenant;
}

function workerFor(tenant: Tenant, options: Partial<ExportWorkerOptions> = {}): ExportWorker {
  return new ExportWorker({
    db,
    connect: async (database) => new PlatformClient({ db: database, baseUrl: platform.baseUrl, apiKey: tenant.key }),
    pollMs: 20,
    leaseSeconds: 30,
    ...options,
  });
}

async function startJob(input: {
  bot?: number | null;
  from?: string | null;
  to?: string | null;
  tz?: string;
  format?: "csv" | "jsonl";
  bom?: boolean;
  userId?: number;
  ids?: number[] | null;
}) {
  return createExportJob(db, {
    userId: input.userId ?? uniqueId(),
    bot: input.bot ?? null,
    from: input.from ?? null,
    to: input.to ?? null,
    tz: input.tz ?? "UTC",
    format: input.format ?? "jsonl",
    bom: input.bom ?? false,
    ids: input.ids ?? null,
  });
}

async function jobRow(id: number) {
  const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id));
  return row;
}

async function fileText(id: number): Promise<string> {
  const job = await jobRow(id);
  const reader = exportFileStream(db, job).getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const jsonlIds = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: number }).id);

/** The first column of each CSV record after the header (ids are never quoted). */
const csvIds = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .slice(1)
    .filter(Boolean)
    .map((line) => Number(line.split(",")[0]));

/** Runs jobs until the queue is empty (the worker takes the oldest first). */
async function drain(worker: ExportWorker) {
  const outcomes = [];
  for (let result = await worker.runOnce(); result; result = await worker.runOnce()) outcomes.push(result);
  return outcomes;
}

describe("export worker", () => {
  test("export: every contact of the filters exactly once, in id order, with progress and the file's size recorded", async () => {
    const tenant = await tenantWithContacts(2_600);
    const otherBot = await addBot(db, tenant);
    await applyFixtures(db, {
      generate_contacts: [{ bot_id: otherBot, count: 50, messenger: "max", created_from: "2025-03-02T00:00:00Z", created_to: "2025-03-03T00:00:00Z" }],
    });
    // Days 2025-03-02 to 2025-03-80 (both inclusive) of bot A: hours 24 … 24*80-1 since START.
    const job = await startJob({ bot: tenant.botId, from: "2025-03-02", to: "2025-05-19", format: "jsonl" });
    const expected = await visibleIds(db, tenant.holderId, { botId: tenant.botId, from: START + DAY, to: Date.parse("2025-05-19T23:59:59Z") / 1000 });
    expect(expected.length).toBe(2_600 - 24 - (2_600 - 24 * 80));

    const outcomes = await drain(workerFor(tenant));
    expect(outcomes).toEqual([{ jobId: job.id, outcome: "finished" }]);
    const ids = jsonlIds(await fileText(job.id));
    expect(ids).toEqual(expected);
    const row = await jobRow(job.id);
    expect(row).toMatchObject({
      status: "finished",
      total: expected.length,
      rowsDone: expected.length,
      nextOffset: expected.length,
      chunkCount: 2,
      leaseOwner: null,
    });
    expect(row.expiresAt!.getTime() - row.finishedAt!.getTime()).toBe(24 * 3600 * 1000);
    const [{ bytes }] = await queryRows<{ bytes: number }>(
      db,
      sql`SELECT sum(octet_length(content))::int AS bytes FROM dashboard.export_chunks WHERE job_id = ${job.id}`,
    );
    expect(row.bytesDone).toBe(Number(bytes));
    // Offset mode at 1,000 per batch: two full batches' worth, nothing more.
    const batches = platform.bodies.filter((body) => body.includes(`"bot_id":${tenant.botId}`) && body.includes('"offset"'));
    expect(batches.map((body) => JSON.parse(body))).toEqual([
      { bot_id: tenant.botId, date_from: START + DAY, date_to: Date.parse("2025-05-19T23:59:59Z") / 1000, offset: 0, limit: 1000 },
      { bot_id: tenant.botId, date_from: START + DAY, date_to: Date.parse("2025-05-19T23:59:59Z") / 1000, offset: 1000, limit: 1000 },
    ]);
  });

  test("date range: whole days of the viewer's zone, both edges inclusive (Europe/Moscow, UTC+3)", async () => {
    const tenant = await seedTenant(db);
    const at = (iso: string) => ({ id: uniqueId(), bot_id: tenant.botId, messenger: "telegram", name: iso, telegram_id: String(uniqueId()), created_at: iso });
    // 2025-03-10 in Moscow is 2025-03-09T21:00:00Z … 2025-03-10T20:59:59Z.
    const contacts = [at("2025-03-09T20:59:59Z"), at("2025-03-09T21:00:00Z"), at("2025-03-10T20:59:59Z"), at("2025-03-10T21:00:00Z")];
    await applyFixtures(db, { contacts });
    const job = await startJob({ bot: tenant.botId, from: "2025-03-10", to: "2025-03-10", tz: "Europe/Moscow" });
    await drain(workerFor(tenant));
    expect(jsonlIds(await fileText(job.id))).toEqual([contacts[1].id, contacts[2].id]);
  });

  test("selected rows: only the ids (each once, with the filters), sent as contact_ids; the job says how many were selected", async () => {
    const tenant = await tenantWithContacts(30);
    const all = await visibleIds(db, tenant.holderId);
    const picked = [all[20], all[3], all[11], all[3]];
    const foreign = (await visibleIds(db, (await tenantWithContacts(1)).holderId))[0];
    const job = await startJob({ bot: tenant.botId, ids: [...picked, foreign] });
    await drain(workerFor(tenant));
    expect(jsonlIds(await fileText(job.id))).toEqual([all[3], all[11], all[20]]);
    expect(await jobRow(job.id)).toMatchObject({ status: "finished", total: 3, rowsDone: 3 });
    const [view] = (await listExportJobs(db, job.createdBy)).filter((listed) => listed.id === job.id);
    expect(view.filters).toMatchObject({ bot: tenant.botId, selected: 4 });
    const sent = platform.bodies.filter((body) => body.includes('"contact_ids"')).map((body) => JSON.parse(body));
    expect(sent).toContainEqual({ bot_id: tenant.botId, contact_ids: [all[20], all[3], all[11], foreign], offset: 0, limit: 1000 });
  });

  test("takeover: a worker whose lease ran out cannot write again; the next one continues at next_offset, every contact exactly once", async () => {
    const tenant = await tenantWithContacts(3_500);
    const job = await startJob({ bot: tenant.botId, format: "csv" });
    const second = workerFor(tenant);
    let taken: Awaited<ReturnType<typeof claimExportJob>> = null;
    const first = workerFor(tenant, {
      async onBatch({ offset }) {
        if (offset !== 0 || taken) return;
        // The first worker stalls after its first batch (a long GC pause, a frozen VM): its lease expires and another takes the job.
        await db
          .update(exportJobs)
          .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
          .where(eq(exportJobs.id, job.id));
        taken = await claimExportJob(db, second.owner, 30);
      },
    });
    expect(await first.runOnce()).toEqual({ jobId: job.id, outcome: "lost" });
    expect(taken).not.toBeNull();
    expect(Number(taken!.nextOffset)).toBe(1000);
    expect(await second.runJob(taken!)).toBe("finished");

    const ids = csvIds(await fileText(job.id));
    expect(ids).toEqual(await visibleIds(db, tenant.holderId, { botId: tenant.botId }));
    expect(new Set(ids).size).toBe(3_500);
    const chunks = await db
      .select({ seq: exportChunks.seq, rows: exportChunks.rows, writtenBy: exportChunks.writtenBy })
      .from(exportChunks)
      .where(eq(exportChunks.jobId, job.id))
      .orderBy(exportChunks.seq);
    expect(chunks).toEqual([
      { seq: 0, rows: 1000, writtenBy: first.owner },
      { seq: 1, rows: 1000, writtenBy: second.owner },
      { seq: 2, rows: 1000, writtenBy: second.owner },
      { seq: 3, rows: 500, writtenBy: second.owner },
    ]);
  });

  test("crash: a worker that dies after a batch leaves the job to the next one once its lease has expired; nothing is lost or repeated", async () => {
    const tenant = await tenantWithContacts(2_500);
    const job = await startJob({ bot: tenant.botId });
    const crashing = workerFor(tenant, {
      onBatch({ offset }) {
        if (offset === 1000) throw new Error("simulated crash");
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow("simulated crash");
    const other = workerFor(tenant);
    // Still leased to the crashed worker: nobody may take it yet.
    expect(await other.runOnce()).toBeNull();
    await db
      .update(exportJobs)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(exportJobs.id, job.id));
    expect(await other.runOnce()).toEqual({ jobId: job.id, outcome: "finished" });
    expect(jsonlIds(await fileText(job.id))).toEqual(await visibleIds(db, tenant.holderId, { botId: tenant.botId }));
  });

  test("stop: a stopping worker hands its job back at once, and another continues from its offset", async () => {
    const tenant = await tenantWithContacts(2_100);
    const job = await startJob({ bot: tenant.botId });
    let stopping: Promise<void> | undefined;
    const first = workerFor(tenant, {
      onBatch({ offset }) {
        if (offset === 0) stopping = first.stop();
      },
    });
    first.start();
    await expect.poll(() => stopping !== undefined).toBe(true);
    await stopping;
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "running", leaseOwner: null, leaseExpiresAt: null, nextOffset: 1000 });
    expect(await workerFor(tenant).runOnce()).toEqual({ jobId: job.id, outcome: "finished" });
    expect(jsonlIds(await fileText(job.id))).toEqual(await visibleIds(db, tenant.holderId, { botId: tenant.botId }));
  });

  test("429: the platform's refusals are waited out, the wait is shown on the job, and the export still finishes exactly once", async () => {
    const tenant = await tenantWithContacts(1_500);
    const job = await startJob({ bot: tenant.botId });
    platform.refuseNext(2, 3);
    const seen = new Set<string>();
    const running = workerFor(tenant).runOnce();
    let result: Awaited<typeof running> | undefined;
    void running.then((value) => (result = value));
    while (result === undefined) {
      const row = await jobRow(job.id);
      if (row.waitReason && row.waitUntil && row.waitUntil.getTime() > Date.now()) seen.add(row.waitReason);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(result).toEqual({ jobId: job.id, outcome: "finished" });
    expect([...seen]).toEqual(["rate_limit"]);
    const row = await jobRow(job.id);
    expect(row.waitCount).toBeGreaterThanOrEqual(1);
    expect(row).toMatchObject({ status: "finished", waitReason: null, waitUntil: null, error: null });
    expect(jsonlIds(await fileText(job.id))).toEqual(await visibleIds(db, tenant.holderId, { botId: tenant.botId }));
  });

  test("the platform stops answering mid-export: the breaker opens, the job pauses (platform_unavailable, never failed), resumes by itself and finishes exactly once", async () => {
    const tenant = await tenantWithContacts(3_000);
    const job = await startJob({ bot: tenant.botId });
    const fault = await startFaultPlatform({ upstream: platform.baseUrl });
    try {
      // Its own breaker: two calls without an answer open it for a second.
      breakerFor(fault.baseUrl, keyHashOf(tenant.key), { failures: 2, timeouts: 2, coolDownMs: 1_000 });
      const timeouts = { connectMs: 500, firstByteMs: 700, answerMs: 900 };
      const worker = new ExportWorker({
        db,
        connect: async (database) => new PlatformClient({ db: database, baseUrl: fault.baseUrl, apiKey: tenant.key, lane: "background", timeouts }),
        pollMs: 20,
        leaseSeconds: 30,
        async onBatch({ offset }) {
          if (offset === 0) fault.set("hang");
        },
      });
      const seen = new Set<string>();
      const running = worker.runOnce();
      let result: Awaited<typeof running> | undefined;
      void running.then((value) => (result = value));
      while (result === undefined) {
        const row = await jobRow(job.id);
        if (row.waitReason) seen.add(row.waitReason);
        // Once the job has waited for the platform, it heals.
        if (seen.has("platform_unavailable") && fault.fault() === "hang") fault.set("none");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(result).toEqual({ jobId: job.id, outcome: "finished" });
      expect(seen).toContain("platform_unavailable");
      expect(await jobRow(job.id)).toMatchObject({ status: "finished", error: null });
      expect(jsonlIds(await fileText(job.id))).toEqual(await visibleIds(db, tenant.holderId, { botId: tenant.botId }));
    } finally {
      await fault.close();
    }
  });

  test("cancel: the worker stops before its next batch, the chunks are deleted, and nobody takes the job again", async () => {
    const tenant = await tenantWithContacts(3_000);
    const userId = uniqueId();
    const job = await startJob({ bot: tenant.botId, userId });
    const worker = workerFor(tenant, {
      async onBatch({ offset }) {
        if (offset === 0) await cancelExportJob(db, job.id, userId);
      },
    });
    expect(await worker.runOnce()).toEqual({ jobId: job.id, outcome: "cancelled" });
    expect(await jobRow(job.id)).toMatchObject({ status: "cancelled", rowsDone: 1000, leaseOwner: null });
    expect(await db.select().from(exportChunks).where(eq(exportChunks.jobId, job.id))).toEqual([]);
    expect(await worker.runOnce()).toBeNull();
    // Only a queued or running export of one's own can be cancelled.
    await expect(cancelExportJob(db, job.id, userId)).rejects.toMatchObject({ code: "exports.not_cancellable" });
    const other = await startJob({ bot: tenant.botId, userId });
    await expect(cancelExportJob(db, other.id, uniqueId())).rejects.toMatchObject({ code: "exports.not_cancellable" });
    await cancelExportJob(db, other.id, userId);
  });

  test("failure: a refused key fails the job with the platform's code, keeps no chunks, and is not retried", async () => {
    const tenant = await tenantWithContacts(10);
    const job = await startJob({ bot: tenant.botId });
    const worker = workerFor({ ...tenant, key: "not-a-key" });
    expect(await worker.runOnce()).toEqual({ jobId: job.id, outcome: "failed" });
    expect(await jobRow(job.id)).toMatchObject({ status: "failed", errorCode: "unauthorized", leaseOwner: null, rowsDone: 0 });
    expect(await worker.runOnce()).toBeNull();
  });

  test("empty: an export that selects nothing finishes with an empty file (the CSV header only)", async () => {
    const tenant = await tenantWithContacts(5);
    const job = await startJob({ bot: tenant.botId, from: "2030-01-01", format: "csv", bom: true });
    await drain(workerFor(tenant));
    expect(await jobRow(job.id)).toMatchObject({ status: "finished", total: 0, rowsDone: 0, chunkCount: 0 });
    expect(await fileText(job.id)).toBe(`${BOM}${CSV_COLUMNS.join(",")}\r\n`);
  });

  test("claim: concurrent workers take different jobs (FOR UPDATE SKIP LOCKED), oldest first", async () => {
    await drain(workerFor(await seedTenant(db)));
    const a = await startJob({});
    const b = await startJob({});
    const [first, second, third] = await Promise.all([
      claimExportJob(db, "worker-a", 30),
      claimExportJob(db, "worker-b", 30),
      claimExportJob(db, "worker-c", 30),
    ]);
    const claimed = [first, second, third].filter(Boolean).map((job) => job!.id);
    expect(claimed.sort()).toEqual([a.id, b.id].sort());
    await db.delete(exportJobs).where(sql`${exportJobs.id} IN (${a.id}, ${b.id})`);
  });

  test("cleanup: the worker deletes exports (jobs and chunks) whose 24 hours are over, and keeps the rest", async () => {
    const tenant = await tenantWithContacts(1_200);
    const userId = uniqueId();
    const old = await startJob({ bot: tenant.botId, userId });
    const fresh = await startJob({ bot: tenant.botId, userId });
    await drain(workerFor(tenant));
    await db
      .update(exportJobs)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportJobs.id, old.id));
    expect((await listExportJobs(db, userId)).map((job) => job.id)).toEqual([fresh.id]);
    expect(await findExportJob(db, old.id, userId)).toBeNull();

    const worker = workerFor(tenant);
    worker.start();
    await expect.poll(async () => (await db.select().from(exportJobs).where(eq(exportJobs.id, old.id))).length).toBe(0);
    await worker.stop();
    expect(await db.select().from(exportChunks).where(eq(exportChunks.jobId, old.id))).toEqual([]);
    expect(await db.select({ seq: exportChunks.seq }).from(exportChunks).where(eq(exportChunks.jobId, fresh.id))).toHaveLength(2);
    expect(await cleanupExpiredExports(db)).toBe(0);
  });

  test("limit: a member may have 3 exports queued or running at once", async () => {
    const userId = uniqueId();
    for (let i = 0; i < 3; i++) await startJob({ userId });
    await expect(startJob({ userId })).rejects.toMatchObject({ code: "exports.too_many", params: { max: 3 } });
    await db.delete(exportJobs).where(and(eq(exportJobs.createdBy, userId)));
  });
});

describe("export file", () => {
  test("CSV: UTF-8 with an optional BOM, a header, CRLF records; cells starting with = + - @ tab or CR neutralised with an apostrophe", async () => {
    const tenant = await seedTenant(db);
    const contact = (name: string, extra: Record<string, unknown> = {}) => ({
      id: uniqueId(),
      bot_id: tenant.botId,
      messenger: "telegram",
      name,
      telegram_id: String(uniqueId()),
      created_at: "2025-06-01T09:00:00+00:00",
      ...extra,
    });
    const contacts = [
      contact('=HYPERLINK("http://evil","x")', { tags: ["+vip", "@all"], address: "-1 Main St" }),
      contact('Zoë, "the" Ünicode', {
        email: "zoe@example.com",
        phone: "79991234567",
        telegram_username: "zoe",
        variables: [
          { name: "utm_source", value: "ads", type: 0 },
          { name: "photo", value: "https://files.example.com/p", type: 1 },
        ],
      }),
      contact("@handle"),
      contact("\tTabbed"),
    ];
    await applyFixtures(db, { contacts });
    const withBom = await startJob({ bot: tenant.botId, format: "csv", bom: true });
    const withoutBom = await startJob({ bot: tenant.botId, format: "csv", bom: false });
    await drain(workerFor(tenant));

    const text = await fileText(withBom.id);
    expect(
      text.startsWith(
        `${BOM}id,bot_id,name,messenger,messenger_id,messenger_username,phone,email,address,avatar,tags,utm,variables,created_at,unsubscribed_at\r\n`,
      ),
    ).toBe(true);
    expect((await fileText(withoutBom.id)).startsWith("id,bot_id,")).toBe(true);
    const lines = text.replace(BOM, "").split("\r\n");
    expect(lines).toHaveLength(contacts.length + 2);
    expect(lines.at(-1)).toBe("");
    const [c0, c1, c2, c3] = contacts.map((c) => String(c.id));
    expect(lines[1]).toBe(
      `${c0},${tenant.botId},"'=HYPERLINK(""http://evil"",""x"")",telegram,${contacts[0].telegram_id},,,,'-1 Main St,,"'+vip, @all",,,2025-06-01T09:00:00+00:00,`,
    );
    expect(lines[2]).toBe(
      `${c1},${tenant.botId},"Zoë, ""the"" Ünicode",telegram,${contacts[1].telegram_id},zoe,79991234567,zoe@example.com,,,,"{""utm_source"":""ads""}","[{""name"":""utm_source"",""type"":0,""value"":""ads""},{""name"":""photo"",""type"":1,""value"":""https://files.example.com/p""}]",2025-06-01T09:00:00+00:00,`,
    );
    expect(lines[3].startsWith(`${c2},${tenant.botId},'@handle,`)).toBe(true);
    expect(lines[4].startsWith(`${c3},${tenant.botId},'\tTabbed,`)).toBe(true);
  });

  test("JSON Lines: one contact object per line, as the platform gives it", async () => {
    const tenant = await seedTenant(db);
    const id = uniqueId();
    await applyFixtures(db, {
      contacts: [{ id, bot_id: tenant.botId, messenger: "viber", name: "=1+1", viber_id: "vb-1", created_at: "2025-06-01T09:00:00+00:00", tags: ["a"] }],
    });
    const job = await startJob({ bot: tenant.botId, format: "jsonl", bom: true });
    await drain(workerFor(tenant));
    const text = await fileText(job.id);
    expect(text.endsWith("\n")).toBe(true);
    expect(text.startsWith(BOM)).toBe(false);
    expect(JSON.parse(text)).toEqual({
      id,
      bot_id: tenant.botId,
      phone: null,
      email: null,
      name: "=1+1",
      address: null,
      messenger: "viber",
      utm: {},
      avatar: null,
      vk_user_id: null,
      viber_id: "vb-1",
      created_at: "2025-06-01T09:00:00+00:00",
      unsubscribed_at: null,
      tags: ["a"],
      variables: [],
    });
  });
});
