import "server-only";
import { log } from "@/lib/core/log.mjs";
import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { adjustmentBatches, adjustmentRows } from "@/lib/db/schema";
import { minorToMajor } from "@/lib/core/money/money";
import { describeCode } from "@/lib/features/ledger/outcome-codes";
import { hasMessage, translator } from "@/lib/i18n/translate";
import { toRowView, type BatchRowView } from "./records";
import type { ColumnMapping } from "./types";

/** Columns of a batch's result file. */
const RESULT_CSV_COLUMNS = [
  "line",
  "contact_id",
  "currency",
  "direction",
  "amount",
  "description",
  "status",
  "balance_after",
  "error_code",
  "error_text",
] as const;

type ResultRecord = Record<(typeof RESULT_CSV_COLUMNS)[number], string>;

const PAGE = 1000;
const english = translator("en");

/** The file's own cell for a field of a row that did not validate (its typed value does not exist). */
function cellOf(row: BatchRowView, mapping: ColumnMapping | null, field: keyof ColumnMapping): string {
  const index = mapping?.[field];
  return index === null || index === undefined ? "" : (row.cells[index] ?? "");
}

function errorTextOf(row: BatchRowView, code: string): string {
  if (row.run.errorText) return row.run.errorText;
  const problem = row.problems?.[0];
  if (problem && hasMessage(problem.message)) return english(problem.message, problem.params);
  return describeCode(code, english);
}

/**
 * One row of the result: its run status (pending, succeeded, failed, unknown,
 * cancelled…), `invalid` for rows that did not validate, `not_run` for valid
 * rows of a batch that never ran; amounts in plain major units ("1000.50").
 */
function toResultRecord(row: BatchRowView, mapping: ColumnMapping | null): ResultRecord {
  const invalid = row.problems !== null && row.problems.length > 0;
  const code = invalid ? row.problems![0].code : (row.run.errorCode ?? (row.run.status === null && row.dry?.status === "refused" ? row.dry.code : null));
  const currency = row.currency;
  return {
    line: String(row.line),
    contact_id: row.contactId === null ? cellOf(row, mapping, "contact_id") : String(row.contactId),
    currency: currency ?? cellOf(row, mapping, "currency"),
    direction: row.kind ?? cellOf(row, mapping, "direction"),
    amount: row.amountMinor !== null && currency ? minorToMajor(row.amountMinor, currency) : cellOf(row, mapping, "amount"),
    description: row.description ?? cellOf(row, mapping, "description"),
    status: invalid ? "invalid" : (row.run.status ?? "not_run"),
    balance_after: row.run.balanceAfter !== null && currency ? minorToMajor(row.run.balanceAfter, currency) : "",
    error_code: code ?? "",
    error_text: code ? errorTextOf(row, code) : "",
  };
}

async function* recordsOf(db: Db, batchId: string): AsyncGenerator<ResultRecord> {
  const [batch] = await db.select({ mapping: adjustmentBatches.mapping }).from(adjustmentBatches).where(eq(adjustmentBatches.id, batchId));
  if (!batch) return;
  const mapping = (batch.mapping as ColumnMapping | null) ?? null;
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(adjustmentRows)
      .where(and(eq(adjustmentRows.batchId, batchId), gt(adjustmentRows.line, after)))
      .orderBy(asc(adjustmentRows.line))
      .limit(PAGE);
    for (const row of rows) yield toResultRecord(toRowView(row), mapping);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].line;
  }
}

/**
 * A batch's result file, streamed: rows read in line order a page at a time and
 * written through csv-stringify as the client reads (backpressure). Cells
 * starting with =, +, -, @, tab or CR get a leading ' (escape_formulas, as the
 * Activity export does), so a spreadsheet never runs a description as a formula.
 */
export function adjustmentResultCsvStream(db: Db, batchId: string, options: { bom?: boolean } = {}): ReadableStream<Uint8Array> {
  const stringifier = stringify({ header: true, columns: [...RESULT_CSV_COLUMNS], escape_formulas: true, bom: options.bom ?? false });
  pipeline(Readable.from(recordsOf(db, batchId)), stringifier, (error) => {
    if (error) log.error("adjustment result export failed", { batch_id: batchId, error });
  });
  return Readable.toWeb(stringifier) as unknown as ReadableStream<Uint8Array>;
}
