import "server-only";
import { attachmentHeaders } from "@/lib/core/http/attachment";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { contentTypeOf, filePreamble, type ExportFormat } from "./format";
import { exportFileName, type ExportJobRow } from "./jobs";

/** Chunks read per query: a few hundred kilobytes in memory at a time, whatever the file's size. */
const CHUNKS_PER_READ = 2;

/**
 * The file of a finished export as a stream: the preamble (BOM, CSV header), then
 * the chunks in seq order, read a couple at a time as the client takes them
 * (pull-based, so a slow download never piles the file up in memory).
 */
export function exportFileStream(db: Db, job: ExportJobRow): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const preamble = filePreamble(job.format as ExportFormat, job.bom);
  let after = -1;
  let started = false;
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          if (preamble) {
            controller.enqueue(encoder.encode(preamble));
            return;
          }
        }
        if (finished) return;
        const rows = await queryRows<{ seq: number; content: string }>(
          db,
          sql`SELECT seq::int AS seq, content FROM dashboard.export_chunks
              WHERE job_id = ${job.id}::bigint AND seq > ${after}::int ORDER BY seq LIMIT ${CHUNKS_PER_READ}`,
        );
        for (const row of rows) {
          after = Number(row.seq);
          controller.enqueue(encoder.encode(row.content));
        }
        if (rows.length < CHUNKS_PER_READ) {
          finished = true;
          controller.close();
        }
      },
    },
    { highWaterMark: 1 },
  );
}

export function exportFileHeaders(job: ExportJobRow): Record<string, string> {
  const format = job.format as ExportFormat;
  const name = exportFileName(job);
  const length = Buffer.byteLength(filePreamble(format, job.bom), "utf8") + Number(job.bytesDone);
  return attachmentHeaders(name, contentTypeOf(format), { "content-length": String(length) });
}
