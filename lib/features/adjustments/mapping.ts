import { z } from "zod";
import { ADJUSTMENT_COLUMNS, type AdjustmentColumn, type ColumnMapping } from "./types";

/**
 * Which column of a file holds which field: guessed from the header's names (English and Russian, as people and
 * spreadsheets write them), then confirmed or corrected in the mapping form, whose answer ColumnMappingSchema checks.
 */

/** The columns a batch cannot run without; without `direction`, the amount's sign says top-up or debit. */
export const REQUIRED_COLUMNS = ["contact_id", "currency", "amount", "description"] as const satisfies readonly AdjustmentColumn[];

/** Case, spaces, "_" and "-" do not matter; "ё" is "е" (both are typed). */
const fold = (name: string) =>
  name
    .toLowerCase()
    .replace(/[\s_-]+/g, "")
    .replace(/ё/g, "е");

/**
 * Names people give each column besides its own (English and Russian, as people and spreadsheets write them), shown in
 * the upload card's list of columns; the reader compares them folded.
 */
export const COLUMN_ALIASES: Record<AdjustmentColumn, readonly string[]> = {
  contact_id: ["contact id", "contact", "id", "id контакта", "контакт", "ид контакта", "номер контакта"],
  currency: ["currency code", "валюта", "код валюты"],
  amount: ["sum", "сумма"],
  direction: ["type", "kind", "operation", "направление", "тип", "операция", "вид операции", "тип операции"],
  description: ["comment", "note", "reason", "описание", "комментарий", "назначение", "назначение платежа"],
};

/** Every name of each column, folded; the first column whose names hold a header wins it. */
const COLUMN_NAMES: ReadonlyMap<AdjustmentColumn, ReadonlySet<string>> = new Map(
  ADJUSTMENT_COLUMNS.map((column) => [column, new Set([column, ...COLUMN_ALIASES[column]].map(fold))]),
);

/**
 * The mapping the header suggests, and the required columns it does not name. Each column takes the first header
 * that names it; `direction` not named is null (signed amounts) and never missing.
 */
export function guessMapping(headers: string[]): { mapping: Partial<ColumnMapping>; missing: AdjustmentColumn[] } {
  const mapping: Partial<ColumnMapping> = {};
  headers.forEach((header, index) => {
    const name = fold(header.trim());
    const column = ADJUSTMENT_COLUMNS.find((candidate) => COLUMN_NAMES.get(candidate)?.has(name));
    if (column && mapping[column] === undefined) mapping[column] = index;
  });
  mapping.direction ??= null;
  return { mapping, missing: REQUIRED_COLUMNS.filter((column) => mapping[column] === undefined) };
}

/** A select's value: a column index, or nothing chosen ("" or absent); digit strings are read as numbers. */
const chosen = (value: unknown) => {
  if (value === "" || value === null || value === undefined) return undefined;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return value;
};

/**
 * The mapping form's answer for a file whose header has `headerCount` columns: every required field on one of them,
 * `direction` on one or null (signed amounts), no column used for two fields (the later field gets the error).
 */
export function ColumnMappingSchema(headerCount: number) {
  const column = z.preprocess(
    chosen,
    z
      .number({ error: (issue) => (issue.input === undefined ? "adjustments.mapping.required" : "adjustments.mapping.invalid") })
      .int("adjustments.mapping.invalid")
      .min(0, "adjustments.mapping.invalid")
      .max(headerCount - 1, "adjustments.mapping.invalid"),
  );
  return z
    .object({
      contact_id: column,
      currency: column,
      amount: column,
      direction: z.preprocess((value) => chosen(value) ?? null, column.nullable()),
      description: column,
    })
    .superRefine((mapping, ctx) => {
      const usedBy = new Map<number, AdjustmentColumn>();
      for (const field of ADJUSTMENT_COLUMNS) {
        const index = mapping[field];
        if (index === null) continue;
        const earlier = usedBy.get(index);
        if (earlier === undefined) usedBy.set(index, field);
        else ctx.addIssue({ code: "custom", path: [field], message: "adjustments.mapping.duplicate", params: { field: earlier } });
      }
    }) satisfies z.ZodType<ColumnMapping, unknown>;
}
