import "server-only";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { savedViews, users } from "@/lib/db/schema";
import { DashboardError } from "@/lib/core/actions/errors";
import { MAX_SAVED_VIEWS, type RenameViewInput, type SaveViewInput, type SavedView } from "./forms";

const viewColumns = { id: savedViews.id, name: savedViews.name, query: savedViews.query };

/** One member's views, by name (ignoring case). Every query here carries the member's id: no one reads another's views. */
export async function listSavedViews(db: Db, userId: number): Promise<SavedView[]> {
  return db
    .select(viewColumns)
    .from(savedViews)
    .where(eq(savedViews.userId, userId))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
}

/**
 * Runs fn with the member's row locked, so that the member's own writes to their views happen one at
 * a time: the limit and the duplicate check then see every view the member has (two saves at once
 * cannot both pass at 49). Other members are not held up. A removed member has no row: not found.
 */
async function withMemberLocked<T>(db: Db, userId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    if (!member) throw new DashboardError("views.not_found");
    return fn(tx);
  });
}

async function nameTaken(tx: Tx, userId: number, name: string, exceptId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), sql`lower(${savedViews.name}) = lower(${name})`, exceptId === null ? undefined : ne(savedViews.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Saves a view: refused on the name when the member already has one of that name (any case) or has MAX_SAVED_VIEWS. */
export async function createSavedView(db: Db, userId: number, input: SaveViewInput): Promise<SavedView> {
  return withMemberLocked(db, userId, async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(savedViews).where(eq(savedViews.userId, userId));
    if (n >= MAX_SAVED_VIEWS) throw new DashboardError("views.limit", "name", { max: MAX_SAVED_VIEWS });
    if (await nameTaken(tx, userId, input.name, null)) throw new DashboardError("views.duplicate", "name");
    const [view] = await tx.insert(savedViews).values({ userId, name: input.name, query: input.query }).returning(viewColumns);
    return view;
  });
}

/** Renames one of the member's views; another member's id is not found. */
export async function renameSavedView(db: Db, userId: number, input: RenameViewInput): Promise<SavedView> {
  return withMemberLocked(db, userId, async (tx) => {
    if (await nameTaken(tx, userId, input.name, input.id)) throw new DashboardError("views.duplicate", "name");
    const [view] = await tx
      .update(savedViews)
      .set({ name: input.name, updatedAt: sql`now()` })
      .where(and(eq(savedViews.id, input.id), eq(savedViews.userId, userId)))
      .returning(viewColumns);
    if (!view) throw new DashboardError("views.not_found");
    return view;
  });
}

/** Deletes one of the member's views; another member's id is not found (and nothing is deleted). */
export async function deleteSavedView(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  if (deleted.length === 0) throw new DashboardError("views.not_found");
}
