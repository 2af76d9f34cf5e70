import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { securityEvents, securitySettings } from "@/lib/db/schema";
import { recordSecurityEvent } from "./security-events";
import type { RequestOrigin } from "./request-origin";

/** How long the security log keeps an entry unless the owners set otherwise; the shortest and longest they may set. */
export const DEFAULT_RETENTION_DAYS = 400;
export const RETENTION_DAYS_BOUNDS = { min: 30, max: 3650 } as const;

const COLUMNS = ["id", "created_at", "kind", "actor_user_id", "actor_email", "subject_user_id", "subject_email", "address", "user_agent", "detail"];
const BATCH = 1000;

export async function readRetentionDays(db: Db): Promise<number> {
  const [row] = await db.select({ days: securitySettings.securityLogRetentionDays }).from(securitySettings).where(eq(securitySettings.id, 1));
  return row?.days ?? DEFAULT_RETENTION_DAYS;
}

export interface PruneResult {
  retentionDays: number;
  /** Entries older than this were exported, then deleted. */
  before: string;
  exported: number;
  deleted: number;
  file: string;
}

/**
 * Exports every entry older than the retention to `file` (CSV, oldest first, 0600, written beside it and linked into
 * place: a reader never sees half a file, and a file already there is never replaced), then deletes exactly those
 * entries, and records `security_log_pruned` (who, how many, up to when, the retention). `retentionDays`, when given,
 * becomes the team's retention, saved with the deletion (and recorded in the same event). The database refuses to delete an entry younger than the stored retention (migration 0019's trigger),
 * whoever connects: the insert-only rule stays for everything younger. Nothing is deleted unless the file was written.
 */
export async function pruneSecurityLog(
  db: Db,
  input: { file: string; retentionDays?: number; origin: RequestOrigin; actor?: { id: number; email: string } | null },
): Promise<PruneResult> {
  const previousDays = await readRetentionDays(db);
  const retentionDays = input.retentionDays ?? previousDays;
  const [{ before }] = await db.select({ before: sql<string>`(now() - make_interval(days => ${retentionDays}::int))::text` }).from(sql`(SELECT 1) AS one`);
  const older = lt(securityEvents.createdAt, sql`${before}::timestamptz`);

  const target = path.resolve(input.file);
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(12).toString("hex")}.partial`);
  const handle = await fs.promises.open(partial, "wx", 0o600);
  let exported = 0;
  let lastId = 0;
  try {
    try {
      await handle.writeFile(stringify([], { header: true, columns: COLUMNS }));
      for (;;) {
        const rows = await db
          .select()
          .from(securityEvents)
          .where(and(older, gt(securityEvents.id, lastId)))
          .orderBy(asc(securityEvents.id))
          .limit(BATCH);
        if (rows.length === 0) break;
        const records = rows.map((row) => [
          row.id,
          row.createdAt.toISOString(),
          row.kind,
          row.actorUserId ?? "",
          row.actorEmail ?? "",
          row.subjectUserId ?? "",
          row.subjectEmail ?? "",
          row.address,
          row.userAgent,
          row.detail === null ? "" : JSON.stringify(row.detail),
        ]);
        await handle.writeFile(stringify(records, { escape_formulas: true }));
        exported += rows.length;
        lastId = rows[rows.length - 1].id;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    // A hard link, not a rename: it fails (EEXIST) where a file is already there, and nobody's file is replaced.
    fs.linkSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  // The retention is saved with the deletion, in one transaction: the database's trigger checks each entry against the
  // stored retention. Only what was written goes: an entry that turned old meanwhile waits for the next prune.
  const deleted = await db.transaction(async (tx) => {
    if (retentionDays !== previousDays) {
      await tx
        .insert(securitySettings)
        .values({ id: 1, securityLogRetentionDays: retentionDays })
        .onConflictDoUpdate({ target: securitySettings.id, set: { securityLogRetentionDays: retentionDays, updatedAt: sql`now()` } });
    }
    if (exported === 0) return 0;
    return (
      await tx
        .delete(securityEvents)
        .where(and(older, lte(securityEvents.id, lastId)))
        .returning({ id: securityEvents.id })
    ).length;
  });
  await recordSecurityEvent(db, {
    kind: "security_log_pruned",
    actor: input.actor ?? null,
    origin: input.origin,
    detail: { retention_days: retentionDays, previous_retention_days: previousDays, before, exported, deleted },
  });
  return { retentionDays, before, exported, deleted, file: target };
}
