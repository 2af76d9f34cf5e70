import "server-only";
import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import { log } from "@/lib/core/log.mjs";

/**
 * Rows as a streamed CSV download: written through csv-stringify as the client reads (backpressure), so memory stays
 * flat however many rows the source yields. Cells starting with =, +, -, @, tab or CR get a leading ' (escape_formulas)
 * so that a spreadsheet never runs them; `bom` starts the file with U+FEFF for Excel. A failure midway is logged under
 * `name` (the download then ends short).
 */
export function csvStream<C extends string>(
  rows: AsyncIterable<Record<C, string>>,
  columns: readonly C[],
  options: { bom?: boolean; name: string },
): ReadableStream<Uint8Array> {
  const stringifier = stringify({ header: true, columns: [...columns], escape_formulas: true, bom: options.bom ?? false });
  pipeline(Readable.from(rows), stringifier, (error) => {
    if (error) log.error(`${options.name} failed`, { error });
  });
  return Readable.toWeb(stringifier) as unknown as ReadableStream<Uint8Array>;
}
