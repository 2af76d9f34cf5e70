import { z } from "zod";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { defineMethod, ok, POST_ONLY } from "../../method";
import { findOwnedItem } from "../../lists/access";
import { loadListFields } from "../../lists/fields";
import { prepareItemChanges, serializeItem } from "../../lists/items";
import { IdSchema } from "../../lists/params";
import { dataOf, ListItem, NotFoundBody } from "@/lib/contract/responses";

const UpdateListItemParamsSchema = z.object({ item_id: IdSchema, item: z.unknown() });

/**
 * Extension: partial update. Only the slugs sent change (null clears an
 * optional field); the others keep their values. Applied in one UPDATE with
 * jsonb operators, so two updates of different slugs never undo each other.
 */
export const updateListItem = defineMethod({
  verbs: POST_ONLY,
  params: UpdateListItemParamsSchema,
  responses: { 200: dataOf(ListItem), 404: NotFoundBody },
  extension: true,
  async handle({ db, holder, t }, { item_id, item }) {
    const { row, fields } = await db.transaction(async (tx) => {
      const { list, itemId } = await findOwnedItem(tx, holder.id, item_id, t, "share");
      const fields = await loadListFields(tx, list.id);
      const changes = await prepareItemChanges(tx, { holderId: holder.id, schemaId: list.id, itemId, fields, item, mode: "update" }, t);
      const [row] = await queryRows<{ id: string; schema_id: string; data: unknown; created_at: Date | string; updated_at: Date | string }>(
        tx,
        sql`UPDATE platform.list_items
            SET data = (data || ${JSON.stringify(changes.set)}::jsonb) - ${sql.param(changes.remove)}::text[], updated_at = now()
            WHERE id = ${itemId}::uuid
            RETURNING id::text AS id, schema_id::text AS schema_id, data, created_at, updated_at`,
      );
      return { row, fields };
    });
    const data = typeof row.data === "string" ? JSON.parse(row.data) : row.data;
    return ok({
      data: serializeItem({ id: row.id, schemaId: row.schema_id, data, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) }, fields, t),
    });
  },
});
