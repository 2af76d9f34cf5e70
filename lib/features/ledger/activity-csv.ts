import "server-only";
import { csvStream } from "@/lib/core/http/csv-stream";
import type { Db } from "@/lib/db/client";
import { iterateAuditEntries, type AuditFilters, type Viewer } from "./audit";
import { minorToMajor } from "@/lib/core/money/money";
import type { AuditEntryView } from "./types";

/** Columns of the Activity export; amounts both in major units (for people) and minor units (exact, for machines). */
const ACTIVITY_CSV_COLUMNS = [
  "id",
  "created_at",
  "user_email",
  "user_role",
  "contact_id",
  "contact_name",
  "account_id",
  "currency",
  "kind",
  "amount",
  "amount_minor",
  "description",
  "outcome",
  "error_code",
  "balance_after",
  "balance_after_minor",
  "request_id",
  "idempotency_key",
  "reconciles_entry_id",
] as const;

type CsvRow = Record<(typeof ACTIVITY_CSV_COLUMNS)[number], string>;

const major = (value: string | null, currency: string | null) => (value === null || currency === null ? "" : minorToMajor(value, currency));

function toCsvRow(entry: AuditEntryView): CsvRow {
  return {
    id: String(entry.id),
    created_at: entry.createdAt,
    user_email: entry.userEmail,
    user_role: entry.userRole,
    contact_id: String(entry.contactId),
    contact_name: entry.contactName ?? "",
    account_id: entry.accountId === null ? "" : String(entry.accountId),
    currency: entry.currency ?? "",
    kind: entry.kind,
    amount: major(entry.amount, entry.currency),
    amount_minor: entry.amount ?? "",
    description: entry.description ?? "",
    outcome: entry.outcome,
    error_code: entry.errorCode ?? "",
    balance_after: major(entry.balanceAfter, entry.currency),
    balance_after_minor: entry.balanceAfter ?? "",
    request_id: entry.requestId ?? "",
    idempotency_key: entry.idempotencyKey ?? "",
    reconciles_entry_id: entry.reconcilesEntryId === null ? "" : String(entry.reconcilesEntryId),
  };
}

async function* rowsOf(db: Db, viewer: Viewer, filters: AuditFilters): AsyncGenerator<CsvRow> {
  for await (const batch of iterateAuditEntries(db, viewer, filters)) {
    for (const entry of batch) yield toCsvRow(entry);
  }
}

/** The entries the viewer may read under the filters as CSV, streamed (csvStream: flat memory, formulas escaped). */
export function activityCsvStream(db: Db, viewer: Viewer, filters: AuditFilters, options: { bom?: boolean } = {}): ReadableStream<Uint8Array> {
  return csvStream(rowsOf(db, viewer, filters), ACTIVITY_CSV_COLUMNS, { bom: options.bom, name: "activity export" });
}
