import { z } from "zod";
import { defineMethod, GET_POST, ok } from "../../method";
import { integer } from "../../validation";
import { findVisibleContact } from "../../contacts/find";
import { Contact, dataOf, NotFoundBody } from "@/lib/contract/responses";

const GetContactParamsSchema = z.object({ contact_id: integer() });

/** Extension (docs/api-contacts.md): one contact, `{data: <contact>}` as getContacts shows it. */
export const getContact = defineMethod({
  verbs: GET_POST,
  params: GetContactParamsSchema,
  responses: { 200: dataOf(Contact), 404: NotFoundBody },
  extension: true,
  async handle({ db, holder, t }, params) {
    return ok({ data: await findVisibleContact(db, holder.id, params.contact_id, t) });
  },
});
