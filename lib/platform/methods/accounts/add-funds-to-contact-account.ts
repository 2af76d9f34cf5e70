import { defineMethod, ok, POST_ONLY } from "../../method";
import { moveFunds } from "../../accounts/ledger";
import { MovementParamsSchema } from "../../accounts/params";
import { ContactAccount, dataOf, NotFoundBody } from "@/lib/contract/responses";

const AddFundsToContactAccountParamsSchema = MovementParamsSchema;

/** Raises the balance (a blocked account can be topped up) and writes 'Deposit via API' to the journal. */
export const addFundsToContactAccount = defineMethod({
  verbs: POST_ONLY,
  params: AddFundsToContactAccountParamsSchema,
  responses: { 200: dataOf(ContactAccount), 404: NotFoundBody },
  async handle({ db, holder, t }, params) {
    const account = await moveFunds(
      db,
      "deposit",
      { holderId: holder.id, accountId: params.account_id, amount: params.amount, description: params.description },
      t,
    );
    return ok({ data: account });
  },
});
