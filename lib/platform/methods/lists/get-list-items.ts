import { z } from "zod";
import { asc, count, eq } from "drizzle-orm";
import { listItems } from "@/lib/db/schema";
import { defineMethod, GET_POST, ok } from "../../method";
import { paginate } from "../../paginator";
import { findOwnedList } from "../../lists/access";
import { ITEMS_PER_PAGE } from "../../lists/constants";
import { loadListFields } from "../../lists/fields";
import { serializeItem } from "../../lists/items";
import { IdSchema, PageSchema } from "../../lists/params";
import { ListItemPage, NotFoundBody } from "@/lib/contract/responses";

const GetListItemsParamsSchema = z.object({ schema_id: IdSchema, page: PageSchema });

/** Extension: the records of a list, oldest first, 50 per page, in the paginator's shape. */
export const getListItems = defineMethod({
  verbs: GET_POST,
  params: GetListItemsParamsSchema,
  responses: { 200: ListItemPage, 404: NotFoundBody },
  extension: true,
  async handle({ db, holder, t, path }, { schema_id, page }) {
    const list = await findOwnedList(db, holder.id, schema_id, t);
    const [fields, [{ total }], rows] = await Promise.all([
      loadListFields(db, list.id),
      db.select({ total: count() }).from(listItems).where(eq(listItems.schemaId, list.id)),
      db
        .select()
        .from(listItems)
        .where(eq(listItems.schemaId, list.id))
        .orderBy(asc(listItems.createdAt), asc(listItems.id))
        .limit(ITEMS_PER_PAGE)
        .offset((page - 1) * ITEMS_PER_PAGE),
    ]);
    const data = rows.map((row) => serializeItem({ ...row, data: row.data as Record<string, unknown> }, fields, t));
    return ok(paginate(data, { total, perPage: ITEMS_PER_PAGE, page, path }));
  },
});
