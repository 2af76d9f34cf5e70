import { defineMethod, ok, POST_ONLY } from "../../method";
import { moveFunds } from "../../accounts/ledger";
import { MovementParamsSchema } from "../../accounts/params";
import { ContactAccount, dataOf, NotFoundBody } from "@/lib/contract/responses";

const WithdrawFundsFromContactAccountParamsSchema = MovementParamsSchema;

/**
 * Lowers the balance and writes 'Debit via API' to the journal, never below zero:
 * 422 account_blocked (checked first) or insufficient_funds, and nothing changes.
 */
export const withdrawFundsFromContactAccount = defineMethod({
  verbs: POST_ONLY,
  params: WithdrawFundsFromContactAccountParamsSchema,
  responses: { 200: dataOf(ContactAccount), 404: NotFoundBody },
  async handle({ db, holder, t }, params) {
    const account = await moveFunds(
      db,
      "debit",
      { holderId: holder.id, accountId: params.account_id, amount: params.amount, description: params.description },
      t,
    );
    return ok({ data: account });
  },
});
