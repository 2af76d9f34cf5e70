import { z } from "zod";
import { defineMethod, GET_POST, ok } from "../../method";
import { integer } from "../../validation";
import { findVisibleContact } from "../../contacts/find";

const GetContactParamsSchema = z.object({ contact_id: integer() });

/** Extension (docs/api-contacts.md): one contact, `{data: <contact>}` as getContacts shows it. */
export const getContact = defineMethod({
  verbs: GET_POST,
  params: GetContactParamsSchema,
  async handle({ db, holder, t }, params) {
    return ok({ data: await findVisibleContact(db, holder.id, params.contact_id, t) });
  },
});
