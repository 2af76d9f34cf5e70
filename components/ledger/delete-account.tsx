"use client";

import { useState } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { formatMoney } from "@/lib/core/money/money";
import type { AccountView } from "@/lib/features/ledger/types";
import { deleteAccountAction } from "@/lib/features/ledger/actions";
import { placeFailure } from "./describe";
import { settle } from "./settle";
import { newIdempotencyKey } from "./idempotency-key";
import { UnknownOutcome } from "./unknown-outcome";
import { useLedgerSubmission } from "./use-ledger-submission";

/**
 * Deletes an account whose balance is 0; otherwise the button is disabled and
 * says why. The platform still decides: `account_not_empty` is shown as such.
 */
export function DeleteAccount({
  contactId,
  account,
  allowed,
  onDone,
  onChanged,
  onPageError,
}: {
  contactId: number;
  account: AccountView;
  allowed: boolean;
  onDone: (message: string) => void;
  onChanged: () => void;
  onPageError: (message: string) => void;
}) {
  const { t, locale, timeZone } = useI18n();
  const [key, setKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<{ key: string; reason: string } | null>(null);
  const { submit, pending } = useLedgerSubmission(deleteAccountAction);
  const empty = account.amount === "0";
  const reasonId = `delete-reason-${account.id}`;

  const confirm = async () => {
    if (!key) return;
    settle(await submit({ contactId, accountId: account.id, idempotencyKey: key }), {
      connectionLost: () => setNotice(t("ledger.connection_lost_resend")),
      answered: () => setKey(null),
      succeeded: () => onDone(t("ledger.delete.done", { currency: account.currency })),
      unknown: (reason) => setUnknown({ key, reason }),
      place: (error) => placeFailure(error, account, t, locale, timeZone),
      pageError: onPageError,
      notice: setNotice,
    });
  };

  return (
    <div className="space-y-2">
      <Button
        variant="danger"
        disabled={!allowed || !empty || pending}
        aria-describedby={!empty ? reasonId : undefined}
        onClick={() => {
          setNotice(null);
          setKey(newIdempotencyKey());
        }}
      >
        {t("ledger.delete.button", { currency: account.currency })}
      </Button>
      {!empty ? (
        <p id={reasonId} className="text-xs text-muted">
          {t("ledger.delete.not_empty", { balance: formatMoney(account.amount, account.currency, locale) })}
        </p>
      ) : null}
      {notice ? (
        <Alert tone="danger" live>
          {notice}
        </Alert>
      ) : null}
      {unknown ? <UnknownOutcome idempotencyKey={unknown.key} reason={unknown.reason} onSettled={onChanged} /> : null}
      <LazyConfirmDialog
        open={key !== null}
        title={t("ledger.delete.confirm_title", { currency: account.currency })}
        confirmLabel={t("ledger.delete.confirm")}
        cancelLabel={t("common.cancel")}
        pending={pending}
        onCancel={() => setKey(null)}
        onConfirm={confirm}
      >
        {t("ledger.delete.confirm_body")}
      </LazyConfirmDialog>
    </div>
  );
}
