import { z } from "zod";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { codedValidationError } from "../../errors";
import { defineMethod, noContent, POST_ONLY } from "../../method";
import { findReachableAccount, missing } from "../../accounts/access";
import { formatAmountNote } from "../../accounts/currency";
import { accountIdParam } from "../../accounts/params";
import { NotFoundBody } from "@/lib/contract/responses";

const DeleteContactAccountParamsSchema = z.object({ account_id: accountIdParam() });

/** Deletes an account whose balance is zero; the condition is part of the DELETE, so a racing top-up cannot be lost. */
export const deleteContactAccount = defineMethod({
  verbs: POST_ONLY,
  params: DeleteContactAccountParamsSchema,
  responses: { 204: null, 404: NotFoundBody },
  async handle({ db, holder, t }, params) {
    await findReachableAccount(db, holder.id, params.account_id, t);
    for (;;) {
      const deleted = await queryRows<{ id: string }>(
        db,
        sql`DELETE FROM platform.contact_accounts WHERE id = ${params.account_id}::bigint AND amount = 0 RETURNING id::text AS id`,
      );
      if (deleted.length > 0) return noContent();
      const [left] = await queryRows<{ amount: string; currency: string }>(
        db,
        sql`SELECT amount::text AS amount, currency FROM platform.contact_accounts WHERE id = ${params.account_id}::bigint`,
      );
      // Deleted by a concurrent request in the meantime.
      if (!left) throw missing("account", t);
      // A concurrent debit emptied it in the meantime: try again.
      if (left.amount === "0") continue;
      const balance = BigInt(left.amount);
      throw codedValidationError(
        "account_id",
        "account_not_empty",
        t("accounts.account_not_empty", { balance: formatAmountNote(balance, left.currency.trim()), minor: left.amount }),
      );
    }
  },
});
