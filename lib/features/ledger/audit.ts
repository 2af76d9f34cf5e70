import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { can, type Role } from "@/lib/auth/permissions";
import type { AuditEntryView, LedgerOperation, PageOf } from "./types";

/**
 * The dashboard's audit trail of balance operations (insert-only in the
 * database), who may read which entries, and the "contact opened" views that
 * visibility is derived from.
 */
export interface Actor {
  id: number;
  email: string;
  name: string;
  role: Role;
}

export interface NewAuditEntry {
  actor: Actor;
  contactId: number;
  accountId: number | null;
  currency: string | null;
  kind: LedgerOperation;
  amount: bigint | null;
  description: string | null;
  outcome: "succeeded" | "failed" | "unknown";
  errorCode: string | null;
  balanceAfter: bigint | null;
  requestId: string | null;
  idempotencyKey: string | null;
  reconcilesEntryId?: number | null;
  /** A row of a bulk adjustment (lib/features/adjustments): its batch and line. */
  batchId?: string | null;
  batchLine?: number | null;
  /** When it happened; default the transaction's `now()`. Only a seeded history (the demo) passes it. */
  createdAt?: Date;
}

/** The contact's name is taken from the dashboard's directory as it is now, so the entry keeps the name it had then. */
export async function recordAuditEntry(db: Db, entry: NewAuditEntry): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO dashboard.audit_entries
          (user_id, user_email, user_name, user_role, contact_id, contact_name, account_id, currency, kind, amount, description,
           outcome, error_code, balance_after, request_id, idempotency_key, reconciles_entry_id, batch_id, batch_line, created_at)
        VALUES (${entry.actor.id}, ${entry.actor.email}, ${entry.actor.name}, ${entry.actor.role}, ${entry.contactId},
                (SELECT n.name FROM dashboard.contact_names n WHERE n.contact_id = ${entry.contactId}::bigint),
                ${entry.accountId}, ${entry.currency}, ${entry.kind}, ${entry.amount?.toString() ?? null}::bigint, ${entry.description},
                ${entry.outcome}, ${entry.errorCode}, ${entry.balanceAfter?.toString() ?? null}::bigint, ${entry.requestId},
                ${entry.idempotencyKey}::uuid, ${entry.reconcilesEntryId ?? null}::bigint, ${entry.batchId ?? null}::uuid, ${entry.batchLine ?? null}::int,
                COALESCE(${entry.createdAt?.toISOString() ?? null}::timestamptz, now()))
        RETURNING id::text AS id`,
  );
  return Number(row.id);
}

/** Marks that a member opened a contact: members who cannot read everyone's activity see that contact's entries. */
export async function recordContactView(db: Db, userId: number, contactId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO dashboard.contact_views (user_id, contact_id) VALUES (${userId}, ${contactId}::bigint)
        ON CONFLICT (user_id, contact_id) DO NOTHING`,
  );
}

export interface Viewer {
  id: number;
  role: Role;
}

/**
 * Which entries a viewer reads, from the permission table: `activity.read_all`
 * (owners) everything; `activity.read` (leads, support) their own entries and
 * those of contacts they opened; neither, nothing.
 */
function visibilityCondition(viewer: Viewer): SQL {
  if (can(viewer.role, "activity.read_all")) return sql`true`;
  if (!can(viewer.role, "activity.read")) return sql`false`;
  return sql`(e.user_id = ${viewer.id} OR e.contact_id IN (SELECT v.contact_id FROM dashboard.contact_views v WHERE v.user_id = ${viewer.id}))`;
}

export interface AuditFilters {
  userId?: number | null;
  contactId?: number | null;
  accountId?: number | null;
  kind?: LedgerOperation | null;
  /** Inclusive lower bound (UTC). */
  from?: Date | null;
  /** Exclusive upper bound (UTC). */
  until?: Date | null;
  /** The entries of one bulk adjustment. */
  batchId?: string | null;
}

function filterCondition(filters: AuditFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.userId) parts.push(sql`e.user_id = ${filters.userId}`);
  if (filters.contactId) parts.push(sql`e.contact_id = ${filters.contactId}::bigint`);
  if (filters.accountId) parts.push(sql`e.account_id = ${filters.accountId}::bigint`);
  if (filters.kind) parts.push(sql`e.kind = ${filters.kind}`);
  if (filters.from) parts.push(sql`e.created_at >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.until) parts.push(sql`e.created_at < ${filters.until.toISOString()}::timestamptz`);
  if (filters.batchId) parts.push(sql`e.batch_id = ${filters.batchId}::uuid`);
  return sql.join(parts, sql` AND `);
}

interface AuditRow extends Record<string, unknown> {
  id: string;
  created_at: Date | string;
  user_id: string;
  user_email: string;
  user_name: string;
  user_role: string;
  contact_id: string;
  contact_name: string | null;
  account_id: string | null;
  currency: string | null;
  kind: LedgerOperation;
  amount: string | null;
  description: string | null;
  outcome: AuditEntryView["outcome"];
  error_code: string | null;
  balance_after: string | null;
  request_id: string | null;
  idempotency_key: string | null;
  reconciles_entry_id: string | null;
  batch_id: string | null;
  batch_line: number | null;
}

const AUDIT_COLUMNS = sql.raw(`e.id::text AS id, e.created_at, e.user_id::text AS user_id, e.user_email, e.user_name, e.user_role,
  e.contact_id::text AS contact_id,
  COALESCE(e.contact_name, (SELECT n.name FROM dashboard.contact_names n WHERE n.contact_id = e.contact_id)) AS contact_name, e.account_id::text AS account_id, e.currency, e.kind, e.amount::text AS amount, e.description,
  e.outcome, e.error_code, e.balance_after::text AS balance_after, e.request_id, e.idempotency_key::text AS idempotency_key,
  e.reconciles_entry_id::text AS reconciles_entry_id, e.batch_id::text AS batch_id, e.batch_line`);

const nullableNumber = (value: string | null) => (value === null ? null : Number(value));

function toAuditView(row: AuditRow): AuditEntryView {
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    userId: Number(row.user_id),
    userEmail: row.user_email,
    userName: row.user_name,
    userRole: row.user_role,
    contactId: Number(row.contact_id),
    contactName: row.contact_name,
    accountId: nullableNumber(row.account_id),
    currency: row.currency,
    kind: row.kind,
    amount: row.amount,
    description: row.description,
    outcome: row.outcome,
    errorCode: row.error_code,
    balanceAfter: row.balance_after,
    requestId: row.request_id,
    idempotencyKey: row.idempotency_key,
    reconcilesEntryId: nullableNumber(row.reconciles_entry_id),
    batchId: row.batch_id,
    batchLine: row.batch_line === null ? null : Number(row.batch_line),
  };
}

const AUDIT_PAGE_SIZE = 50;

/** One page of the entries the viewer may read, newest first (by id), with the total for paging. */
export async function listAuditEntries(
  db: Db,
  viewer: Viewer,
  filters: AuditFilters,
  page: number,
  perPage = AUDIT_PAGE_SIZE,
): Promise<PageOf<AuditEntryView>> {
  const where = sql`${visibilityCondition(viewer)} AND ${filterCondition(filters)}`;
  const [{ total }] = await queryRows<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM dashboard.audit_entries e WHERE ${where}`);
  const count = Number(total);
  const pages = Math.max(1, Math.ceil(count / perPage));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await queryRows<AuditRow>(
    db,
    sql`SELECT ${AUDIT_COLUMNS} FROM dashboard.audit_entries e WHERE ${where}
        ORDER BY e.id DESC LIMIT ${perPage} OFFSET ${(current - 1) * perPage}`,
  );
  return { items: rows.map(toAuditView), page: current, pages, total: count };
}

/**
 * Every entry the viewer may read under the filters, newest first (by id: the
 * order of insertion), in keyset batches, for a streamed export that never
 * holds the whole set.
 */
export async function* iterateAuditEntries(db: Db, viewer: Viewer, filters: AuditFilters, batchSize = 500): AsyncGenerator<AuditEntryView[]> {
  let afterId: number | null = null;
  for (;;) {
    const cursor: SQL = afterId === null ? sql`true` : sql`e.id < ${afterId}::bigint`;
    const rows = await queryRows<AuditRow>(
      db,
      sql`SELECT ${AUDIT_COLUMNS} FROM dashboard.audit_entries e
          WHERE ${visibilityCondition(viewer)} AND ${filterCondition(filters)} AND ${cursor}
          ORDER BY e.id DESC LIMIT ${batchSize}`,
    );
    if (rows.length === 0) return;
    const batch = rows.map(toAuditView);
    yield batch;
    if (rows.length < batchSize) return;
    afterId = batch[batch.length - 1].id;
  }
}

/** The entry written for a submission (not the one that settled it). */
export async function findOperationEntry(db: Db, idempotencyKey: string): Promise<AuditEntryView | null> {
  const [row] = await queryRows<AuditRow>(
    db,
    sql`SELECT ${AUDIT_COLUMNS} FROM dashboard.audit_entries e
        WHERE e.idempotency_key = ${idempotencyKey}::uuid AND e.reconciles_entry_id IS NULL`,
  );
  return row ? toAuditView(row) : null;
}

/** Members who appear in the trail, for the user filter (only those whose entries the viewer may read). */
export async function listAuditUsers(db: Db, viewer: Viewer): Promise<{ id: number; email: string; name: string }[]> {
  const rows = await queryRows<{ user_id: string; user_email: string; user_name: string }>(
    db,
    sql`SELECT DISTINCT ON (e.user_id) e.user_id::text AS user_id, e.user_email, e.user_name
        FROM dashboard.audit_entries e WHERE ${visibilityCondition(viewer)}
        ORDER BY e.user_id, e.id DESC`,
  );
  return rows.map((row) => ({ id: Number(row.user_id), email: row.user_email, name: row.user_name })).sort((a, b) => a.email.localeCompare(b.email));
}
