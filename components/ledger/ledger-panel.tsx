"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { island } from "@/components/ui/island";
import { useI18n } from "@/components/shell/i18n-provider";
import { useCan, useViewer } from "@/components/shell/providers";
import { LedgerEmpty } from "./ledger-empty";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import { useExpiring } from "@/components/ui/use-expiring";
import { permissionExplanation } from "@/lib/auth/authorize";
import { formatTimestamp } from "@/lib/dashboard/format";
import type { ActionError } from "@/lib/core/actions/result";
import type { MovementKind } from "@/lib/features/ledger/forms";
import { formatMoney } from "@/lib/core/money/money";
import type { AccountView } from "@/lib/features/ledger/types";
import { DeleteAccount } from "./delete-account";
import { useContactAccounts, useLedgerUpdates } from "@/lib/features/ledger/use-contact-accounts";

// The forms (react-hook-form, the amount and currency inputs) and an account's history are not part of the page's
// first load: a movement form and the history open on click (their code loads when the pointer or focus reaches the
// button), and the opening form, rendered on the server, becomes interactive when its chunk arrives.
const { Component: MovementForm, preloadProps: movementFormPreload } = lazyComponent(() => import("./movement-form").then((module) => module.MovementForm));
const { Component: AccountHistory, preloadProps: historyPreload } = lazyComponent(() => import("./account-history").then((module) => module.AccountHistory));
const OpenAccountForm = dynamic(() => import("./open-account-form").then((module) => island(module.OpenAccountForm, "open-account")));

/**
 * The contact's accounts (internal balances) in opening order, with their
 * journals, and — for roles that may — opening, top-up, debit and deletion.
 * Leads see the same balances read-only, with the reason.
 */
export function LedgerPanel({
  contactId,
  initialAccounts,
  initialError,
}: {
  contactId: number;
  initialAccounts: AccountView[] | null;
  initialError: ActionError | null;
}) {
  const { t, locale } = useI18n();
  const viewer = useViewer();
  const ledger = useLedgerUpdates(contactId);
  const [pageError, setPageError] = useState<string | null>(null);
  const [success, setSuccess] = useExpiring<string>();
  const accounts = useContactAccounts(contactId, { initialAccounts, enabled: initialError === null });
  const canOpen = useCan("accounts.open");
  const canTopUp = useCan("accounts.top_up");
  const canDebit = useCan("accounts.debit");
  const canDelete = useCan("accounts.delete");
  const readOnly = !canOpen && !canTopUp && !canDebit && !canDelete;

  const refresh = ledger.refresh;
  /** After an operation: its message, and the account exactly as the platform answered (shown at once), then a fresh read. */
  const done = (message: string, changed?: AccountView | null) => {
    setSuccess(message || null);
    if (changed) ledger.putAccount(changed);
    void refresh();
  };

  const problem = pageError ?? initialError?.message ?? (accounts.isError ? accounts.error.message : null);
  return (
    <section aria-labelledby="ledger-title" className="space-y-4 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6" data-testid="ledger-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ledger-title" className="text-lg font-semibold">
          {t("ledger.title")}
        </h2>
        {readOnly ? (
          <p className="text-sm text-muted" data-testid="ledger-read-only" data-permission="accounts.top_up" data-allowed="false">
            {t("ledger.read_only", { reason: permissionExplanation("accounts.top_up", viewer.role, t) })}
          </p>
        ) : null}
      </div>
      {problem ? (
        <Alert tone="danger" title={problem} live>
          <span data-testid="ledger-page-error" />
        </Alert>
      ) : null}
      {success ? (
        <Alert tone="success" live>
          <span data-testid="ledger-success">{success}</span>
        </Alert>
      ) : null}
      {accounts.data ? (
        accounts.data.length === 0 ? (
          <LedgerEmpty canOpen={canOpen} />
        ) : (
          <ul className="space-y-4">
            {accounts.data.map((account) => (
              <li key={account.id}>
                <AccountCard
                  contactId={contactId}
                  account={account}
                  permissions={{ topUp: canTopUp, debit: canDebit, delete: canDelete }}
                  onDone={done}
                  onChanged={() => void refresh()}
                  onPageError={setPageError}
                  locale={locale}
                />
              </li>
            ))}
          </ul>
        )
      ) : null}
      {canOpen && accounts.data ? (
        <OpenAccountForm
          contactId={contactId}
          existing={accounts.data.map((account) => account.currency)}
          onDone={done}
          onChanged={() => void refresh()}
          onPageError={setPageError}
        />
      ) : null}
    </section>
  );
}

function AccountCard({
  contactId,
  account,
  permissions,
  onDone,
  onChanged,
  onPageError,
  locale,
}: {
  contactId: number;
  account: AccountView;
  permissions: { topUp: boolean; debit: boolean; delete: boolean };
  onDone: (message: string, account?: AccountView | null) => void;
  onChanged: () => void;
  onPageError: (message: string) => void;
  locale: ReturnType<typeof useI18n>["locale"];
}) {
  const { t, timeZone } = useI18n();
  const [form, setForm] = useState<MovementKind | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames([locale], { type: "currency" }) : null;
  const headingId = `account-${account.id}-title`;
  // What the platform would refuse, known from the account already: the debit is offered disabled, with the reason beside it.
  const debitRefusal = account.blockedAt ? t("ledger.account.debit_blocked") : account.amount === "0" ? t("ledger.account.debit_empty") : null;
  const debitReasonId = `account-${account.id}-debit-reason`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-border bg-surface p-4" data-testid={`account-${account.currency}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-semibold">
            {account.currency} <span className="font-normal text-muted">{names?.of(account.currency) ?? ""}</span>
          </h3>
          <p className="text-2xl font-semibold tabular-nums" data-testid="account-balance">
            {formatMoney(account.amount, account.currency, locale)}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-muted">{t("ledger.account.opened")}</dt>
          <dd>{formatTimestamp(account.createdAt, locale, timeZone)}</dd>
          <dt className="text-muted">{t("ledger.account.changed")}</dt>
          <dd>{formatTimestamp(account.updatedAt, locale, timeZone)}</dd>
          <dt className="text-muted">{t("ledger.account.id")}</dt>
          <dd className="font-mono">{account.id}</dd>
        </dl>
      </div>
      {account.blockedAt ? (
        <Alert tone="warning" title={<Badge>{t("ledger.account.blocked_badge")}</Badge>}>
          <span data-testid="account-blocked">{t("ledger.account.blocked", { date: formatTimestamp(account.blockedAt, locale, timeZone) })}</span>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {permissions.topUp ? (
          <Button
            variant={form === "top_up" ? "primary" : "secondary"}
            aria-expanded={form === "top_up"}
            data-ledger-open="top_up"
            onClick={() => setForm(form === "top_up" ? null : "top_up")}
            {...movementFormPreload}
          >
            {t("ledger.account.top_up")}
          </Button>
        ) : null}
        {permissions.debit ? (
          <Button
            variant={form === "debit" ? "primary" : "secondary"}
            aria-expanded={form === "debit"}
            data-ledger-open="debit"
            disabled={debitRefusal !== null}
            aria-describedby={debitRefusal ? debitReasonId : undefined}
            onClick={() => setForm(form === "debit" ? null : "debit")}
            {...movementFormPreload}
          >
            {t("ledger.account.debit")}
          </Button>
        ) : null}
        <Button variant="ghost" aria-expanded={historyOpen} onClick={() => setHistoryOpen(!historyOpen)} {...historyPreload}>
          {historyOpen ? t("ledger.account.hide_history") : t("ledger.account.show_history")}
        </Button>
      </div>
      {permissions.debit && debitRefusal ? (
        <p id={debitReasonId} className="text-xs text-muted" data-testid="debit-unavailable">
          {debitRefusal}
        </p>
      ) : null}
      {form ? (
        <MovementForm
          key={form}
          contactId={contactId}
          account={account}
          kind={form}
          onCancel={() => setForm(null)}
          onDone={(message, changed) => {
            setForm(null);
            onDone(message, changed);
          }}
          onChanged={onChanged}
          onPageError={onPageError}
        />
      ) : null}
      {historyOpen ? <AccountHistory contactId={contactId} account={account} /> : null}
      {permissions.delete ? (
        <DeleteAccount contactId={contactId} account={account} allowed={permissions.delete} onDone={onDone} onChanged={onChanged} onPageError={onPageError} />
      ) : null}
    </article>
  );
}
