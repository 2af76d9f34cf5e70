import { checkDescription, checkMovementAmount } from "@/lib/features/ledger/forms";
import type { AmountErrorCode } from "@/lib/core/money/parse-amount";
import { listCurrencies } from "@/lib/core/money/currencies";
import { currencyDigits } from "@/lib/contract/facts";
import type { ParsedRow } from "./parse";
import type { AdjustmentColumn, AdjustmentKind, AdjustmentRow, AdjustmentTotals, ColumnMapping, RowProblem } from "./types";

/**
 * The rows of a file checked by the rules of the single top-up and debit forms (lib/features/ledger/forms.ts: the amount as
 * people type it in their language, the movement's bounds, the description), plus what only a file has: contact ids
 * and currencies as text, signs or a direction column, spreadsheet formulas, ragged rows. Every problem has a stable
 * code, an i18n key and its placeholders; a row with any problem is left out of `rows`.
 */
export interface Validation {
  rows: AdjustmentRow[];
  problems: RowProblem[];
  /** Valid rows equal in contact, currency, kind, amount and description, by their lines (groups of two or more). */
  duplicates: { lines: number[] }[];
  totals: AdjustmentTotals;
}

/** What a direction cell may say for each kind, lower-cased; the kind's own name first. */
export const DIRECTION_WORDS: Record<AdjustmentKind, readonly string[]> = {
  top_up: ["top_up", "top-up", "topup", "credit", "deposit", "+", "пополнение", "зачисление"],
  debit: ["debit", "withdraw", "withdrawal", "-", "списание"],
};

const DIRECTIONS: ReadonlyMap<string, AdjustmentKind> = new Map(
  (Object.keys(DIRECTION_WORDS) as AdjustmentKind[]).flatMap((kind) => DIRECTION_WORDS[kind].map((word) => [word, kind] as const)),
);

/**
 * A cell a spreadsheet would run as a formula when the file is opened again (the result file, an export of it):
 * "=", "+", "-", "@" first, or a tab or carriage return before them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const SIGN = /^[-−+]/;
const MAX_CONTACT_ID = Number.MAX_SAFE_INTEGER;

let knownCurrencies: ReadonlySet<string> | null = null;
/** ISO 4217 codes as the runtime's Intl knows them, as the currency pickers and the platform check them. */
const isKnownCurrency = (code: string) => (knownCurrencies ??= new Set(listCurrencies("en").map((option) => option.code))).has(code);

/** Up to 40 characters of a cell for a message ("“abc” is not …"), so a long cell does not flood the preview. */
const shown = (cell: string) => ([...cell].length > 40 ? `${[...cell].slice(0, 39).join("")}…` : cell);

/** The stable codes of row problems (the result file shows them): each names one rule, whatever the column. */
export type RowProblemCode =
  "cells" | "required" | "format" | "out_of_range" | "currency_unknown" | "formula" | "direction" | "signed" | "decimals" | "zero" | "too_large" | "too_long";

type Problem = Omit<RowProblem, "line" | "code"> & { code: RowProblemCode };

function checkContactId(cell: string): { value: number } | Problem {
  const column = "contact_id";
  if (cell === "") return { column, code: "required", message: "adjustments.row.contact_id.required" };
  if (FORMULA_START.test(cell)) return formula(column, cell);
  if (!/^\d+$/.test(cell)) return { column, code: "format", message: "adjustments.row.contact_id.format", params: { value: shown(cell) } };
  const value = Number(cell);
  if (value < 1 || value > MAX_CONTACT_ID) return { column, code: "out_of_range", message: "adjustments.row.contact_id.range", params: { value: shown(cell) } };
  return { value };
}

function checkCurrency(cell: string): { value: string } | Problem {
  const column = "currency";
  if (cell === "") return { column, code: "required", message: "adjustments.row.currency.required" };
  if (FORMULA_START.test(cell)) return formula(column, cell);
  const value = cell.toUpperCase();
  if (!/^[A-Z]{3}$/.test(value)) return { column, code: "format", message: "adjustments.row.currency.format", params: { value: shown(cell) } };
  if (!isKnownCurrency(value)) return { column, code: "currency_unknown", message: "adjustments.row.currency.unknown", params: { value } };
  return { value };
}

/** The character that makes a cell a formula, named when it is invisible. */
function formula(column: AdjustmentColumn, cell: string): Problem {
  const sign = cell[0] === "\t" ? "Tab" : cell[0] === "\r" ? "CR" : cell.trimStart()[0];
  return { column, code: "formula", message: `adjustments.row.${column}.formula`, params: { sign } };
}

/** The kind from a direction cell, or from the amount's sign when the file has no direction column. */
function checkKind(amountCell: string, directionCell: string | null): { kind: AdjustmentKind; unsigned: string } | Problem {
  if (directionCell === null) {
    const sign = amountCell.match(SIGN)?.[0];
    return { kind: sign === "-" || sign === "−" ? "debit" : "top_up", unsigned: sign ? amountCell.slice(1) : amountCell };
  }
  if (directionCell === "") return { column: "direction", code: "required", message: "adjustments.row.direction.required" };
  const kind = DIRECTIONS.get(directionCell.toLowerCase());
  if (!kind) return { column: "direction", code: "direction", message: "adjustments.row.direction.unknown", params: { value: shown(directionCell) } };
  if (SIGN.test(amountCell)) return { column: "amount", code: "signed", message: "adjustments.row.amount.signed" };
  return { kind, unsigned: amountCell };
}

/** The amount's problems in the file's words: a zero is no movement, the rest as the single forms say it. */
const AMOUNT_MESSAGES: Record<AmountErrorCode, { code: RowProblemCode; message: string }> = {
  required: { code: "required", message: "adjustments.row.amount.required" },
  format: { code: "format", message: "adjustments.row.amount.format" },
  negative: { code: "format", message: "adjustments.row.amount.format" },
  decimals: { code: "decimals", message: "adjustments.row.amount.decimals" },
  too_small: { code: "zero", message: "adjustments.row.amount.zero" },
  too_large: { code: "too_large", message: "adjustments.row.amount.too_large" },
};

function checkAmount(unsigned: string, currency: string, locale: string): { minor: bigint } | Problem {
  const checked = checkMovementAmount(unsigned, currency, locale);
  if (checked.ok) return { minor: checked.minor };
  const { code, message } = AMOUNT_MESSAGES[checked.code];
  return { column: "amount", code, message, params: { ...checked.params, currency, digits: currencyDigits(currency) } };
}

function checkDescriptionCell(cell: string): { value: string } | Problem {
  const column = "description";
  if (FORMULA_START.test(cell) || FORMULA_START.test(cell.trimStart())) return formula(column, cell);
  const checked = checkDescription(cell);
  if (checked.ok) return { value: checked.value };
  return { column, code: checked.code, message: `adjustments.row.description.${checked.code}`, params: checked.params };
}

const isProblem = (value: object): value is Problem => "code" in value;

/**
 * Checks every row of a parsed file against the mapping, amounts read in `locale`'s notation ("1,000.50" in English,
 * "1 000,50" in Russian). Rows whose number of cells differs from the header's `headerCount` get one problem for the
 * whole row (the columns cannot be trusted). Valid rows are totalled per currency and kind, and repeats reported.
 */
export function validateRows(rows: ParsedRow[], mapping: ColumnMapping, locale: string, headerCount: number): Validation {
  const valid: AdjustmentRow[] = [];
  const problems: RowProblem[] = [];
  const report = (line: number, found: Problem) => problems.push({ line, ...found });

  for (const { line, cells } of rows) {
    if (cells.length !== headerCount) {
      report(line, { column: null, code: "cells", message: "adjustments.row.cells", params: { expected: headerCount, found: cells.length } });
      continue;
    }
    // Trimmed here too (the reader trims; rows may come from elsewhere); a mapping past the cells reads as empty cells.
    const cell = (index: number) => (cells[index] ?? "").trim();
    const contact = checkContactId(cell(mapping.contact_id));
    if (isProblem(contact)) report(line, contact);
    const currency = checkCurrency(cell(mapping.currency));
    if (isProblem(currency)) report(line, currency);
    const kind = checkKind(cell(mapping.amount), mapping.direction === null ? null : cell(mapping.direction));
    if (isProblem(kind)) report(line, kind);
    // The amount's digits depend on the currency: without a known one there is nothing to check it against.
    const amount = isProblem(kind) || isProblem(currency) ? null : checkAmount(kind.unsigned, currency.value, locale);
    if (amount && isProblem(amount)) report(line, amount);
    const description = checkDescriptionCell(cells[mapping.description] ?? "");
    if (isProblem(description)) report(line, description);
    if (isProblem(contact) || isProblem(currency) || isProblem(kind) || !amount || isProblem(amount) || isProblem(description)) continue;
    valid.push({ line, contactId: contact.value, currency: currency.value, kind: kind.kind, amountMinor: amount.minor, description: description.value });
  }

  return { rows: valid, problems, duplicates: findDuplicates(valid), totals: totalsOf(valid) };
}

function findDuplicates(rows: AdjustmentRow[]): { lines: number[] }[] {
  const groups = new Map<string, number[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.contactId, row.currency, row.kind, row.amountMinor.toString(), row.description]);
    const lines = groups.get(key);
    if (lines) lines.push(row.line);
    else groups.set(key, [row.line]);
  }
  return [...groups.values()].filter((lines) => lines.length > 1).map((lines) => ({ lines }));
}

function totalsOf(rows: AdjustmentRow[]): AdjustmentTotals {
  const totals: AdjustmentTotals = {};
  for (const row of rows) {
    const byKind = (totals[row.currency] ??= { top_up: { count: 0, minor: BigInt(0) }, debit: { count: 0, minor: BigInt(0) } });
    byKind[row.kind].count += 1;
    byKind[row.kind].minor += row.amountMinor;
  }
  return totals;
}
