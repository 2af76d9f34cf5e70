import "server-only";
import { PlatformApiError, type ContactAccount, type JournalEntry } from "@/lib/api";
import { platformMessage } from "@/lib/auth/action-errors";
import type { Translate } from "@/lib/i18n/translate";
import type { AccountView, JournalEntryView, LedgerFailure } from "./types";

export function toAccountView(account: ContactAccount): AccountView {
  return {
    id: account.id,
    currency: account.currency,
    amount: account.amount.toString(),
    amountNote: account.amount_note,
    createdAt: account.created_at,
    updatedAt: account.updated_at,
    blockedAt: account.blocked_at,
  };
}

export function toJournalView(entry: JournalEntry): JournalEntryView {
  return {
    id: entry.id,
    kind: entry.kind,
    title: entry.title,
    amount: entry.amount.toString(),
    description: entry.description,
    balanceAfter: entry.balance_after.toString(),
    createdAt: entry.created_at,
  };
}

/**
 * Whether a failed call may have changed the balance. No answer (network error,
 * timeout), a 5xx, or a 2xx we could not read: the request may have been
 * performed, so the outcome is unknown. Any 4xx (including a 429 the budget
 * could not wait out) is the platform refusing: nothing changed.
 */
export function isUnknownOutcome(error: unknown): boolean {
  if (!(error instanceof PlatformApiError)) return true;
  if (error.status === 0) return error.code === "network_error" || error.code === "timeout";
  if (error.status >= 500) return true;
  return error.status >= 200 && error.status < 300;
}

/** Platform field names → the form's. */
const FIELD_NAMES: Record<string, string> = { amount: "amount", description: "description", currency: "currency" };

/** A refusal as the form shows it: known codes explained, 422 field errors on their inputs. */
export function toFailure(error: unknown, t: Translate): LedgerFailure {
  if (!(error instanceof PlatformApiError)) {
    return { code: "server_error", status: 0, message: t("errors.unexpected"), fieldErrors: {} };
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, texts] of Object.entries(error.fieldErrors)) {
    const name = FIELD_NAMES[field];
    if (name) fieldErrors[name] = texts;
  }
  return {
    code: error.code,
    status: error.status,
    message: platformMessage(error, t),
    fieldErrors,
    ...(error.retryAfter !== null ? { retryAfter: error.retryAfter } : {}),
  };
}
