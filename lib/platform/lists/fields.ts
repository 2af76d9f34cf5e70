import { asc, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { listFields } from "@/lib/db/schema";
import { type FieldType, type FieldDefinition } from "@/lib/contract/facts";

/** Fields of the given lists, each list's in position order (the order they were sent and added). */
export async function loadFields(db: Db, schemaIds: string[]): Promise<Map<string, FieldDefinition[]>> {
  const bySchema = new Map<string, FieldDefinition[]>(schemaIds.map((id) => [id, []]));
  if (schemaIds.length === 0) return bySchema;
  const rows = await db.select().from(listFields).where(inArray(listFields.schemaId, schemaIds)).orderBy(asc(listFields.schemaId), asc(listFields.position));
  for (const row of rows) {
    bySchema.get(row.schemaId)?.push({
      slug: row.slug,
      name: row.name,
      type: row.type as FieldType,
      currency: row.currency,
      isRequired: row.isRequired,
      isHidden: row.isHidden,
      isEncryptable: row.isEncryptable,
    });
  }
  return bySchema;
}

export async function loadListFields(db: Db, schemaId: string): Promise<FieldDefinition[]> {
  return (await loadFields(db, [schemaId])).get(schemaId) ?? [];
}
