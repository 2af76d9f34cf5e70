import { z } from "zod";
import { defineMethod, GET_POST, ok } from "../../method";
import { findOwnedList } from "../../lists/access";
import { loadListFields } from "../../lists/fields";
import { IdSchema } from "../../lists/params";
import { serializeListSchema } from "../../lists/serialize";
import { dataOf, ListSchema, NotFoundBody } from "@/lib/contract/responses";

const GetListSchemaParamsSchema = z.object({ schema_id: IdSchema });

/** One list of the holder: 404 (`errors.schema_id`) when missing, 403 when another account's. */
export const getListSchema = defineMethod({
  verbs: GET_POST,
  params: GetListSchemaParamsSchema,
  responses: { 200: dataOf(ListSchema), 404: NotFoundBody },
  async handle({ db, holder, t }, params) {
    const list = await findOwnedList(db, holder.id, params.schema_id, t);
    return ok({ data: serializeListSchema(list, await loadListFields(db, list.id)) });
  },
});
