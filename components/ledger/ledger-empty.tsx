"use client";

import { useI18n } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** The currency control of the open-account form below the accounts (open-account-form.tsx). */
const OPEN_CURRENCY_ID = "open-currency";

/**
 * A contact with no account: for a member who may open one, a button that takes them to the open-account form's
 * currency (the form itself sits below); the others see the fact, the panel's note already says who may open one.
 */
export function LedgerEmpty({ canOpen }: { canOpen: boolean }) {
  const { t } = useI18n();
  if (!canOpen) return <EmptyState message={t("ledger.empty")} className="text-sm" testId="ledger-empty" />;
  const goToForm = () => {
    const control = document.getElementById(OPEN_CURRENCY_ID);
    control?.scrollIntoView?.({ block: "center" });
    control?.focus();
  };
  return (
    <EmptyState message={`${t("ledger.empty")} ${t("ledger.empty_hint")}`} className="text-sm" testId="ledger-empty">
      <Button variant="secondary" onClick={goToForm}>
        {t("ledger.open.title")}
      </Button>
    </EmptyState>
  );
}
