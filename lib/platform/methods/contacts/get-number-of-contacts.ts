import { defineMethod, GET_POST, ok } from "../../method";
import { countContacts } from "../../contacts/count";
import { ContactFilterParamsSchema, resolveContactFilter } from "../../contacts/scope";

const GetNumberOfContactsParamsSchema = ContactFilterParamsSchema;

/** getNumberOfContacts: `{count}` at the top level, the same contacts getContacts lists. */
export const getNumberOfContacts = defineMethod({
  verbs: GET_POST,
  params: GetNumberOfContactsParamsSchema,
  async handle({ db, holder }, params) {
    const filter = await resolveContactFilter(db, holder.id, params);
    return ok({ count: await countContacts(db, filter) });
  },
});
