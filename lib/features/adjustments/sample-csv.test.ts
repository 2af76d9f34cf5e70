import { describe, expect, test } from "vitest";
import { translator } from "@/lib/i18n/translate";
import { LOCALES } from "@/lib/i18n/config";
import { guessMapping } from "./mapping";
import { parseAdjustmentFile } from "./parse";
import { SAMPLE_FILE_NAME, sampleCsv } from "./sample-csv";
import { ADJUSTMENT_COLUMNS, type ColumnMapping } from "./types";
import { validateRows } from "./validate";

/** The sample file goes through the reader as an upload does (parse, guess the columns, validate the rows): nothing to fix. */
describe.each(LOCALES)("the sample CSV (%s)", (locale) => {
  const t = translator(locale);

  test("the reader takes it: every column found by its name, 0 problems, two top-ups and two debits", async () => {
    const parsed = await parseAdjustmentFile(new TextEncoder().encode(sampleCsv(t)));
    if (!parsed.ok) throw new Error(`the reader refused the sample: ${parsed.message}`);
    expect(parsed.headers).toEqual([...ADJUSTMENT_COLUMNS]);
    expect(parsed.delimiter).toBe(",");
    const { mapping, missing } = guessMapping(parsed.headers);
    expect(missing).toEqual([]);
    expect(mapping.direction).not.toBeNull();
    const checked = validateRows(parsed.rows, mapping as ColumnMapping, locale, parsed.headers.length);
    expect(checked.problems).toEqual([]);
    expect(checked.duplicates).toEqual([]);
    expect(checked.rows.filter((row) => row.kind === "top_up")).toHaveLength(2);
    expect(checked.rows.filter((row) => row.kind === "debit")).toHaveLength(2);
    expect(checked.rows.map((row) => row.amountMinor)).toEqual([BigInt(2500), BigInt(1050), BigInt(499), BigInt(200)]);
  });

  test("starts with a BOM and has descriptions in the viewer's language", () => {
    const text = sampleCsv(t);
    expect(text.startsWith("\ufeff")).toBe(true);
    expect(text).toContain(t("adjustments.sample.bonus"));
    expect(SAMPLE_FILE_NAME).toMatch(/\.csv$/);
  });
});
