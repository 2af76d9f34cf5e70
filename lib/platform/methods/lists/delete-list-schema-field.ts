import { z } from "zod";
import { and, eq, sql } from "drizzle-orm";
import { listFields, listSchemas } from "@/lib/db/schema";
import { validationError } from "../../errors";
import { defineMethod, GET_POST, noContent } from "../../method";
import { text } from "../../validation";
import { findOwnedList } from "../../lists/access";
import { IdSchema } from "../../lists/params";
import { NotFoundBody } from "@/lib/contract/responses";

const DeleteListSchemaFieldParamsSchema = z.object({ schema_id: IdSchema, slug: text() });

/**
 * Removes a field and erases its values in every record of the list, in one
 * UPDATE, in the same transaction as the field row: nothing to restore.
 */
export const deleteListSchemaField = defineMethod({
  verbs: GET_POST,
  params: DeleteListSchemaFieldParamsSchema,
  responses: { 204: null, 404: NotFoundBody },
  async handle({ db, holder, t }, { schema_id, slug }) {
    await db.transaction(async (tx) => {
      const list = await findOwnedList(tx, holder.id, schema_id, t, "no key update");
      const deleted = await tx
        .delete(listFields)
        .where(and(eq(listFields.schemaId, list.id), eq(listFields.slug, slug)))
        .returning({ slug: listFields.slug });
      if (deleted.length === 0) throw validationError({ slug: [t("lists.field_not_found")] }, t);
      // Only records that hold the key are rewritten.
      await tx.execute(
        sql`UPDATE platform.list_items SET data = data - ${slug}::text
            WHERE schema_id = ${list.id}::uuid AND data ? ${slug}::text`,
      );
      await tx
        .update(listSchemas)
        .set({ updatedAt: sql`now()` })
        .where(eq(listSchemas.id, list.id));
    });
    return noContent();
  },
});
