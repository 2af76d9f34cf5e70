import "server-only";
import { DashboardError } from "@/lib/core/actions/errors";
import type { Db } from "@/lib/db/client";
import { formatCount } from "@/lib/dashboard/format";
import type { Locale } from "@/lib/i18n/config";
import { createBatch, readCells, saveValidation } from "./batch-store";
import { ColumnMappingSchema, guessMapping } from "./mapping";
import { parseAdjustmentFile } from "./parse";
import { ADJUSTMENT_FILE_LIMITS, type ColumnMapping } from "./types";
import { validateRows } from "./validate";

/** Room for the multipart envelope around the file (boundaries, the part's headers). */
const ENVELOPE_BYTES = 64 * 1024;

/** Numbers in a message's placeholders as the reader writes them ("100,000 rows", "100 000 строк"). */
function formatted(params: Record<string, string | number> | undefined, locale: Locale): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, typeof value === "number" ? formatCount(value, locale) : value]));
}

/**
 * The uploaded file out of a multipart request, read with a cap: past the file limit and its
 * envelope the reading stops and nothing is stored (a refusal on the `file` field).
 */
export async function readUploadedFile(request: Request): Promise<{ name: string; bytes: Uint8Array }> {
  const limit = ADJUSTMENT_FILE_LIMITS.bytes + ENVELOPE_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = () => new DashboardError("adjustments.file.too_large", "file", { megabytes: ADJUSTMENT_FILE_LIMITS.bytes / 1024 / 1024 });
  if (declared > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  if (!reader) throw new DashboardError("adjustments.upload.no_file", "file");
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new DashboardError("adjustments.upload.no_file", "file");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw new DashboardError("adjustments.upload.no_file", "file");
  const name = (file instanceof File && file.name ? file.name : "adjustments.csv").slice(0, 255);
  return { name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * Reads the file and stores it as a batch: its cells, and when every needed column is found by
 * its header name, the mapping and the validated rows at once (status validated); otherwise the
 * batch waits for the mapping step (status uploaded). A file the reader refuses stores nothing.
 */
export async function uploadAdjustmentFile(db: Db, member: { id: number }, file: { name: string; bytes: Uint8Array }, locale: Locale): Promise<{ id: string }> {
  const parsed = await parseAdjustmentFile(file.bytes);
  if (!parsed.ok) throw new DashboardError(parsed.message, "file", formatted(parsed.params, locale));
  const id = await createBatch(db, {
    createdBy: member.id,
    fileName: file.name,
    fileHash: parsed.hash,
    delimiter: parsed.delimiter,
    headers: parsed.headers,
    rows: parsed.rows,
  });
  const { mapping, missing } = guessMapping(parsed.headers);
  if (missing.length === 0)
    await saveValidation(db, id, { mapping: mapping as ColumnMapping, ...validateRows(parsed.rows, mapping as ColumnMapping, locale, parsed.headers.length) });
  return { id };
}

/** The mapping step: the columns a person picked, checked against the file's header, then every row validated with them. */
export async function applyMapping(db: Db, batch: { id: string; headers: string[] }, mapping: unknown, locale: Locale): Promise<void> {
  const checked = ColumnMappingSchema(batch.headers.length).safeParse(mapping);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new DashboardError(issue.message, String(issue.path[0] ?? "mapping"));
  }
  const cells = await readCells(db, batch.id);
  await saveValidation(db, batch.id, { mapping: checked.data, ...validateRows(cells, checked.data, locale, batch.headers.length) });
}
