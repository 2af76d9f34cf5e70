"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AmountInput } from "@/components/ui/amount-input";
import { Field, Textarea } from "@/components/ui/field";
import { formatTimestamp } from "@/lib/dashboard/format";
import type { MovementForm as MovementFormValues, MovementKind } from "@/lib/features/ledger/forms";
import { MAX_DESCRIPTION, MOVEMENT_BOUNDS, descriptionLength } from "@/lib/features/ledger/limits";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import { formatMoney } from "@/lib/core/money/money";
import { currencyDigits } from "@/lib/contract/facts";
import { amountErrorVars, parseAmountText } from "@/lib/core/money/parse-amount";
import type { AccountView } from "@/lib/features/ledger/types";
import { debitAction, topUpAction } from "@/lib/features/ledger/actions";
import { placeFailure } from "./describe";
import { settle } from "./settle";
import { newIdempotencyKey } from "./idempotency-key";
import { UnknownOutcome } from "./unknown-outcome";
import { useLedgerSubmission, useRateLimitWait, type Settled } from "./use-ledger-submission";
import { applyServerErrors, fieldsNamed } from "@/lib/core/actions/server-errors";
import { StepUpPrompt } from "@/components/shell/step-up-prompt";

const ACTIONS = { top_up: topUpAction, debit: debitAction } as const;

interface Review {
  values: MovementFormValues;
  minor: bigint;
  /** The language the amount was typed in: the server reads it the same way. */
  locale: string;
  /** Made when the confirmation step starts; every send of this confirmation carries it. */
  key: string;
}

/**
 * Top-up or debit of one account: amount in major units and a description, then
 * a confirmation with the balance before and after, then the balance the
 * platform answered. Every send of one confirmation carries the same
 * idempotency key, so a double click or a resend after a lost connection makes
 * the operation once.
 */
export function MovementForm({
  contactId,
  account,
  kind,
  onCancel,
  onDone,
  onChanged,
  onPageError,
}: {
  contactId: number;
  account: AccountView;
  kind: MovementKind;
  onCancel: () => void;
  /** The message, and the account as the platform answered it (its balance is what the panel shows). */
  onDone: (message: string, account?: AccountView | null) => void;
  /** The balance may have changed (a settled unknown outcome): read the accounts again. */
  onChanged: () => void;
  onPageError: (message: string) => void;
}) {
  const { t, locale, timeZone } = useI18n();
  const currency = account.currency;
  const prefix = `${kind}-${account.id}`;
  const resolver = useMemo(
    () => lazyZodResolver<MovementFormValues>(() => import("@/lib/features/ledger/forms").then((forms) => forms.movementFormSchema(currency, locale))),
    [currency, locale],
  );
  const form = useForm<MovementFormValues>({ resolver, defaultValues: { amount: "", description: "" } });
  const { errors } = form.formState;
  const [review, setReview] = useState<Review | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [connectionLost, setConnectionLost] = useState(false);
  const [unknown, setUnknown] = useState<{ key: string; reason: string } | null>(null);
  // The amount is above the team's threshold and this session gave no fresh code: asked inline, then the same request again.
  const [stepUp, setStepUp] = useState(false);
  const { submit, pending } = useLedgerSubmission(ACTIONS[kind] as (input: unknown) => ReturnType<typeof topUpAction>);
  const waiting = useRateLimitWait(pending);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (review) confirmHeading.current?.focus();
  }, [review]);

  const description = form.watch("description") ?? "";
  const digits = currencyDigits(currency);
  const money = (minor: bigint | string) => formatMoney(minor, currency, locale);

  const onReview = form.handleSubmit((values) => {
    const parsed = parseAmountText(values.amount, currency, locale, MOVEMENT_BOUNDS);
    if (!parsed.ok) return;
    // The platform refuses a debit above the balance; said here first, with the balance (the server still decides).
    if (kind === "debit" && BigInt(parsed.minor) > BigInt(account.amount)) {
      form.setError("amount", { message: "ledger.amount.over_balance" }, { shouldFocus: true });
      return;
    }
    setNotice(null);
    setConnectionLost(false);
    setReview({ values, minor: BigInt(parsed.minor), locale, key: newIdempotencyKey() });
  });

  const handle = (settled: Settled | null, current: Review) =>
    settle(settled, {
      connectionLost: () => setConnectionLost(true),
      answered: () => setConnectionLost(false),
      refused: (error) => {
        if (error.code === "step_up_required") {
          setStepUp(true);
          return true;
        }
        if (error.kind !== "not_found") setReview(null);
      },
      succeeded: (outcome) => {
        const balance = outcome.balanceAfter ?? outcome.account?.amount ?? "0";
        onDone(
          t(kind === "top_up" ? "ledger.move.done_top_up" : "ledger.move.done_debit", { amount: money(current.minor), balance: money(balance) }),
          outcome.account,
        );
      },
      unknown: (reason) => setUnknown({ key: current.key, reason }),
      failed: () => {
        setReview(null);
        // A refusal means the account differs from what the page showed (blocked, spent): read it again.
        onChanged();
      },
      place: (error) => placeFailure(error, account, t, locale, timeZone),
      pageError: onPageError,
      notice: setNotice,
      fields: (fieldErrors, options) => applyServerErrors(form.setError, fieldErrors, fieldsNamed("amount", "description"), options).placed,
    });

  const send = async () => {
    if (!review) return;
    const current = review;
    const settled = await submit({
      kind,
      contactId,
      accountId: account.id,
      currency,
      locale: current.locale,
      amount: current.values.amount,
      description: current.values.description,
      idempotencyKey: current.key,
    });
    handle(settled, current);
  };

  const title = t(kind === "top_up" ? "ledger.move.title_top_up" : "ledger.move.title_debit", { currency });
  if (unknown) {
    return (
      <section aria-label={title} className="space-y-3 rounded-md border border-border p-4">
        <UnknownOutcome idempotencyKey={unknown.key} reason={unknown.reason} onSettled={onChanged} />
        <Button variant="ghost" onClick={onCancel}>
          {t("common.close")}
        </Button>
      </section>
    );
  }

  if (review) {
    const before = BigInt(account.amount);
    const after = kind === "top_up" ? before + review.minor : before - review.minor;
    // The account may have changed since the review began (a fresh read): what the page already knows the platform refuses is not offered.
    const refusedBy = kind === "debit" ? (account.blockedAt ? `${prefix}-blocked` : after < BigInt(0) ? `${prefix}-after` : null) : null;
    return (
      <section aria-labelledby={`${prefix}-confirm`} className="space-y-3 rounded-md border border-border p-4" data-testid={`confirm-${kind}`}>
        <h4 id={`${prefix}-confirm`} ref={confirmHeading} tabIndex={-1} className="font-semibold outline-none">
          {t(kind === "top_up" ? "ledger.confirm.title_top_up" : "ledger.confirm.title_debit", { amount: money(review.minor) })}
        </h4>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t("ledger.confirm.description")}</dt>
          <dd className="break-words">{review.values.description.trim()}</dd>
          <dt className="text-muted">{t("ledger.confirm.before")}</dt>
          <dd data-testid="balance-before">{money(before)}</dd>
          <dt className="text-muted">{t("ledger.confirm.after")}</dt>
          <dd id={`${prefix}-after`} data-testid="balance-after">
            {after < BigInt(0) ? t("ledger.confirm.after_insufficient") : money(after)}
          </dd>
        </dl>
        {kind === "debit" && account.blockedAt ? (
          <Alert tone="warning">
            <span id={`${prefix}-blocked`}>{t("ledger.confirm.blocked", { date: formatTimestamp(account.blockedAt, locale, timeZone) })}</span>
          </Alert>
        ) : null}
        {stepUp ? (
          <StepUpPrompt
            onConfirmed={() => {
              setStepUp(false);
              void send();
            }}
          />
        ) : null}
        {connectionLost ? (
          <Alert tone="warning" live>
            {t("ledger.connection_lost_resend")}
          </Alert>
        ) : null}
        {pending && waiting > 0 ? (
          <p role="status" className="text-sm text-warning" data-testid="rate-limit-wait">
            {t("ledger.waiting", { seconds: waiting })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={send} disabled={pending || stepUp || refusedBy !== null} aria-busy={pending} aria-describedby={refusedBy ?? undefined}>
            {pending
              ? t("ledger.confirm.sending")
              : connectionLost
                ? t("ledger.confirm.resend")
                : t(kind === "top_up" ? "ledger.confirm.submit_top_up" : "ledger.confirm.submit_debit")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setStepUp(false);
              setReview(null);
            }}
            disabled={pending}
          >
            {t("ledger.confirm.back")}
          </Button>
        </div>
      </section>
    );
  }

  const amountHint = t(digits === 0 ? "ledger.amount.hint_whole" : "ledger.amount.hint", {
    min: money(MOVEMENT_BOUNDS.min),
    max: money(MOVEMENT_BOUNDS.max),
    digits,
  });
  const length = descriptionLength(description.trim());
  return (
    <form onSubmit={onReview} noValidate aria-label={title} className="space-y-3 rounded-md border border-border p-4" data-testid={`form-${kind}`}>
      <h4 className="font-semibold">{title}</h4>
      {notice ? (
        <Alert tone="danger" live>
          {notice}
        </Alert>
      ) : null}
      <Field
        id={`${prefix}-amount`}
        label={t("ledger.amount.label", { currency })}
        description={amountHint}
        error={errors.amount}
        errorVars={{ ...amountErrorVars(currency, locale, MOVEMENT_BOUNDS), balance: money(account.amount) }}
        required
      >
        <AmountInput currency={currency} {...form.register("amount")} />
      </Field>
      <Field
        id={`${prefix}-description`}
        label={t("ledger.description.label")}
        description={<span data-testid="description-counter">{t("ledger.description.counter", { count: length, max: MAX_DESCRIPTION })}</span>}
        error={errors.description}
        required
      >
        <Textarea rows={2} {...form.register("description")} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t("ledger.move.review")}</Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
