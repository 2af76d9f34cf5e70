import { z } from "zod";
import { eq } from "drizzle-orm";
import { listSchemas } from "@/lib/db/schema";
import { defineMethod, GET_POST, noContent } from "../../method";
import { findOwnedList } from "../../lists/access";
import { IdSchema } from "../../lists/params";
import { NotFoundBody } from "@/lib/contract/responses";

const DeleteListSchemaParamsSchema = z.object({ schema_id: IdSchema });

/** Deletes the list; its fields and records go with it (foreign keys ON DELETE CASCADE). */
export const deleteListSchema = defineMethod({
  verbs: GET_POST,
  params: DeleteListSchemaParamsSchema,
  responses: { 204: null, 404: NotFoundBody },
  async handle({ db, holder, t }, params) {
    const list = await findOwnedList(db, holder.id, params.schema_id, t);
    await db.delete(listSchemas).where(eq(listSchemas.id, list.id));
    return noContent();
  },
});
