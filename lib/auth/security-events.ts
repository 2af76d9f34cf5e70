import { and, count, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { log } from "@/lib/core/log.mjs";
import { securityEvents } from "@/lib/db/schema";
import { SECURITY_EVENT_KINDS } from "./security-event-kinds";
import { currentOrigin, type RequestOrigin } from "./request-origin";
import { boundedText, TEXT_LIMITS } from "./bounded-text";

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
export { SECURITY_EVENT_KINDS };

/** A member as an event names them: id (null for an email that belongs to nobody) and email. */
export interface EventPerson {
  id: number | null;
  email: string;
}

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /** Who did it; absent for a sign-in attempt (nobody is signed in yet). */
  actor?: EventPerson | null;
  /** Whom it concerns. */
  subject?: EventPerson | null;
  origin: RequestOrigin;
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * Writes one event. A failure to write is logged (kind and error, never a password) and does not undo what the
 * event records: the sign-in, the ended session or the removal has happened and stays so.
 */
export async function recordSecurityEvent(db: Db, event: SecurityEventInput): Promise<void> {
  try {
    await db.insert(securityEvents).values({
      kind: event.kind,
      actorUserId: event.actor?.id ?? null,
      // Cut here, the one place every event passes: what a request sent is never longer than its column.
      actorEmail: event.actor ? boundedText(event.actor.email, TEXT_LIMITS.email) : null,
      subjectUserId: event.subject?.id ?? null,
      subjectEmail: event.subject ? boundedText(event.subject.email, TEXT_LIMITS.email) : null,
      address: boundedText(event.origin.address, TEXT_LIMITS.address),
      userAgent: boundedText(event.origin.userAgent, TEXT_LIMITS.userAgent),
      detail: event.detail ?? null,
    });
  } catch (error) {
    log.error("security event not recorded", { kind: event.kind, error });
  }
}

/**
 * An event done by the signed-in member in the request being handled (a server action): its origin read from the
 * request's headers; about the member themselves unless `subject` says whom.
 */
export async function recordActionEvent(
  db: Db,
  kind: SecurityEventKind,
  actor: { id: number; email: string },
  extra: { subject?: EventPerson; detail?: SecurityEventInput["detail"] } = {},
): Promise<void> {
  const by = { id: actor.id, email: actor.email };
  await recordSecurityEvent(db, { kind, actor: by, subject: extra.subject ?? by, origin: await currentOrigin(), detail: extra.detail });
}

export interface SecurityEventView {
  id: number;
  createdAt: string;
  kind: SecurityEventKind;
  actorEmail: string | null;
  subjectUserId: number | null;
  subjectEmail: string | null;
  address: string;
  userAgent: string;
  detail: Record<string, unknown> | null;
}

export interface SecurityEventFilters {
  kind?: SecurityEventKind | null;
  /** Events about this member, or done by them. */
  userId?: number | null;
}

const columns = {
  id: securityEvents.id,
  createdAt: securityEvents.createdAt,
  kind: securityEvents.kind,
  actorEmail: securityEvents.actorEmail,
  subjectUserId: securityEvents.subjectUserId,
  subjectEmail: securityEvents.subjectEmail,
  address: securityEvents.address,
  userAgent: securityEvents.userAgent,
  detail: securityEvents.detail,
};

function whereOf(filters: SecurityEventFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.kind) conditions.push(eq(securityEvents.kind, filters.kind));
  if (filters.userId) conditions.push(or(eq(securityEvents.subjectUserId, filters.userId), eq(securityEvents.actorUserId, filters.userId))!);
  return conditions.length ? and(...conditions) : undefined;
}

type Row = Omit<SecurityEventView, "createdAt" | "kind" | "detail"> & { createdAt: Date; kind: string; detail: unknown };
const view = (row: Row): SecurityEventView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  kind: row.kind as SecurityEventKind,
  detail: (row.detail as Record<string, unknown> | null) ?? null,
});

export const SECURITY_EVENTS_PAGE_SIZE = 50;

/** One page of events, newest first (by id: the order they were written), and how many match. */
export async function listSecurityEvents(
  db: Db,
  filters: SecurityEventFilters,
  page: number,
): Promise<{ items: SecurityEventView[]; total: number; page: number; pageSize: number }> {
  const where = whereOf(filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.id))
      .limit(SECURITY_EVENTS_PAGE_SIZE)
      .offset((page - 1) * SECURITY_EVENTS_PAGE_SIZE),
    db.select({ total: count() }).from(securityEvents).where(where),
  ]);
  return { items: rows.map(view), total: Number(total), page, pageSize: SECURITY_EVENTS_PAGE_SIZE };
}

/**
 * Every matching event, newest first, read in keyset batches (for the export: memory stays flat). The key is the id
 * alone: a timestamp read into JavaScript loses its microseconds, and a cursor on it would skip events of one millisecond.
 */
export async function* iterateSecurityEvents(db: Db, filters: SecurityEventFilters, batch = 1000): AsyncGenerator<SecurityEventView> {
  let after: number | null = null;
  for (;;) {
    const cursor: SQL | undefined = after === null ? undefined : lt(securityEvents.id, after);
    const rows: Row[] = await db
      .select(columns)
      .from(securityEvents)
      .where(and(whereOf(filters), cursor))
      .orderBy(desc(securityEvents.id))
      .limit(batch);
    for (const row of rows) yield view(row);
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}
