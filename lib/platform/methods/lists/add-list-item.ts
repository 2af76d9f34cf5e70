import { randomUUID } from "node:crypto";
import { z } from "zod";
import { listItems } from "@/lib/db/schema";
import { created, defineMethod, POST_ONLY } from "../../method";
import { findOwnedList } from "../../lists/access";
import { loadListFields } from "../../lists/fields";
import { prepareItemChanges, serializeItem } from "../../lists/items";
import { IdSchema } from "../../lists/params";
import { dataOf, ListItem, NotFoundBody } from "@/lib/contract/responses";

/** `item` is checked against the list's fields by the handler (its rules depend on the list). */
const AddListItemParamsSchema = z.object({ schema_id: IdSchema, item: z.unknown() });

/**
 * Extension: adds a record. The list row is share-locked while the record is
 * checked and written, so a concurrent field change waits (and vice versa).
 */
export const addListItem = defineMethod({
  verbs: POST_ONLY,
  params: AddListItemParamsSchema,
  responses: { 201: dataOf(ListItem), 404: NotFoundBody },
  extension: true,
  async handle({ db, holder, t }, { schema_id, item }) {
    const { row, fields } = await db.transaction(async (tx) => {
      const list = await findOwnedList(tx, holder.id, schema_id, t, "share");
      const fields = await loadListFields(tx, list.id);
      const id = randomUUID();
      const changes = await prepareItemChanges(tx, { holderId: holder.id, schemaId: list.id, itemId: id, fields, item, mode: "add" }, t);
      const [row] = await tx.insert(listItems).values({ id, schemaId: list.id, data: changes.set }).returning();
      return { row, fields };
    });
    return created({ data: serializeItem({ ...row, data: row.data as Record<string, unknown> }, fields, t) });
  },
});
