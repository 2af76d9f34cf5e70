import { z } from "zod";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { defineMethod, GET_POST, ok } from "../../method";
import { findReachableContact } from "../../accounts/access";
import { contactIdParam } from "../../accounts/params";
import { ACCOUNT_COLUMNS, serializeAccount, type AccountRow } from "../../accounts/serialize";
import { ContactAccount, dataOf, NotFoundBody } from "@/lib/contract/responses";

const GetContactAccountsParamsSchema = z.object({ contact_id: contactIdParam() });

/** The contact's accounts in the order they were opened. */
export const getContactAccounts = defineMethod({
  verbs: GET_POST,
  params: GetContactAccountsParamsSchema,
  responses: { 200: dataOf(z.array(ContactAccount)), 404: NotFoundBody },
  async handle({ db, holder, t }, params) {
    await findReachableContact(db, holder.id, params.contact_id, t);
    const rows = await queryRows<AccountRow & Record<string, unknown>>(
      db,
      sql`SELECT ${sql.raw(ACCOUNT_COLUMNS)} FROM platform.contact_accounts
          WHERE contact_id = ${params.contact_id}::bigint ORDER BY created_at, id`,
    );
    return ok({ data: rows.map(serializeAccount) });
  },
});
