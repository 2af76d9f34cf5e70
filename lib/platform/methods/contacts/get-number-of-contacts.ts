import { defineMethod, GET_POST, ok } from "../../method";
import { countContacts } from "../../contacts/count";
import { ContactFilterParamsSchema, resolveContactFilter } from "../../contacts/scope";
import { ContactCount } from "@/lib/contract/responses";

const GetNumberOfContactsParamsSchema = ContactFilterParamsSchema;

/** getNumberOfContacts: `{count}` at the top level, the same contacts getContacts lists. */
export const getNumberOfContacts = defineMethod({
  verbs: GET_POST,
  params: GetNumberOfContactsParamsSchema,
  responses: { 200: ContactCount },
  async handle({ db, holder }, params) {
    const filter = await resolveContactFilter(db, holder.id, params);
    return ok({ count: await countContacts(db, filter) });
  },
});
