import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import type { AdjustmentColumn, AdjustmentKind } from "@/lib/features/adjustments/types";
import type { TotalsView } from "@/lib/features/adjustments/views";

/** Where a batch's page is. */
export const batchHref = (id: string) => `/adjustments/${encodeURIComponent(id)}`;

/** The sample file of the upload (app/api/dashboard/adjustments/sample/route.ts). */
export const SAMPLE_HREF = "/api/dashboard/adjustments/sample";

/** The upload card on the list page, where an empty list sends the reader. */
export const UPLOAD_ANCHOR = "adjustments-upload";

/** A currency's net change: its top-ups minus its debits, in minor units. */
export const netMinor = (row: TotalsView[number]): bigint => BigInt(row.topUps.minor) - BigInt(row.debits.minor);

/** A column of the file by what it holds ("Contact ID"); null: the row as a whole. */
export const columnName = (column: AdjustmentColumn | null, t: Translate): string => t(`adjustments.page.column.${column ?? "row"}`);

export const directionName = (direction: AdjustmentKind, t: Translate): string => t(`adjustments.page.direction.${direction}`);

/** Line numbers as a list in the reader's language: "3, 7 and 12", "3, 7 и 12". */
export function formatLines(lines: readonly number[], locale: Locale): string {
  const numbers = lines.map((line) => new Intl.NumberFormat(locale).format(line));
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(numbers);
}

/** A size limit in megabytes of 2^20 bytes: "10 MB", "10 МБ". */
export function formatMegabytes(bytes: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 2 ** 20);
}
