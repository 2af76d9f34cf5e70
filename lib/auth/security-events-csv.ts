import "server-only";
import { csvStream } from "@/lib/core/http/csv-stream";
import type { Db } from "@/lib/db/client";
import { iterateSecurityEvents, type SecurityEventFilters, type SecurityEventView } from "./security-events";

const COLUMNS = ["id", "created_at", "kind", "actor_email", "subject_user_id", "subject_email", "address", "user_agent", "detail"] as const;
type CsvRow = Record<(typeof COLUMNS)[number], string>;

const toCsvRow = (event: SecurityEventView): CsvRow => ({
  id: String(event.id),
  created_at: event.createdAt,
  kind: event.kind,
  actor_email: event.actorEmail ?? "",
  subject_user_id: event.subjectUserId === null ? "" : String(event.subjectUserId),
  subject_email: event.subjectEmail ?? "",
  address: event.address,
  user_agent: event.userAgent,
  detail: event.detail ? JSON.stringify(event.detail) : "",
});

async function* rowsOf(db: Db, filters: SecurityEventFilters): AsyncGenerator<CsvRow> {
  for await (const event of iterateSecurityEvents(db, filters)) yield toCsvRow(event);
}

/** The security log as CSV, newest first, streamed in keyset batches (csvStream: flat memory, formulas escaped). */
export function securityEventsCsvStream(db: Db, filters: SecurityEventFilters, options: { bom?: boolean } = {}): ReadableStream<Uint8Array> {
  return csvStream(rowsOf(db, filters), COLUMNS, { bom: options.bom, name: "security log export" });
}
