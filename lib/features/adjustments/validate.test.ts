import { describe, expect, test } from "vitest";
import { translator } from "@/lib/i18n/translate";
import { ColumnMappingSchema, guessMapping } from "./mapping";
import { parseAdjustmentFile, type ParsedRow } from "./parse";
import type { ColumnMapping } from "./types";
import { validateRows } from "./validate";

const SIGNED: ColumnMapping = { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 };
const WITH_DIRECTION: ColumnMapping = { contact_id: 0, currency: 1, amount: 2, direction: 3, description: 4 };

/** Rows from cell lists, starting at line 2 (below the header). */
const rowsOf = (...cells: string[][]): ParsedRow[] => cells.map((row, index) => ({ line: index + 2, cells: row }));

const signed = (cells: string[][], locale = "en") => validateRows(rowsOf(...cells), SIGNED, locale, 4);
const directed = (cells: string[][], locale = "en") => validateRows(rowsOf(...cells), WITH_DIRECTION, locale, 5);

/** The one problem of a file of one row. */
function onlyProblem(validation: ReturnType<typeof validateRows>) {
  expect(validation.rows).toEqual([]);
  expect(validation.problems).toHaveLength(1);
  return validation.problems[0];
}

describe("validateRows: amounts as people type them, by the single forms' rules", () => {
  test.each([
    ["1,000.50", "USD", "en", 100050n],
    ["1000.5", "USD", "en", 100050n],
    ["1 000,50", "RUB", "ru", 100050n],
    ["1\u00a0000,50", "RUB", "ru", 100050n],
    ["1000,5", "EUR", "en", 100050n],
    ["1,000", "USD", "en", 100000n],
    ["1,000", "KWD", "en", 1000000n],
    ["1,000", "KWD", "ru", 1000n],
    ["1500", "JPY", "en", 1500n],
    ["0.001", "KWD", "en", 1n],
    ["1000000000000", "USD", "en", 10n ** 14n],
  ] as const)("%s %s read in %s: %s minor units, a top-up", (amount, currency, locale, minor) => {
    const validation = signed([["7", currency, amount, "Refund"]], locale);
    expect(validation.problems).toEqual([]);
    expect(validation.rows).toEqual([{ line: 2, contactId: 7, currency, kind: "top_up", amountMinor: minor, description: "Refund" }]);
  });

  test.each([
    ["-5", "debit", 500n],
    ["−5", "debit", 500n],
    ["- 5", "debit", 500n],
    ["+5", "top_up", 500n],
    ["5", "top_up", 500n],
    ["-1 000,50", "debit", 100050n],
  ] as const)("without a direction column the sign decides: %s is a %s of %s", (amount, kind, minor) => {
    const [row] = signed([["7", "RUB", amount, "Fix"]], "ru").rows;
    expect(row).toMatchObject({ kind, amountMinor: minor });
  });

  test.each([
    ["top_up", "top_up"],
    ["Top-Up", "top_up"],
    ["TOPUP", "top_up"],
    ["credit", "top_up"],
    ["Deposit", "top_up"],
    ["+", "top_up"],
    ["Пополнение", "top_up"],
    ["зачисление", "top_up"],
    ["debit", "debit"],
    ["Withdraw", "debit"],
    ["withdrawal", "debit"],
    ["-", "debit"],
    ["СПИСАНИЕ", "debit"],
  ] as const)("with a direction column: %s is a %s", (direction, kind) => {
    const validation = directed([["7", "USD", "12.50", direction, "Fix"]]);
    expect(validation.problems).toEqual([]);
    expect(validation.rows[0]).toMatchObject({ kind, amountMinor: 1250n });
  });

  test.each([
    [["7", "USD", "5", "refund", "Fix"], { column: "direction", code: "direction", message: "adjustments.row.direction.unknown", params: { value: "refund" } }],
    [["7", "USD", "5", "", "Fix"], { column: "direction", code: "required", message: "adjustments.row.direction.required" }],
    [["7", "USD", "-5", "debit", "Fix"], { column: "amount", code: "signed", message: "adjustments.row.amount.signed" }],
    [["7", "USD", "+5", "top_up", "Fix"], { column: "amount", code: "signed", message: "adjustments.row.amount.signed" }],
  ])("with a direction column: %j is refused", (cells, expected) => {
    expect(onlyProblem(directed([cells]))).toEqual({ line: 2, ...expected });
  });

  test.each([
    ["0", "USD", { code: "zero", message: "adjustments.row.amount.zero" }],
    ["0.00", "USD", { code: "zero", message: "adjustments.row.amount.zero" }],
    ["-0", "USD", { code: "zero", message: "adjustments.row.amount.zero" }],
    ["", "USD", { code: "required", message: "adjustments.row.amount.required" }],
    ["12.5.0", "USD", { code: "format", message: "adjustments.row.amount.format" }],
    ["ten", "USD", { code: "format", message: "adjustments.row.amount.format" }],
    ["--5", "USD", { code: "format", message: "adjustments.row.amount.format" }],
    ["=1+2", "USD", { code: "format", message: "adjustments.row.amount.format" }],
    ["100.5", "JPY", { code: "decimals", message: "adjustments.row.amount.decimals", params: { currency: "JPY", digits: 0 } }],
    ["10.555", "RUB", { code: "decimals", message: "adjustments.row.amount.decimals", params: { currency: "RUB", digits: 2 } }],
    [
      "1000000000000.01",
      "USD",
      {
        code: "too_large",
        message: "adjustments.row.amount.too_large",
        params: { max: expect.stringMatching(/^USD\s1,000,000,000,000\.00$/), currency: "USD", digits: 2 },
      },
    ],
    [
      "100000000000001",
      "JPY",
      { code: "too_large", message: "adjustments.row.amount.too_large", params: { max: expect.stringMatching(/^JPY\s100,000,000,000,000$/) } },
    ],
  ])("amount %j in %s is refused", (amount, currency, expected) => {
    expect(onlyProblem(signed([["7", currency, amount, "Fix"]]))).toMatchObject({ line: 2, column: "amount", ...expected });
  });

  test("the amount's texts render in both languages, with the currency's decimals in words", () => {
    const [whole] = signed([["7", "JPY", "1.5", "Fix"]]).problems;
    const [cents] = signed([["7", "RUB", "1.555", "Fix"]]).problems;
    expect(translator("en")(whole.message, whole.params)).toBe("Too many decimal places: JPY has no decimals, write whole units.");
    expect(translator("en")(cents.message, cents.params)).toBe("Too many decimal places: RUB takes at most 2 decimal places.");
    expect(translator("ru")(cents.message, cents.params)).toBe("Слишком много знаков после запятой: у RUB не больше 2 знаков.");
  });
});

describe("validateRows: contact ids, currencies, descriptions", () => {
  test.each([
    ["", "required", "adjustments.row.contact_id.required"],
    ["abc", "format", "adjustments.row.contact_id.format"],
    ["12.0", "format", "adjustments.row.contact_id.format"],
    ["1e3", "format", "adjustments.row.contact_id.format"],
    ["0", "out_of_range", "adjustments.row.contact_id.range"],
    ["9007199254740992", "out_of_range", "adjustments.row.contact_id.range"],
  ])("contact id %j: %s", (contactId, code, message) => {
    expect(onlyProblem(signed([[contactId, "USD", "5", "Fix"]]))).toMatchObject({ line: 2, column: "contact_id", code, message });
  });

  test("contact ids: digits up to 2^53-1, leading zeros read as the number", () => {
    expect(signed([["9007199254740991", "USD", "5", "Fix"]]).rows[0].contactId).toBe(Number.MAX_SAFE_INTEGER);
    expect(signed([["007", "USD", "5", "Fix"]]).rows[0].contactId).toBe(7);
  });

  test.each([
    ["", "required", "adjustments.row.currency.required"],
    ["US", "format", "adjustments.row.currency.format"],
    ["US$", "format", "adjustments.row.currency.format"],
    ["QQQ", "currency_unknown", "adjustments.row.currency.unknown"],
    ["qqq", "currency_unknown", "adjustments.row.currency.unknown"],
  ])("currency %j: %s", (currency, code, message) => {
    expect(onlyProblem(signed([["7", currency, "5", "Fix"]]))).toMatchObject({ line: 2, column: "currency", code, message });
  });

  test("currencies are upper-cased", () => {
    expect(signed([["7", "usd", "5", "Fix"]]).rows[0].currency).toBe("USD");
    expect(signed([["7", "Rub", "5", "Fix"]]).rows[0].currency).toBe("RUB");
  });

  test("descriptions: required, at most 255 characters counted as code points (as the single forms count them)", () => {
    const emoji255 = "😀".repeat(255);
    expect(signed([["7", "USD", "5", emoji255]]).rows[0].description).toBe(emoji255);
    expect(onlyProblem(signed([["7", "USD", "5", `${emoji255}x`]]))).toEqual({
      line: 2,
      column: "description",
      code: "too_long",
      message: "adjustments.row.description.too_long",
      params: { max: 255 },
    });
    expect(onlyProblem(signed([["7", "USD", "5", "   "]]))).toMatchObject({ column: "description", code: "required" });
  });

  test("every problem of a row is reported, each on its column; the row is not valid", () => {
    const validation = signed([["x", "QQQ", "5", ""]]);
    expect(validation.rows).toEqual([]);
    expect(validation.problems.map((problem) => [problem.line, problem.column, problem.code])).toEqual([
      [2, "contact_id", "format"],
      [2, "currency", "currency_unknown"],
      [2, "description", "required"],
    ]);
  });
});

describe("validateRows: formula cells (spreadsheet injection)", () => {
  test.each([
    ['=HYPERLINK("http://x")', "="],
    ["+cmd|' /C calc'!A0", "+"],
    ["-5% promo", "-"],
    ["@SUM(A1:A2)", "@"],
    ["\t=1+1", "Tab"],
    ["\rtext", "CR"],
    ["  =1+1", "="],
  ])("a description starting %j is refused as a formula", (description, sign) => {
    const problem = onlyProblem(signed([["7", "USD", "5", description]]));
    expect(problem).toMatchObject({ line: 2, column: "description", code: "formula", message: "adjustments.row.description.formula" });
    expect(problem.params?.sign).toBe(sign);
  });

  test("the message says why and how to fix it", () => {
    const problem = onlyProblem(signed([["7", "USD", "5", "=1+1"]]));
    expect(translator("en")(problem.message, problem.params)).toContain("would run as a formula");
    expect(translator("en")(problem.message, problem.params)).toContain("without the leading sign");
  });

  test.each([
    [["=7", "USD", "5", "Fix"], "contact_id"],
    [["-7", "USD", "5", "Fix"], "contact_id"],
    [["7", "@USD", "5", "Fix"], "currency"],
    [["7", "+USD", "5", "Fix"], "currency"],
  ])("%j: a formula in %s", (cells, column) => {
    expect(onlyProblem(signed([cells]))).toMatchObject({ column, code: "formula", message: `adjustments.row.${column}.formula` });
  });

  test("a sign in the amount column is a sign, not a formula; a sign inside a description is fine", () => {
    expect(signed([["7", "USD", "-5", "Refund -5% = fair"]]).rows[0]).toMatchObject({ kind: "debit", description: "Refund -5% = fair" });
  });
});

describe("validateRows: ragged rows, repeats, totals", () => {
  test("a row with another number of cells than the header: one problem for the whole row, nothing else checked", () => {
    const validation = validateRows(rowsOf(["7", "USD", "5"], ["x", "QQQ", "0", "=a", "extra"], ["8", "USD", "5", "Fine"]), SIGNED, "en", 4);
    expect(validation.problems).toEqual([
      { line: 2, column: null, code: "cells", message: "adjustments.row.cells", params: { expected: 4, found: 3 } },
      { line: 3, column: null, code: "cells", message: "adjustments.row.cells", params: { expected: 4, found: 5 } },
    ]);
    expect(validation.rows.map((row) => row.line)).toEqual([4]);
    const [problem] = validation.problems;
    expect(translator("en")(problem.message, problem.params)).toMatch(/^The row does not match the header: expected 4 values, found 3\./);
    expect(translator("ru")(problem.message, problem.params)).toMatch(/^Строка не совпадает с заголовком: ожидалось 4 значения, найдено 3\./);
  });

  test("duplicates: valid rows equal in contact, currency, kind, amount and description, grouped by their lines; they stay valid", () => {
    const validation = signed([
      ["7", "USD", "5", "Refund"],
      ["7", "usd", "5.00", "Refund"],
      ["7", "USD", "-5", "Refund"],
      ["8", "USD", "5", "Refund"],
      ["7", "USD", "5", "Refund "],
      ["7", "USD", "5", "refund"],
      ["8", "USD", "5", "Refund"],
      ["x", "USD", "5", "Refund"],
      ["8", "USD", "+5", "Refund"],
    ]);
    expect(validation.duplicates).toEqual([{ lines: [2, 3, 6] }, { lines: [5, 8, 10] }]);
    expect(validation.rows).toHaveLength(8);
    expect(validation.problems.map((problem) => problem.line)).toEqual([9]);
  });

  test("no repeats: no groups", () => {
    expect(
      signed([
        ["7", "USD", "5", "a"],
        ["7", "USD", "5", "b"],
      ]).duplicates,
    ).toEqual([]);
  });

  test("totals per currency and kind over valid rows, as bigint beyond 2^53", () => {
    const max = "1000000000000";
    const rows = [
      ...Array.from({ length: 100 }, () => ["7", "USD", max, "Promo"]),
      ["8", "USD", "-2.50", "Fee"],
      ["8", "USD", "-0.50", "Fee"],
      ["9", "JPY", "1500", "Promo"],
      ["9", "JPY", "0", "Zero"],
      ["9", "XYZ1", "5", "Bad"],
    ];
    const { totals } = signed(rows);
    expect(totals).toEqual({
      USD: { top_up: { count: 100, minor: 10n ** 16n }, debit: { count: 2, minor: 300n } },
      JPY: { top_up: { count: 1, minor: 1500n }, debit: { count: 0, minor: 0n } },
    });
    expect(totals.USD.top_up.minor > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  // How fast is a benchmark's question (npm run bench:adjustments), not a test's.
  test("100,000 rows (the file limit) validate, each once, with their totals", () => {
    const rows: ParsedRow[] = Array.from({ length: 100_000 }, (_, index) => ({
      line: index + 2,
      cells: [String(index + 1), index % 3 ? "USD" : "RUB", index % 2 ? "1,000.50" : "-12.5", `Promo ${index % 500}`],
    }));
    const validation = validateRows(rows, SIGNED, "en", 4);
    expect(validation.rows).toHaveLength(100_000);
    expect(validation.totals.USD.top_up.count + validation.totals.RUB.top_up.count).toBe(50_000);
  });
});

describe("a file from upload to valid rows", () => {
  test("a Russian Excel export (BOM, semicolons, Russian names and amounts, a direction column) reads, maps and validates", async () => {
    const text = [
      "ID контакта;Валюта;Сумма;Операция;Комментарий",
      "101;RUB;1 000,50;Пополнение;Возврат за сбой 12.11",
      "102;rub;250;списание;Корректировка",
      '103;USD;12,5;зачисление;"Промо; ноябрь"',
      "104;RUB;0;пополнение;Ноль",
      "105;RUB;10;пополнение;=СУММ(A1:A2)",
      "101;RUB;1000,50;пополнение;Возврат за сбой 12.11",
    ].join("\r\n");
    const file = await parseAdjustmentFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]));
    if (!file.ok) throw new Error(file.message);
    const { mapping, missing } = guessMapping(file.headers);
    expect(missing).toEqual([]);
    const validation = validateRows(file.rows, ColumnMappingSchema(file.headers.length).parse(mapping), "ru", file.headers.length);
    expect(validation.rows.map((row) => [row.line, row.contactId, row.currency, row.kind, row.amountMinor])).toEqual([
      [2, 101, "RUB", "top_up", 100050n],
      [3, 102, "RUB", "debit", 25000n],
      [4, 103, "USD", "top_up", 1250n],
      [7, 101, "RUB", "top_up", 100050n],
    ]);
    expect(validation.problems.map((problem) => [problem.line, problem.column, problem.code])).toEqual([
      [5, "amount", "zero"],
      [6, "description", "formula"],
    ]);
    expect(validation.duplicates).toEqual([{ lines: [2, 7] }]);
    expect(validation.totals).toEqual({
      RUB: { top_up: { count: 2, minor: 200100n }, debit: { count: 1, minor: 25000n } },
      USD: { top_up: { count: 1, minor: 1250n }, debit: { count: 0, minor: 0n } },
    });
  });
});

describe("cells as they may come from elsewhere", () => {
  test("untrimmed cells are trimmed; a description's leading tab is still a formula sign", () => {
    expect(signed([[" 7 ", " usd ", " -5 ", "  Fee  "]]).rows[0]).toEqual({
      line: 2,
      contactId: 7,
      currency: "USD",
      kind: "debit",
      amountMinor: 500n,
      description: "Fee",
    });
    expect(onlyProblem(signed([["7", "USD", "5", "\t@x"]]))).toMatchObject({ column: "description", code: "formula", params: { sign: "Tab" } });
  });

  test("a mapping past the row's cells reads as empty cells", () => {
    const validation = validateRows(rowsOf(["7", "USD", "5", "Fee"]), { ...SIGNED, description: 9 }, "en", 4);
    expect(onlyProblem(validation)).toMatchObject({ column: "description", code: "required" });
  });
});
