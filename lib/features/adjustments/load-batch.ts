import "server-only";
import { sql } from "drizzle-orm";
import { readBudget } from "@/lib/api";
import { getDb, queryRows, type Db } from "@/lib/db/client";
import { getPlatform } from "@/lib/dashboard/platform";
import { batchesWithHash, listBatches, readBatch, readRows } from "./batch-store";
import type { BatchRowView, StoredBatch, StoredTotals } from "./records";
import { guessMapping } from "./mapping";
import { STOP_REASONS, type RowProblem, type StopReason } from "./types";
import {
  toTotalsView,
  type BatchSummaryView,
  type BatchView,
  type ConfirmView,
  type DryRunView,
  type RowRefView,
  type SameFileView,
  type SuggestedMapping,
  type WaitReason,
} from "./views";

/** Problems, refused rows and unknown rows a page lists at most (each list says how many there are in all). */
const LISTED = 500;
/** Groups of identical rows listed at most. */
const DUPLICATE_GROUPS = 50;
/** Above this many valid rows, a run is confirmed by typing each currency's net total. */
const TYPE_TOTAL_ABOVE_ROWS = 100;

const WAIT_REASONS: readonly string[] = ["rate_limit", "budget_reserve", "platform_unavailable"];

const personOf = (member: { name: string; email: string }) => member.name || member.email;

/** A stopped batch's reason as stored (error_code); one this version does not know reads as the session's end, the widest. */
const stopReasonOf = (code: string | null): StopReason =>
  (STOP_REASONS as readonly string[]).includes(code ?? "") ? (code as StopReason) : "confirmer_session_ended";

/** A batch as the list and the top of its page show it. */
function toSummaryView(batch: StoredBatch): BatchSummaryView {
  const { total, done, ok, failed, unknown, cancelled } = batch.progress;
  return {
    id: batch.id,
    fileName: batch.fileName,
    createdBy: personOf(batch.createdBy),
    createdAt: batch.createdAt,
    status: batch.status,
    rows: batch.rows,
    valid: batch.valid,
    invalid: batch.invalid,
    totals: toTotalsView(batch.totals),
    progress: { total, done, ok, failed, unknown, cancelled },
    stopReason: batch.status === "stopped" ? stopReasonOf(batch.errorCode) : null,
  };
}

function refOf(row: BatchRowView): RowRefView | null {
  if (row.contactId === null || row.currency === null || row.kind === null || row.amountMinor === null) return null;
  return { line: row.line, contactId: row.contactId, currency: row.currency, direction: row.kind, amountMinor: row.amountMinor };
}

function dryRunOf(batch: StoredBatch, refused: BatchRowView[]): DryRunView | null {
  const { summary, checkedAt } = batch.dryRun;
  if (!summary || !checkedAt) return null;
  const failures = refused.flatMap((row) => {
    const ref = refOf(row);
    return ref ? [{ ...ref, code: row.dry?.code ?? "refused" }] : [];
  });
  return { ok: summary.ok, byCode: summary.codes, checkedAt, failures };
}

/** Groups of identical valid rows (contact, currency, direction, amount, description), in file order. */
async function duplicateGroups(db: Db, batchId: string): Promise<{ items: { lines: number[] }[]; total: number }> {
  const rows = await queryRows<{ lines: number[]; groups: string }>(
    db,
    sql`SELECT array_agg(line ORDER BY line) AS lines, count(*) OVER ()::text AS groups
        FROM dashboard.adjustment_rows
        WHERE batch_id = ${batchId}::uuid AND contact_id IS NOT NULL
        GROUP BY contact_id, currency, kind, amount, description HAVING count(*) > 1
        ORDER BY min(line) LIMIT ${DUPLICATE_GROUPS}`,
  );
  return { items: rows.map((row) => ({ lines: row.lines.map(Number) })), total: Number(rows[0]?.groups ?? 0) };
}

function confirmOf(batch: StoredBatch): ConfirmView {
  return batch.valid > TYPE_TOTAL_ABOVE_ROWS
    ? { threshold: "type_total", reason: { kind: "rows", limit: TYPE_TOTAL_ABOVE_ROWS } }
    : { threshold: "none", reason: null };
}

function suggestionOf(headers: string[]): SuggestedMapping {
  const { mapping } = guessMapping(headers);
  return {
    contact_id: mapping.contact_id ?? null,
    currency: mapping.currency ?? null,
    amount: mapping.amount ?? null,
    direction: mapping.direction ?? null,
    description: mapping.description ?? null,
  };
}

/** The batch page's data: the stored batch, its first row, problems, duplicates, the dry run's refusals, unknown rows, the same file before. */
async function loadBatchView(db: Db, batchId: string, limitPerMinute: number | null): Promise<{ view: BatchView; totals: StoredTotals | null } | null> {
  const batch = await readBatch(db, batchId, { limitPerMinute });
  if (!batch) return null;
  const [first, invalid, problemCount, refused, unknown, duplicates, earlier] = await Promise.all([
    readRows(db, batchId, { limit: 1 }),
    readRows(db, batchId, { status: "invalid", limit: LISTED }),
    queryRows<{ count: string }>(
      db,
      sql`SELECT COALESCE(sum(jsonb_array_length(problems)), 0)::text AS count FROM dashboard.adjustment_rows
          WHERE batch_id = ${batchId}::uuid AND problems IS NOT NULL`,
    ),
    batch.dryRun.summary ? readRows(db, batchId, { status: "refused", limit: LISTED }) : null,
    batch.progress.unknown > 0 ? readRows(db, batchId, { status: "unknown", limit: LISTED }) : null,
    batch.status === "uploaded" ? { items: [], total: 0 } : duplicateGroups(db, batchId),
    batchesWithHash(db, batch.fileHash, { excludeId: batch.id }),
  ]);
  const problems: RowProblem[] = invalid.rows.flatMap((row) => row.problems ?? []).slice(0, LISTED);
  const sameFile: SameFileView[] = earlier.map((upload) => ({
    id: upload.id,
    fileName: upload.fileName,
    createdBy: personOf(upload.createdBy),
    createdAt: upload.createdAt,
    status: upload.status,
    ok: upload.ok,
  }));
  const view: BatchView = {
    summary: toSummaryView(batch),
    headers: batch.headers,
    firstRow: first.rows[0]?.cells ?? null,
    mapping: batch.mapping,
    suggestedMapping: suggestionOf(batch.headers),
    problems: { items: problems, total: Number(problemCount[0]?.count ?? problems.length) },
    duplicates,
    dryRun: dryRunOf(batch, refused?.rows ?? []),
    unknown: { items: (unknown?.rows ?? []).flatMap((row) => refOf(row) ?? []), total: unknown?.total ?? 0 },
    etaSeconds: batch.secondsLeft,
    waitReason: batch.waitReason && WAIT_REASONS.includes(batch.waitReason) ? (batch.waitReason as WaitReason) : null,
    waitSeconds: batch.waitSeconds > 0 ? batch.waitSeconds : null,
    sameFile,
    confirm: confirmOf(batch),
  };
  return { view, totals: batch.totals };
}

/** The list page: batches newest first. */
async function loadBatchList(db: Db, page: { offset: number; limit: number }): Promise<{ items: BatchSummaryView[]; total: number }> {
  const { items, total } = await listBatches(db, page);
  return { items: items.map(toSummaryView), total };
}

/** Batches one page of the list shows. */
const PER_PAGE = 20;

/** The list page's data (`page`: 1-based, as the URL asks): its batches, the page shown and how many pages there are. */
export async function loadBatchListPage(page: number): Promise<{ items: BatchSummaryView[]; page: number; pages: number }> {
  const { items, total } = await loadBatchList(await getDb(), { offset: (page - 1) * PER_PAGE, limit: PER_PAGE });
  return { items, page, pages: Math.max(1, Math.ceil(total / PER_PAGE)) };
}

/** The request limit the ETA counts with (the budget's, as the platform last stated it); null when not known. */
async function limitPerMinute(db: Db): Promise<number | null> {
  try {
    return (await readBudget(db, (await getPlatform()).keyHash)).limit;
  } catch {
    return null;
  }
}

/** One batch's page data, its ETA counted with the platform's request limit; null when there is no such batch. */
export async function loadBatchPage(batchId: string): Promise<{ view: BatchView; totals: StoredTotals | null } | null> {
  const db = await getDb();
  return loadBatchView(db, batchId, await limitPerMinute(db));
}
