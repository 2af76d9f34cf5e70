import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { contactBrowserSettings } from "@/lib/db/schema";
import { normaliseHiddenColumns, type ContactColumn } from "./columns";

export async function getHiddenColumns(db: Db, userId: number): Promise<ContactColumn[]> {
  const [row] = await db.select({ hidden: contactBrowserSettings.hiddenColumns }).from(contactBrowserSettings).where(eq(contactBrowserSettings.userId, userId));
  return normaliseHiddenColumns(row?.hidden ?? []);
}

export async function saveHiddenColumns(db: Db, userId: number, hidden: readonly string[]): Promise<ContactColumn[]> {
  const columns = normaliseHiddenColumns(hidden);
  await db
    .insert(contactBrowserSettings)
    .values({ userId, hiddenColumns: columns })
    .onConflictDoUpdate({ target: contactBrowserSettings.userId, set: { hiddenColumns: columns, updatedAt: sql`now()` } });
  return columns;
}
