import { z } from "zod";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { codedValidationError } from "../../errors";
import { created, defineMethod, POST_ONLY } from "../../method";
import { findReachableContact, sqlStateOf } from "../../accounts/access";
import { contactIdParam, currencyParam } from "../../accounts/params";
import { ACCOUNT_COLUMNS, serializeAccount, type AccountRow } from "../../accounts/serialize";
import { ContactAccount, dataOf, NotFoundBody } from "@/lib/contract/responses";

const AddContactAccountParamsSchema = z.object({
  contact_id: contactIdParam(),
  currency: currencyParam(),
});

/**
 * Opens an account with balance 0. One account per currency per contact is the
 * unique index's job: of two concurrent opens, the second finds the conflict and
 * answers currency_exists. Also served as the alias createContactAccount.
 */
export const addContactAccount = defineMethod({
  verbs: POST_ONLY,
  params: AddContactAccountParamsSchema,
  responses: { 201: dataOf(ContactAccount), 404: NotFoundBody },
  async handle({ db, holder, t }, params) {
    await findReachableContact(db, holder.id, params.contact_id, t);
    const exists = () => codedValidationError("currency", "currency_exists", t("accounts.currency_exists", { currency: params.currency }));
    let rows: AccountRow[];
    try {
      rows = await queryRows<AccountRow & Record<string, unknown>>(
        db,
        sql`INSERT INTO platform.contact_accounts (id, contact_id, currency)
            VALUES (nextval('platform.contact_account_id_seq'), ${params.contact_id}::bigint, ${params.currency})
            ON CONFLICT (contact_id, currency) DO NOTHING
            RETURNING ${sql.raw(ACCOUNT_COLUMNS)}`,
      );
    } catch (error) {
      if (sqlStateOf(error) === "23505") throw exists();
      // The contact was deleted between the check and the insert.
      if (sqlStateOf(error) === "23503") await findReachableContact(db, holder.id, params.contact_id, t);
      throw error;
    }
    if (rows.length === 0) throw exists();
    return created({ data: serializeAccount(rows[0]) });
  },
});
