import { createHash } from "node:crypto";
import { Parser, type CsvError, type InfoRecord } from "csv-parse";
import { ADJUSTMENT_FILE_LIMITS } from "./types";

/**
 * Reading an adjustment file: bytes in, header and rows of trimmed cells out, streamed through csv-parse chunk by
 * chunk so that a file past the limits is refused as soon as it passes them, without reading the rest. Rows are not
 * interpreted here (validate.ts does that); a row with another number of cells than the header is kept for it to report.
 */

export const MAX_FILE_BYTES = ADJUSTMENT_FILE_LIMITS.bytes;
export const MAX_FILE_ROWS = ADJUSTMENT_FILE_LIMITS.rows;

export interface ParsedRow {
  /** The physical line where the record starts (the header is line 1); a record spanning lines keeps its first one. */
  line: number;
  cells: string[];
}

export interface ParsedFile {
  ok: true;
  headers: string[];
  rows: ParsedRow[];
  delimiter: "," | ";";
  /** sha256 of every byte of the file, hex: the same file uploaded again is found by it. */
  hash: string;
  bytes: number;
}

export type FileProblemCode = "too_large" | "too_many_rows" | "encoding" | "empty" | "no_rows" | "malformed";

export interface FileProblem {
  ok: false;
  code: FileProblemCode;
  /** An i18n key (lib/i18n/messages/adjustments.ts); `params` are its placeholders. */
  message: string;
  params?: Record<string, string | number>;
}

export interface FileLimits {
  maxBytes?: number;
  maxRows?: number;
}

/** Bytes are parsed in slices of at most this size (a byte array, a stream's large chunks), so the limits stop them early. */
const SLICE_BYTES = 64 * 1024;

async function* chunksOf(source: AsyncIterable<Uint8Array> | Uint8Array): AsyncGenerator<Uint8Array> {
  for await (const piece of source instanceof Uint8Array ? [source] : source) {
    for (let start = 0; start < piece.length; start += SLICE_BYTES) yield piece.subarray(start, start + SLICE_BYTES);
  }
}

const problem = (code: FileProblemCode, message: string, params?: Record<string, string | number>): FileProblem =>
  params ? { ok: false, code, message, params } : { ok: false, code, message };

/** What the first bytes say a file that is not UTF-8 text is, so the message can tell how to save it properly. */
function encodingProblem(head: number[], line: number): FileProblem {
  if (head[0] === 0xff || head[0] === 0xfe) return problem("encoding", "adjustments.file.utf16");
  if (isSpreadsheet(head)) return problem("encoding", "adjustments.file.spreadsheet");
  return problem("encoding", "adjustments.file.encoding", { line });
}

/** An Excel workbook uploaded as it is: .xlsx is a zip ("PK\x03\x04"), .xls an OLE2 file (D0 CF 11 E0). */
const isSpreadsheet = (head: number[]) =>
  (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) ||
  (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0);

const countLineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * Finds the header line (the first line with something on it) in text arriving in pieces, counting commas and
 * semicolons outside quotes: the one that splits the header into more fields is the delimiter (Excel in Russian
 * locales writes semicolons). Incremental, so a long first line is scanned once.
 */
class HeaderScanner {
  private inQuotes = false;
  private commas = 0;
  private semicolons = 0;
  private allCommas = 0;
  private allSemicolons = 0;
  private hasContent = false;
  done = false;

  scan(text: string): void {
    for (let index = 0; index < text.length && !this.done; index += 1) {
      const char = text[index];
      if (char === '"') this.inQuotes = !this.inQuotes;
      else if (this.inQuotes) continue;
      else if (char === "\n") {
        if (this.hasContent) this.done = true;
        else this.commas = this.semicolons = 0;
        continue;
      } else if (char === ",") {
        this.commas += 1;
        this.allCommas += 1;
      } else if (char === ";") {
        this.semicolons += 1;
        this.allSemicolons += 1;
      }
      // A line of delimiters only (";;;", an empty spreadsheet row) is blank, not the header.
      if (!this.hasContent && char !== "," && char !== ";" && char.trim() !== "") this.hasContent = true;
    }
  }

  /** The header line's delimiter; in a file of blank lines only, the one its lines have more of (";;;" is one empty row). */
  get delimiter(): "," | ";" {
    if (!this.hasContent) return this.allSemicolons > this.allCommas ? ";" : ",";
    return this.semicolons > this.commas ? ";" : ",";
  }
}

/** The records of one file as csv-parse finds them, with the line each starts on. */
class RecordCollector {
  headers: string[] | null = null;
  readonly rows: ParsedRow[] = [];
  overLimit = false;
  /** The line where the last record ended and csv-parse's count of blank lines then: the next record starts after both. */
  private lastEnd = 0;
  private lastEmpty = 0;

  constructor(private readonly maxRows: number) {}

  add(record: string[], context: InfoRecord): void {
    const line = this.nextLine(context.empty_lines);
    this.lastEnd = context.lines;
    this.lastEmpty = context.empty_lines;
    if (this.overLimit) return;
    const cells = record.map((cell) => cell.trim());
    // A row of empty cells (";;;" as spreadsheets write below the data) is a blank line too.
    if (cells.every((cell) => cell === "")) return;
    if (this.headers === null) this.headers = cells;
    else if (this.rows.length === this.maxRows) this.overLimit = true;
    else this.rows.push({ line, cells });
  }

  /** The line where the record after the last one starts, given the blank lines skipped since. */
  nextLine(emptyLines: number): number {
    return this.lastEnd + 1 + (emptyLines - this.lastEmpty);
  }
}

function malformed(error: CsvError, line: number): FileProblem {
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return problem("malformed", "adjustments.file.quote_not_closed", { line });
  if (error.code === "CSV_MAX_RECORD_SIZE") return problem("malformed", "adjustments.file.record_too_long", { line });
  return problem("malformed", "adjustments.file.malformed", { line });
}

const isCsvError = (error: unknown): error is CsvError => error instanceof Error && typeof (error as CsvError).code === "string";

/**
 * Reads an adjustment file: UTF-8 with or without a BOM, comma or semicolon (decided by the header line), quoted fields
 * with delimiters, doubled quotes and line breaks inside, blank lines skipped, cells trimmed. Past `maxBytes` bytes or
 * `maxRows` data rows it stops reading at once and answers the problem; bytes that are not UTF-8 (a Windows-1251 or
 * Latin-1 export, UTF-16, a workbook) are refused with a hint to save as "CSV UTF-8".
 */
export async function parseAdjustmentFile(source: AsyncIterable<Uint8Array> | Uint8Array, limits: FileLimits = {}): Promise<ParsedFile | FileProblem> {
  const maxBytes = limits.maxBytes ?? MAX_FILE_BYTES;
  const maxRows = limits.maxRows ?? MAX_FILE_ROWS;
  const tooLarge = () => problem("too_large", "adjustments.file.too_large", { megabytes: megabytes(maxBytes) });
  // Bytes already in memory: their size is known before anything is read.
  if (source instanceof Uint8Array && source.length > maxBytes) return tooLarge();
  const hash = createHash("sha256");
  // fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD; the BOM is dropped (ignoreBOM false).
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const head: number[] = [];
  const header = new HeaderScanner();
  const collector = new RecordCollector(maxRows);
  let bytes = 0;
  /** Line breaks of the text read so far, to say on which line undecodable bytes are. */
  let lineBreaks = 0;
  /** A carriage return at the end of a piece: its "\n" may start the next one, and "\r\n" is one line break. */
  let carriageReturn = false;
  /** Text read before the delimiter is known (the header line is not complete yet). */
  let beforeHeader = "";
  let parser: Parser | null = null;

  const startParser = (delimiter: "," | ";") => {
    const created = new Parser({
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // Records are taken here, synchronously as the parser finds them, and not pushed on (nothing queues in the stream).
      on_record: (record: string[], context: InfoRecord) => {
        collector.add(record, context);
        return null;
      },
    });
    // Errors arrive through the write and end callbacks; the event would otherwise be an uncaught error.
    created.on("error", () => undefined);
    created.resume();
    return created;
  };

  /** Feeds csv-parse; a parse error becomes the problem to answer (with the line where the broken record starts). */
  const write = async (target: Parser, text: string, end: boolean): Promise<FileProblem | null> => {
    try {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error | null) => (error ? reject(error) : resolve());
        if (end) target.end(text, done);
        else target.write(text, done);
      });
      return null;
    } catch (error) {
      if (!isCsvError(error)) throw error;
      return malformed(error, collector.nextLine(target.info.empty_lines));
    }
  };

  /** Text decoded from the file, line breaks made "\n" (csv-parse counts "\r\n" inside quotes as two lines). */
  const feed = async (decoded: string, end: boolean): Promise<FileProblem | null> => {
    let text = carriageReturn ? `\r${decoded}` : decoded;
    carriageReturn = !end && text.endsWith("\r");
    if (carriageReturn) text = text.slice(0, -1);
    if (text.includes("\u0000")) return problem("encoding", "adjustments.file.utf16");
    text = text.replace(/\r\n?/g, "\n");
    lineBreaks += countLineBreaks(text);
    if (parser === null) {
      header.scan(text);
      beforeHeader += text;
      if (!header.done && !end) return null;
      parser = startParser(header.delimiter);
      text = beforeHeader;
      beforeHeader = "";
    }
    return write(parser, text, end);
  };

  try {
    for await (const chunk of chunksOf(source)) {
      if (bytes + chunk.length > maxBytes) return tooLarge();
      bytes += chunk.length;
      hash.update(chunk);
      for (let index = 0; head.length < 4 && index < chunk.length; index += 1) head.push(chunk[index]);
      if (isSpreadsheet(head)) return problem("encoding", "adjustments.file.spreadsheet");
      let decoded: string;
      try {
        decoded = decoder.decode(chunk, { stream: true });
      } catch {
        return encodingProblem(head, lineBreaks + 1 + firstBadLine(chunk));
      }
      const failed = await feed(decoded, false);
      if (failed) return failed;
      if (collector.overLimit) return problem("too_many_rows", "adjustments.file.too_many_rows", { maxRows });
    }
    let rest: string;
    try {
      rest = decoder.decode();
    } catch {
      return encodingProblem(head, lineBreaks + 1);
    }
    const failed = await feed(rest, true);
    if (failed) return failed;
    if (collector.overLimit) return problem("too_many_rows", "adjustments.file.too_many_rows", { maxRows });
  } finally {
    (parser as Parser | null)?.destroy();
  }

  if (collector.headers === null) return problem("empty", "adjustments.file.empty");
  if (collector.rows.length === 0) return problem("no_rows", "adjustments.file.no_rows");
  return { ok: true, headers: collector.headers, rows: collector.rows, delimiter: header.delimiter, hash: hash.digest("hex"), bytes };
}

/** Line breaks in a chunk before its first byte that is not UTF-8 (approximate at a chunk's first character). */
function firstBadLine(chunk: Uint8Array): number {
  const text = new TextDecoder("utf-8").decode(chunk);
  const bad = text.indexOf("\ufffd");
  return countLineBreaks(bad < 0 ? text : text.slice(0, bad));
}

/** The byte limit in megabytes for the message: 10, or 0.5 for a smaller limit. */
const megabytes = (maxBytes: number) => Math.round((maxBytes / (1024 * 1024)) * 100) / 100;
