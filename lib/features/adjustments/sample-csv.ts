import { stringify } from "csv-stringify/sync";
import type { MessageKey } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import { ADJUSTMENT_COLUMNS, type AdjustmentColumn, type AdjustmentKind } from "./types";

/**
 * The sample file the upload card offers: the reader's own column names as the header, and two rows of each kind it
 * runs (top-ups and debits), the direction written as the kind's own name. Amounts use "." as the decimal separator,
 * which the reader takes in both languages; the descriptions are in the viewer's language.
 */
export const SAMPLE_FILE_NAME = "bulk-adjustments-sample.csv";

type SampleRow = Record<AdjustmentColumn, string>;

const SAMPLE_ROWS: readonly (Omit<SampleRow, "description" | "direction"> & { direction: AdjustmentKind; description: MessageKey })[] = [
  { contact_id: "1001", currency: "USD", amount: "25.00", direction: "top_up", description: "adjustments.sample.bonus" },
  { contact_id: "1002", currency: "EUR", amount: "10.50", direction: "top_up", description: "adjustments.sample.refund" },
  { contact_id: "1001", currency: "USD", amount: "4.99", direction: "debit", description: "adjustments.sample.subscription" },
  { contact_id: "1003", currency: "EUR", amount: "2.00", direction: "debit", description: "adjustments.sample.fee" },
];

/** The sample's rows with their descriptions in the viewer's language (the columns list takes its examples from the first). */
export function sampleRows(t: Translate): SampleRow[] {
  return SAMPLE_ROWS.map((row) => ({ ...row, description: t(row.description) }));
}

/** The sample as CSV text: a BOM (so that Excel reads the descriptions as UTF-8; the reader drops it), comma-separated, CRLF. */
export function sampleCsv(t: Translate): string {
  return stringify(sampleRows(t), { header: true, columns: [...ADJUSTMENT_COLUMNS], bom: true, record_delimiter: "windows" });
}
