import "server-only";
import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exportChunks, exportJobs } from "@/lib/db/schema";
import { DashboardError } from "@/lib/core/actions/errors";
import { toPlatformFilters, type ContactBrowserFilters } from "../browser-params";
import { fileNameOf, type ExportFormat } from "./format";
import type { StartExportInput } from "./forms";

/** Finished (and failed or cancelled) exports stay listed, and files downloadable, this long. */
export const RETENTION_HOURS = 24;
/** Exports one member may have queued or running at once. */
const MAX_ACTIVE_PER_USER = 3;
const BATCH_SIZE = 1000;

export type ExportStatus = "queued" | "running" | "finished" | "failed" | "cancelled";
export type WaitReason = "rate_limit" | "budget_reserve" | "platform_unavailable";

/**
 * What the job was started with: the browser's filters and what the platform is
 * asked. `q` is kept only when the platform searches (the caller checks), so the
 * file holds exactly the contacts the browser counted.
 */
export interface StoredFilters extends ContactBrowserFilters {
  tz: string;
  /** The bot's name when the export was started (getMe), for the title and the file name; absent in older jobs. */
  botName?: string | null;
  platform: { bot_id?: number; date_from?: number; date_to?: number; search?: string; contact_ids?: number[] };
  /** How many rows were selected when the export is of selected rows only (the platform's `contact_ids`); absent otherwise. */
  selected?: number;
}

export type ExportJobRow = typeof exportJobs.$inferSelect;

/** `q` only when the platform searches (lib/features/contacts/actions.ts checks it); without it the export is of the other filters. */
export async function createExportJob(
  db: Db,
  input: { userId: number; botName?: string | null } & Omit<StartExportInput, "q" | "ids"> & { q?: string | null; ids?: number[] | null },
) {
  const filters: ContactBrowserFilters = { q: input.q ?? null, bot: input.bot, from: input.from, to: input.to };
  const tz = input.tz;
  const stored: StoredFilters = {
    ...filters,
    tz,
    botName: input.bot === null ? null : (input.botName ?? null),
    platform: { ...toPlatformFilters(filters, tz, { search: true }), ...(input.ids ? { contact_ids: [...new Set(input.ids)] } : {}) },
    ...(input.ids ? { selected: new Set(input.ids).size } : {}),
  };
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Serialises one member's starts, so that two quick clicks cannot both pass the limit.
    await txDb.execute(sql`SELECT pg_advisory_xact_lock(${EXPORT_LOCK_NAMESPACE}, ${input.userId % 2_147_483_647}::int)`);
    const [{ active }] = await txDb
      .select({ active: sql<number>`count(*)::int` })
      .from(exportJobs)
      .where(and(eq(exportJobs.createdBy, input.userId), inArray(exportJobs.status, ["queued", "running"])));
    if (Number(active) >= MAX_ACTIVE_PER_USER) throw new DashboardError("exports.too_many", undefined, { max: MAX_ACTIVE_PER_USER });
    const [job] = await txDb
      .insert(exportJobs)
      .values({ format: input.format, bom: input.format === "csv" && input.bom, filters: stored, createdBy: input.userId, batchSize: BATCH_SIZE })
      .returning();
    return job;
  });
}

/** An arbitrary namespace for the advisory locks of export starts. */
const EXPORT_LOCK_NAMESPACE = 81_207;

const visible = () => or(isNull(exportJobs.expiresAt), gt(exportJobs.expiresAt, sql`now()`));

export async function listExportJobs(db: Db, userId: number, limit = 20): Promise<ExportJobView[]> {
  const rows = await db
    .select({ job: exportJobs, nowMs: sql<number>`(extract(epoch FROM now()) * 1000)::float8` })
    .from(exportJobs)
    .where(and(eq(exportJobs.createdBy, userId), visible()))
    .orderBy(desc(exportJobs.id))
    .limit(limit);
  return rows.map(({ job, nowMs }) => toView(job, Number(nowMs)));
}

export async function findExportJob(db: Db, id: number, userId: number): Promise<ExportJobRow | null> {
  const [job] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.createdBy, userId), visible()));
  return job ?? null;
}

/** The columns of a job that has ended (failed, cancelled): kept for RETENTION_HOURS, no lease, no wait. */
export function endedJob(status: "failed" | "cancelled") {
  return {
    status,
    finishedAt: sql`now()`,
    expiresAt: sql`now() + make_interval(hours => ${RETENTION_HOURS})`,
    leaseOwner: null,
    leaseExpiresAt: null,
    waitReason: null,
    waitUntil: null,
  };
}

/** Stops a queued or running export of the member: the worker stops before its next batch; the chunks go at once. */
export async function cancelExportJob(db: Db, id: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const cancelled = await txDb
      .update(exportJobs)
      .set(endedJob("cancelled"))
      .where(and(eq(exportJobs.id, id), eq(exportJobs.createdBy, userId), inArray(exportJobs.status, ["queued", "running"])))
      .returning({ id: exportJobs.id });
    if (cancelled.length === 0) throw new DashboardError("exports.not_cancellable");
    await txDb.delete(exportChunks).where(eq(exportChunks.jobId, id));
  });
}

/** What the export list shows; computed with the database's clock, which every instance shares. */
export interface ExportJobView {
  id: number;
  format: ExportFormat;
  bom: boolean;
  status: ExportStatus;
  filters: ContactBrowserFilters & { tz: string; selected: number | null };
  /** The bot's name as when the export was started; null for all bots or when the platform did not name it. */
  botName: string | null;
  total: number | null;
  rowsDone: number;
  /** 0 to 100. */
  percent: number;
  /** Average since the job started, waits included. */
  rowsPerSecond: number | null;
  secondsLeft: number | null;
  waitReason: WaitReason | null;
  /** Seconds until the worker resumes (0 when not waiting). */
  waitSeconds: number;
  errorCode: string | null;
  error: string | null;
  bytes: number;
  fileName: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  expiresAt: string | null;
}

export function exportFileName(job: ExportJobRow): string {
  const filters = job.filters as StoredFilters;
  return fileNameOf({ format: job.format as ExportFormat, createdAt: job.createdAt, bot: filters.bot ?? null, botName: filters.botName, tz: filters.tz });
}

function toView(job: ExportJobRow, nowMs: number): ExportJobView {
  const filters = job.filters as StoredFilters;
  const status = job.status as ExportStatus;
  const total = job.total === null ? null : Number(job.total);
  const rowsDone = Number(job.rowsDone);
  const started = job.startedAt?.getTime() ?? null;
  const end = job.finishedAt?.getTime() ?? nowMs;
  const elapsed = started === null ? 0 : Math.max(0, end - started) / 1000;
  const rowsPerSecond = started !== null && elapsed > 0.5 && rowsDone > 0 ? rowsDone / elapsed : null;
  const percent = status === "finished" ? 100 : total ? Math.min(100, Math.floor((rowsDone / total) * 1000) / 10) : 0;
  const waiting = status === "running" && job.waitReason && job.waitUntil && job.waitUntil.getTime() > nowMs;
  return {
    id: job.id,
    format: job.format as ExportFormat,
    bom: job.bom,
    status,
    filters: {
      q: filters.q ?? null,
      bot: filters.bot ?? null,
      from: filters.from ?? null,
      to: filters.to ?? null,
      tz: filters.tz,
      selected: filters.selected ?? null,
    },
    botName: filters.botName ?? null,
    total,
    rowsDone,
    percent,
    rowsPerSecond,
    secondsLeft: status === "running" && rowsPerSecond && total !== null ? Math.max(0, Math.ceil((total - rowsDone) / rowsPerSecond)) : null,
    waitReason: waiting ? (job.waitReason as WaitReason) : null,
    waitSeconds: waiting ? Math.ceil((job.waitUntil!.getTime() - nowMs) / 1000) : 0,
    errorCode: job.errorCode,
    error: job.error,
    bytes: Number(job.bytesDone),
    fileName: exportFileName(job),
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    expiresAt: job.expiresAt?.toISOString() ?? null,
  };
}
