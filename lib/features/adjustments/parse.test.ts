import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { formatCount } from "@/lib/dashboard/format";
import { translator } from "@/lib/i18n/translate";
import { MAX_FILE_BYTES, MAX_FILE_ROWS, parseAdjustmentFile, type FileProblem, type ParsedFile } from "./parse";

const bytesOf = (text: string) => new TextEncoder().encode(text);
const BOM = [0xef, 0xbb, 0xbf];
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function parsed(source: Parameters<typeof parseAdjustmentFile>[0], limits?: Parameters<typeof parseAdjustmentFile>[1]): Promise<ParsedFile> {
  const result = await parseAdjustmentFile(source, limits);
  if (!result.ok) throw new Error(`expected a parsed file, got ${JSON.stringify(result)}`);
  return result;
}

async function refused(source: Parameters<typeof parseAdjustmentFile>[0], limits?: Parameters<typeof parseAdjustmentFile>[1]): Promise<FileProblem> {
  const result = await parseAdjustmentFile(source, limits);
  if (result.ok) throw new Error(`expected a problem, got ${result.rows.length} rows`);
  return result;
}

/** The same bytes arriving one at a time: every boundary (inside a UTF-8 character, between \r and \n) is crossed. */
async function* byteByByte(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let index = 0; index < bytes.length; index += 1) yield bytes.subarray(index, index + 1);
}

describe("parseAdjustmentFile: header, rows and where each starts", () => {
  test("comma, no BOM: trimmed cells, line numbers, size and sha256 of the bytes", async () => {
    const bytes = bytesOf("contact_id, currency ,amount,description\n1,USD,10.50,  Refund  \n2,EUR,-3,Fee\n");
    const file = await parsed(bytes);
    expect(file).toEqual({
      ok: true,
      headers: ["contact_id", "currency", "amount", "description"],
      rows: [
        { line: 2, cells: ["1", "USD", "10.50", "Refund"] },
        { line: 3, cells: ["2", "EUR", "-3", "Fee"] },
      ],
      delimiter: ",",
      hash: sha256(bytes),
      bytes: bytes.length,
    });
  });

  test("semicolon with a UTF-8 BOM (Excel in a Russian locale): the BOM is not part of the first header, but of the hash", async () => {
    const bytes = new Uint8Array([...BOM, ...bytesOf("ID контакта;Валюта;Сумма;Описание\r\n42;RUB;1 000,50;Возврат, часть 1\r\n")]);
    const file = await parsed(bytes);
    expect(file.delimiter).toBe(";");
    expect(file.headers).toEqual(["ID контакта", "Валюта", "Сумма", "Описание"]);
    expect(file.rows).toEqual([{ line: 2, cells: ["42", "RUB", "1 000,50", "Возврат, часть 1"] }]);
    expect(file.hash).toBe(sha256(bytes));
    expect(file.bytes).toBe(bytes.length);
  });

  test("the delimiter is decided by the header outside quotes: commas inside a quoted name do not count", async () => {
    const file = await parsed(bytesOf('"id, of contact";currency;amount;"note, free"\n1;USD;1,5;a,b\n'));
    expect(file.delimiter).toBe(";");
    expect(file.headers).toEqual(["id, of contact", "currency", "amount", "note, free"]);
    expect(file.rows[0].cells).toEqual(["1", "USD", "1,5", "a,b"]);
  });

  test("quoted fields: delimiters, doubled quotes and line breaks inside; a record spanning lines keeps its first line", async () => {
    const text = [
      "contact_id,currency,amount,description",
      '1,USD,5,"Refund, part 1"',
      '2,USD,"1,000.50","He said ""thanks"""',
      '3,USD,7,"first line',
      "second line",
      'third line"',
      '4,USD,8, "  quoted with spaces  " ',
      "",
    ].join("\r\n");
    const file = await parsed(bytesOf(text));
    expect(file.rows).toEqual([
      { line: 2, cells: ["1", "USD", "5", "Refund, part 1"] },
      { line: 3, cells: ["2", "USD", "1,000.50", 'He said "thanks"'] },
      { line: 4, cells: ["3", "USD", "7", "first line\nsecond line\nthird line"] },
      { line: 7, cells: ["4", "USD", "8", "quoted with spaces"] },
    ]);
  });

  test("blank lines, whitespace-only lines and rows of empty cells are skipped; line numbers still count them", async () => {
    const text = '\n\ncontact_id;currency;amount;description\n\n1;USD;5;a\n   \n;;;\n\r\n2;USD;6;"x\n\ny"\n3;USD;7;c';
    const file = await parsed(bytesOf(text));
    expect(file.headers).toEqual(["contact_id", "currency", "amount", "description"]);
    expect(file.rows.map((row) => row.line)).toEqual([5, 9, 12]);
    expect(file.rows[1].cells[3]).toBe("x\n\ny");
  });

  test("old Mac line breaks (\\r alone) are line breaks too", async () => {
    const file = await parsed(bytesOf("a,b\r1,2\r\r3,4\r"));
    expect(file.rows).toEqual([
      { line: 2, cells: ["1", "2"] },
      { line: 4, cells: ["3", "4"] },
    ]);
  });

  test("read one byte at a time (a UTF-8 character and \\r\\n split between chunks): the same result as in one piece", async () => {
    const bytes = new Uint8Array([...BOM, ...bytesOf('контакт;валюта;сумма;описание\r\n1;RUB;5;"Ёлка\r\nи ёж"\r\n2;RUB;6;Ещё\r\n')]);
    const whole = await parsed(bytes);
    expect(await parsed(byteByByte(bytes))).toEqual(whole);
    expect(whole.rows).toEqual([
      { line: 2, cells: ["1", "RUB", "5", "Ёлка\nи ёж"] },
      { line: 4, cells: ["2", "RUB", "6", "Ещё"] },
    ]);
  });

  test("rows with another number of cells than the header are kept for validation to report", async () => {
    const file = await parsed(bytesOf("a,b,c\n1,2\n1,2,3,4\n1,2,3\n"));
    expect(file.rows.map((row) => row.cells.length)).toEqual([2, 4, 3]);
  });

  test("a file without a line break at the end, and a header of one column (comma by default)", async () => {
    expect(await parsed(bytesOf("amount\n5"))).toMatchObject({ headers: ["amount"], rows: [{ line: 2, cells: ["5"] }], delimiter: "," });
  });

  test("the hash depends on the bytes only: equal for equal bytes however they arrive, different for other bytes", async () => {
    const bytes = bytesOf("contact_id,currency,amount,description\n1,USD,5,a\n");
    const first = await parsed(bytes);
    const again = await parsed(byteByByte(bytes));
    const other = await parsed(bytesOf("contact_id,currency,amount,description\n1,USD,5,b\n"));
    expect(again.hash).toBe(first.hash);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(other.hash).not.toBe(first.hash);
  });
});

describe("parseAdjustmentFile: files refused before anything happens", () => {
  test.each([
    ["no bytes at all", new Uint8Array()],
    ["a BOM only", new Uint8Array(BOM)],
    ["blank lines only", bytesOf("\r\n\n   \n")],
    ["rows of empty cells only", bytesOf(";;;\n;;;\n")],
  ])("empty: %s", async (_name, bytes) => {
    expect(await refused(bytes)).toEqual({ ok: false, code: "empty", message: "adjustments.file.empty" });
  });

  test.each([
    ["with a line break", "contact_id,currency,amount,description\n\n"],
    ["without one", "contact_id,currency,amount,description"],
  ])("a header only (%s): no_rows", async (_name, text) => {
    expect(await refused(bytesOf(text))).toEqual({ ok: false, code: "no_rows", message: "adjustments.file.no_rows" });
  });

  test("Windows-1251 bytes (a Russian Excel export saved as plain CSV): encoding, with the line of the first such byte", async () => {
    // "Описание" in Windows-1251 on line 1 would already fail; here the header is ASCII and line 3 has "Возврат".
    const cp1251 = [0xc2, 0xee, 0xe7, 0xe2, 0xf0, 0xe0, 0xf2];
    const bytes = new Uint8Array([...bytesOf("contact_id;currency;amount;description\r\n1;RUB;5;ok\r\n2;RUB;6;"), ...cp1251, ...bytesOf("\r\n")]);
    expect(await refused(bytes)).toEqual({ ok: false, code: "encoding", message: "adjustments.file.encoding", params: { line: 3 } });
  });

  test("Latin-1 bytes split over chunks: encoding", async () => {
    const bytes = new Uint8Array([...bytesOf("contact_id,currency,amount,description\n1,EUR,5,caf"), 0xe9, ...bytesOf("\n")]);
    expect(await refused(byteByByte(bytes))).toMatchObject({ code: "encoding", message: "adjustments.file.encoding" });
  });

  test("a truncated UTF-8 character at the very end: encoding", async () => {
    const bytes = new Uint8Array([...bytesOf("a,b\n1,"), 0xd0]);
    expect(await refused(bytes)).toMatchObject({ code: "encoding", message: "adjustments.file.encoding", params: { line: 2 } });
  });

  test.each([
    ["UTF-16 LE with its BOM", new Uint8Array([0xff, 0xfe, ...Buffer.from("contact_id,currency\r\n1,USD\r\n", "utf16le")])],
    ["UTF-16 BE with its BOM", new Uint8Array([0xfe, 0xff, ...Buffer.from("contact_id,currency\r\n1,USD\r\n", "utf16le").swap16()])],
    ["UTF-16 LE without a BOM (NUL bytes)", new Uint8Array(Buffer.from("contact_id,currency\r\n1,USD\r\n", "utf16le"))],
  ])("%s: encoding, saying it is UTF-16", async (_name, bytes) => {
    expect(await refused(bytes)).toEqual({ ok: false, code: "encoding", message: "adjustments.file.utf16" });
  });

  test("an Excel workbook uploaded as it is: encoding, saying it is a workbook", async () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, ...bytesOf("[Content_Types].xml")]);
    expect(await refused(xlsx)).toEqual({ ok: false, code: "encoding", message: "adjustments.file.spreadsheet" });
  });

  test("a quote never closed: malformed, at the line where the broken row starts", async () => {
    const text = 'contact_id,currency,amount,description\n1,USD,5,a\n\n2,USD,6,"broken\nmore\n3,USD,7,c\n';
    expect(await refused(bytesOf(text))).toEqual({ ok: false, code: "malformed", message: "adjustments.file.quote_not_closed", params: { line: 4 } });
  });

  test("text after a closing quote: malformed, at its line", async () => {
    const text = 'contact_id,currency,amount,description\r\n1,USD,5,"ok"\r\n\r\n2,USD,6,"bad"x\r\n3,USD,7,c\r\n';
    expect(await refused(bytesOf(text))).toEqual({ ok: false, code: "malformed", message: "adjustments.file.malformed", params: { line: 4 } });
  });
});

describe("parseAdjustmentFile: limits", () => {
  const HEADER = "contact_id,currency,amount,description\n";
  const rowText = (index: number) => `${index + 1},USD,1.00,Promo ${index}\n`;

  /** A file of `rows` rows in chunks of 1,000 rows; reading past `failAfterRows` rows is an error (the reader did not stop). */
  function rowSource(rows: number, failAfterRows = Number.POSITIVE_INFINITY) {
    const counter = { rowsRead: 0 };
    async function* source(): AsyncGenerator<Uint8Array> {
      yield bytesOf(HEADER);
      for (let start = 0; start < rows; start += 1000) {
        if (counter.rowsRead > failAfterRows) throw new Error(`read ${counter.rowsRead} rows: the reader did not stop at the limit`);
        let text = "";
        for (let index = start; index < Math.min(rows, start + 1000); index += 1) text += rowText(index);
        counter.rowsRead = Math.min(rows, start + 1000);
        yield bytesOf(text);
      }
    }
    return { source: source(), counter };
  }

  test("exactly 100,000 rows are accepted", async () => {
    const file = await parsed(rowSource(MAX_FILE_ROWS).source);
    expect(file.rows).toHaveLength(100_000);
    expect(file.rows[0]).toEqual({ line: 2, cells: ["1", "USD", "1.00", "Promo 0"] });
    expect(file.rows[99_999]).toEqual({ line: 100_001, cells: ["100000", "USD", "1.00", "Promo 99999"] });
  });

  test("100,001 rows are refused, and reading stops at the chunk that passes the limit", async () => {
    const { source, counter } = rowSource(100_001);
    expect(await refused(source)).toEqual({ ok: false, code: "too_many_rows", message: "adjustments.file.too_many_rows", params: { maxRows: 100_000 } });
    expect(counter.rowsRead).toBe(100_001);
  });

  test("an endless file is refused at the row limit without being read to its end", async () => {
    const { source, counter } = rowSource(10_000_000, 101_000);
    expect(await refused(source)).toMatchObject({ code: "too_many_rows" });
    expect(counter.rowsRead).toBeLessThanOrEqual(101_000);
  });

  test("a smaller row limit counts data rows only, not the header or blank lines", async () => {
    expect((await parsed(bytesOf(`${HEADER}\n${rowText(0)}\n${rowText(1)}`), { maxRows: 2 })).rows).toHaveLength(2);
    expect(await refused(bytesOf(`${HEADER}${rowText(0)}${rowText(1)}${rowText(2)}`), { maxRows: 2 })).toMatchObject({
      code: "too_many_rows",
      params: { maxRows: 2 },
    });
  });

  test("10 MB are accepted, 10 MB and one byte refused (in one piece or as a stream)", async () => {
    const padding = "x".repeat(200);
    let text = HEADER;
    for (let index = 0; text.length < MAX_FILE_BYTES - 300; index += 1) text += `${index + 1},USD,1.00,${padding}\n`;
    text += `1,USD,1.00,${"y".repeat(MAX_FILE_BYTES - text.length - "1,USD,1.00,\n".length)}\n`;
    const exact = bytesOf(text);
    expect(exact.length).toBe(MAX_FILE_BYTES);
    const file = await parsed(exact);
    expect(file.bytes).toBe(MAX_FILE_BYTES);

    const tooLarge = { ok: false, code: "too_large", message: "adjustments.file.too_large", params: { megabytes: 10 } };
    const oneMore = new Uint8Array(exact.length + 1);
    oneMore.set(exact);
    oneMore[exact.length] = 0x0a;
    expect(await refused(oneMore)).toEqual(tooLarge);
    expect(await refused(byteChunks(oneMore, 1024 * 1024))).toEqual(tooLarge);
  });

  test("an endless stream of bytes is refused at the byte limit without being read to its end", async () => {
    let chunksRead = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      yield bytesOf(HEADER);
      for (;;) {
        chunksRead += 1;
        if (chunksRead > 20) throw new Error("the reader did not stop at the byte limit");
        yield bytesOf(`1,USD,1.00,${"z".repeat(1024 * 1024)}\n`);
      }
    }
    expect(await refused(endless(), { maxRows: 1_000_000 })).toMatchObject({ code: "too_large", params: { megabytes: 10 } });
    expect(chunksRead).toBe(10);
  });

  test("a smaller byte limit is stated in megabytes", async () => {
    expect(await refused(bytesOf("x".repeat(600 * 1024)), { maxBytes: 512 * 1024 })).toMatchObject({ code: "too_large", params: { megabytes: 0.5 } });
  });
});

async function* byteChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

describe("the problems' texts", () => {
  test("the limits read in words once the page formats the numbers in the viewer's language", async () => {
    const rows = await refused(bytesOf(`a\n1\n2\n`), { maxRows: 1 });
    expect(rows.params).toEqual({ maxRows: 1 });
    const en = translator("en");
    const ru = translator("ru");
    const params = { maxRows: formatCount(MAX_FILE_ROWS, "en") };
    expect(en("adjustments.file.too_many_rows", params)).toMatch(/^The file has more than 100,000 rows \(the header not counted\)/);
    expect(ru("adjustments.file.too_many_rows", { maxRows: formatCount(MAX_FILE_ROWS, "ru") })).toMatch(/^В файле больше 100\s000 строк /);
    expect(en("adjustments.file.too_many_rows", { maxRows: 1 })).toMatch(/^The file has more than 1 row /);
    expect(en("adjustments.file.too_large", { megabytes: 10 })).toMatch(/^The file is larger than 10 MB/);
    expect(ru("adjustments.file.quote_not_closed", { line: 12 })).toMatch(/^Строка 12: /);
  });
});
