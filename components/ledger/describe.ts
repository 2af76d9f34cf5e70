import { formatTimestamp } from "@/lib/dashboard/format";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { formatMoney } from "@/lib/core/money/money";
import type { AccountView, LedgerFailure } from "@/lib/features/ledger/types";

/** Where a refusal of the platform belongs in the UI. */
export type Placement =
  | { on: "fields"; fieldErrors: Record<string, string[]> }
  | { on: "form"; text: string }
  /** 403 / 404: the contact or account is not (or no longer) reachable; the whole panel says so. */
  | { on: "page"; text: string };

/** Texts of the platform's known refusals, with the figures the person needs to act on them. */
export function placeFailure(error: LedgerFailure, account: AccountView | null, t: Translate, locale: Locale, timeZone: string): Placement {
  const currency = error.currency ?? account?.currency ?? "";
  switch (error.code) {
    case "insufficient_funds": {
      const balance = error.balance ?? account?.amount ?? "0";
      const text = t("ledger.error.insufficient_funds", { balance: formatMoney(balance, currency, locale), max: formatMoney(balance, currency, locale) });
      return { on: "fields", fieldErrors: { amount: [text] } };
    }
    case "account_blocked":
      return { on: "form", text: t("ledger.error.account_blocked", { date: formatTimestamp(account?.blockedAt, locale, timeZone) }) };
    case "currency_exists":
      return { on: "fields", fieldErrors: { currency: [t("ledger.error.currency_exists", { currency })] } };
    case "account_not_empty":
      return { on: "form", text: t("ledger.error.account_not_empty", { balance: formatMoney(error.balance ?? account?.amount ?? "0", currency, locale) }) };
    case "rate_limited":
      return { on: "form", text: t("ledger.error.rate_limited", { seconds: error.retryAfter ?? 60 }) };
  }
  if (error.status === 403 || error.status === 404) return { on: "page", text: error.status === 403 ? t("ledger.page.forbidden") : t("ledger.page.not_found") };
  if (Object.keys(error.fieldErrors).length > 0) return { on: "fields", fieldErrors: error.fieldErrors };
  return { on: "form", text: error.message };
}

export const KIND_KEYS = {
  open: "ledger.kind.open",
  top_up: "ledger.kind.top_up",
  debit: "ledger.kind.debit",
  delete: "ledger.kind.delete",
} as const;

/** A contact as people know it: its name, or "Contact 123" when the dashboard never saw it (never a blank). */
export function contactLabel(entry: { contactId: number; contactName: string | null }, t: Translate): string {
  return entry.contactName?.trim() || t("audit.contact_fallback", { id: entry.contactId });
}
