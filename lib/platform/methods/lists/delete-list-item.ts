import { z } from "zod";
import { eq } from "drizzle-orm";
import { listItems } from "@/lib/db/schema";
import { defineMethod, noContent, POST_ONLY } from "../../method";
import { findOwnedItem } from "../../lists/access";
import { IdSchema } from "../../lists/params";
import { NotFoundBody } from "@/lib/contract/responses";

const DeleteListItemParamsSchema = z.object({ item_id: IdSchema });

/** Extension: deletes one record; 404 (`errors.item_id`) when missing, 403 when another account's. */
export const deleteListItem = defineMethod({
  verbs: POST_ONLY,
  params: DeleteListItemParamsSchema,
  responses: { 204: null, 404: NotFoundBody },
  extension: true,
  async handle({ db, holder, t }, { item_id }) {
    const { itemId } = await findOwnedItem(db, holder.id, item_id, t);
    await db.delete(listItems).where(eq(listItems.id, itemId));
    return noContent();
  },
});
