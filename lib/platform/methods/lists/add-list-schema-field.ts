import { z } from "zod";
import { and, eq, sql } from "drizzle-orm";
import { listFields, listSchemas } from "@/lib/db/schema";
import { validationError } from "../../errors";
import { defineMethod, GET_POST, noContent } from "../../method";
import { attributeName } from "../../validation";
import { findOwnedList } from "../../lists/access";
import { encryptionKey } from "../../lists/encryption";
import { AddedFieldSchema } from "../../lists/field-definition";
import { IdSchema } from "../../lists/params";
import { NotFoundBody } from "@/lib/contract/responses";

const AddListSchemaFieldParamsSchema = z.object({ schema_id: IdSchema, field: AddedFieldSchema });

/**
 * Appends a field at the end of the list. Existing records are unchanged (a new
 * required field is required from the next addListItem on). The list row is
 * locked, so two adds never share a position and a record write never sees half a change.
 */
export const addListSchemaField = defineMethod({
  verbs: GET_POST,
  params: AddListSchemaFieldParamsSchema,
  responses: { 204: null, 404: NotFoundBody },
  async handle({ db, holder, t }, { schema_id, field }) {
    if (field.isEncryptable && !encryptionKey()) throw validationError({ "field.is_encryptable": [t("lists.encryption_unavailable")] }, t);
    await db.transaction(async (tx) => {
      const list = await findOwnedList(tx, holder.id, schema_id, t, "no key update");
      const [taken] = await tx
        .select({ slug: listFields.slug })
        .from(listFields)
        .where(and(eq(listFields.schemaId, list.id), eq(listFields.slug, field.slug)));
      if (taken) throw validationError({ "field.slug": [t("lists.slug_taken", { attribute: attributeName(["field", "slug"]) })] }, t);
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${listFields.position}), -1)::int + 1` })
        .from(listFields)
        .where(eq(listFields.schemaId, list.id));
      await tx.insert(listFields).values({
        schemaId: list.id,
        slug: field.slug,
        position: Number(next),
        name: field.name,
        type: field.type,
        currency: field.currency,
        isRequired: field.isRequired,
        isHidden: field.isHidden,
        isEncryptable: field.isEncryptable,
      });
      await tx
        .update(listSchemas)
        .set({ updatedAt: sql`now()` })
        .where(eq(listSchemas.id, list.id));
    });
    return noContent();
  },
});
