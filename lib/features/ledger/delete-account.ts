import "server-only";
import { deleteContactAccount, PlatformApiError } from "@/lib/api";
import type { DeleteAccountRequest } from "./forms";
import { fingerprintOf } from "./idempotency";
import { findContactAccount } from "./move-money";
import { isUnknownOutcome, toFailure } from "./outcome";
import { runOnce, type LedgerContext, type Performed } from "./run-once";
import type { LedgerResult } from "./types";

/**
 * Deletes an account, once per idempotency key. The account is read first (it
 * must be the contact's; its currency goes to the audit entry); the platform
 * still decides about the balance, and `account_not_empty` comes back as such.
 */
export async function deleteAccount(context: LedgerContext, request: DeleteAccountRequest): Promise<LedgerResult> {
  const { t } = context;
  const intent = {
    key: request.idempotencyKey,
    userId: context.actor.id,
    operation: "delete" as const,
    fingerprint: fingerprintOf({ operation: "delete", contactId: request.contactId, accountId: request.accountId }),
  };
  const facts = { contactId: request.contactId, accountId: request.accountId, currency: null, kind: "delete" as const, amount: null, description: null };
  return runOnce(context, intent, facts, async (requestId): Promise<Performed> => {
    const failed = (error: ReturnType<typeof toFailure>): Performed => ({ outcome: { status: "failed", operation: "delete", error, requestId } });
    let account;
    try {
      account = await findContactAccount(context, request.contactId, request.accountId);
    } catch (error) {
      return failed(toFailure(error, t));
    }
    if (!account) return failed({ code: "account_not_found", status: 404, message: t("ledger.error.account_not_found"), fieldErrors: {} });
    const known = { facts: { currency: account.currency } };
    try {
      await deleteContactAccount(context.api.with({ requestId }), { account_id: request.accountId });
      return { ...known, outcome: { status: "succeeded", operation: "delete", account: null, balanceAfter: "0", requestId }, balanceAfter: BigInt(0) };
    } catch (error) {
      if (isUnknownOutcome(error)) {
        return {
          ...known,
          outcome: { status: "unknown", operation: "delete", reason: error instanceof PlatformApiError ? error.code : "internal_error", requestId },
        };
      }
      const failure = toFailure(error, t);
      if (failure.code === "account_not_empty") {
        failure.balance = account.amount.toString();
        failure.currency = account.currency;
      }
      return { ...known, ...failed(failure) };
    }
  });
}
