/**
 * Bulk balance adjustments from a file: the shapes shared by the file reader
 * (parse.ts, mapping.ts, validate.ts), the batch store and its worker, and the pages.
 * Money is minor units as bigint on the server and digit strings on the way to the browser.
 */

export type AdjustmentKind = "top_up" | "debit";

/**
 * Where a batch is: `uploaded` (read, no mapping yet) → `validated` (mapped, rows checked) → `checking` (the dry run
 * runs) → `checked` (dry run done) → `running` → `finished`; or `cancelled` by a person, or `failed` (the job gave up),
 * or `stopped`: the member who confirmed the run lost the right to move its money (removed, demoted, their session
 * ended), and the rows not sent yet are never sent.
 */
export const BATCH_STATUSES = ["uploaded", "validated", "checking", "checked", "running", "finished", "cancelled", "failed", "stopped"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** Why a run was stopped (the batch's error_code): its confirmer was removed, lost the role, or had their session ended. */
export const STOP_REASONS = ["confirmer_removed", "confirmer_role", "confirmer_session_ended"] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/**
 * One file's limits: 10 MB and 100,000 data rows (the header not counted). The reader (parse.ts)
 * enforces them on the server; the upload form states them and checks the size before sending.
 */
export const ADJUSTMENT_FILE_LIMITS = { bytes: 10 * 1024 * 1024, rows: 100_000 } as const;

/** The columns a batch needs; `direction` is optional (without it, the amount's sign decides). */
export const ADJUSTMENT_COLUMNS = ["contact_id", "currency", "amount", "direction", "description"] as const;
export type AdjustmentColumn = (typeof ADJUSTMENT_COLUMNS)[number];

/** Which column of the file (0-based index into its header) holds each field; `direction` null: signed amounts. */
export interface ColumnMapping {
  contact_id: number;
  currency: number;
  amount: number;
  direction: number | null;
  description: number;
}

/** One valid row of a file, ready to run. `line` is the row's line number in the file (the header is line 1). */
export interface AdjustmentRow {
  line: number;
  contactId: number;
  currency: string;
  kind: AdjustmentKind;
  /** 1 to 10^14 minor units, as a single top-up or debit takes it. */
  amountMinor: bigint;
  description: string;
}

/**
 * Why a row (or one of its cells) cannot run: `code` is stable (shown in the result file),
 * `message` an i18n key, `params` its placeholders. `column` null: the row as a whole.
 */
export interface RowProblem {
  line: number;
  column: AdjustmentColumn | null;
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

/** Valid rows per currency and direction: how many and their sum in minor units. */
export type AdjustmentTotals = Record<string, Record<AdjustmentKind, { count: number; minor: bigint }>>;
