import "server-only";
import { addContactAccount, PlatformApiError } from "@/lib/api";
import type { OpenAccountRequest } from "./forms";
import { fingerprintOf } from "./idempotency";
import { isUnknownOutcome, toAccountView, toFailure } from "./outcome";
import { runOnce, type LedgerContext, type Performed } from "./run-once";
import type { LedgerResult } from "./types";

/** Opens an account in a currency, once per idempotency key; `currency_exists` comes back on the currency field. */
export async function openAccount(context: LedgerContext, request: OpenAccountRequest): Promise<LedgerResult> {
  const intent = {
    key: request.idempotencyKey,
    userId: context.actor.id,
    operation: "open" as const,
    fingerprint: fingerprintOf({ operation: "open", contactId: request.contactId, currency: request.currency }),
  };
  const facts = { contactId: request.contactId, accountId: null, currency: request.currency, kind: "open" as const, amount: null, description: null };
  return runOnce(context, intent, facts, async (requestId): Promise<Performed> => {
    try {
      const account = await addContactAccount(context.api.with({ requestId }), { contact_id: request.contactId, currency: request.currency });
      const view = toAccountView(account);
      return {
        outcome: { status: "succeeded", operation: "open", account: view, balanceAfter: view.amount, requestId },
        facts: { accountId: account.id },
        balanceAfter: account.amount,
      };
    } catch (error) {
      if (isUnknownOutcome(error)) {
        return { outcome: { status: "unknown", operation: "open", reason: error instanceof PlatformApiError ? error.code : "internal_error", requestId } };
      }
      return { outcome: { status: "failed", operation: "open", error: toFailure(error, context.t), requestId } };
    }
  });
}
