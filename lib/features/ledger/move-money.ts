import "server-only";
import { addFundsToContactAccount, getContactAccounts, PlatformApiError, withdrawFundsFromContactAccount, type ContactAccount } from "@/lib/api";
import type { MovementRequest } from "./forms";
import { fingerprintOf } from "./idempotency";
import { isUnknownOutcome, toAccountView, toFailure } from "./outcome";
import { runOnce, type LedgerContext, type Performed } from "./run-once";
import type { LedgerFailure, LedgerResult } from "./types";

/** Reads the contact's account (verifying it belongs to the contact and has the currency the amount was converted with). */
export async function findContactAccount(context: LedgerContext, contactId: number, accountId: number): Promise<ContactAccount | null> {
  const accounts = await getContactAccounts(context.api, { contact_id: contactId });
  return accounts.find((account) => account.id === accountId) ?? null;
}

function refusal(code: string, message: string, extra: Partial<LedgerFailure> = {}): LedgerFailure {
  return { code, status: 0, message, fieldErrors: {}, ...extra };
}

/**
 * A top-up or a debit, once per idempotency key. Before the call, the account is
 * read to check that it is the contact's and in the currency the typed amount
 * was converted with (so the audit entry states facts, not claims). After an
 * `insufficient_funds`, the balance is read again to tell the largest possible debit.
 */
export async function moveMoney(context: LedgerContext, request: MovementRequest): Promise<LedgerResult> {
  const { t } = context;
  const operation = request.kind;
  const intent = {
    key: request.idempotencyKey,
    userId: context.actor.id,
    operation,
    fingerprint: fingerprintOf({
      operation,
      contactId: request.contactId,
      accountId: request.accountId,
      currency: request.currency,
      amount: request.amountMinor,
      description: request.description,
    }),
  };
  const facts = {
    contactId: request.contactId,
    accountId: request.accountId,
    currency: request.currency,
    kind: operation,
    amount: request.amountMinor,
    description: request.description,
  };

  return runOnce(context, intent, facts, async (requestId): Promise<Performed> => {
    const failed = (error: LedgerFailure): Performed => ({ outcome: { status: "failed", operation, error, requestId } });
    let account: ContactAccount | null;
    try {
      account = await findContactAccount(context, request.contactId, request.accountId);
    } catch (error) {
      // Nothing was sent that could change the balance: a plain failure.
      return failed(toFailure(error, t));
    }
    if (!account) return failed(refusal("account_not_found", t("ledger.error.account_not_found"), { status: 404 }));
    if (account.currency !== request.currency) {
      return failed(refusal("currency_mismatch", t("ledger.error.currency_mismatch", { currency: account.currency }), { status: 409 }));
    }

    const api = context.api.with({ requestId });
    const movement = { account_id: request.accountId, amount: request.amountMinor, description: request.description };
    try {
      const changed = operation === "top_up" ? await addFundsToContactAccount(api, movement) : await withdrawFundsFromContactAccount(api, movement);
      const view = toAccountView(changed);
      return { outcome: { status: "succeeded", operation, account: view, balanceAfter: view.amount, requestId }, balanceAfter: changed.amount };
    } catch (error) {
      if (isUnknownOutcome(error)) {
        const reason = error instanceof PlatformApiError ? error.code : "internal_error";
        return { outcome: { status: "unknown", operation, reason, requestId } };
      }
      const failure = toFailure(error, t);
      if (failure.code === "insufficient_funds") {
        const now = await findContactAccount(context, request.contactId, request.accountId).catch(() => null);
        failure.balance = (now ?? account).amount.toString();
        failure.currency = account.currency;
      }
      if (failure.code === "account_blocked") failure.currency = account.currency;
      return failed(failure);
    }
  });
}
