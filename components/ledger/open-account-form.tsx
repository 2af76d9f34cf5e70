"use client";

import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CurrencySelect } from "@/components/ui/currency-select";
import { Field } from "@/components/ui/field";
import type { OpenAccountRequest } from "@/lib/features/ledger/forms";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import type { AccountView } from "@/lib/features/ledger/types";
import { openAccountAction } from "@/lib/features/ledger/actions";
import { placeFailure } from "./describe";
import { settle } from "./settle";
import { newIdempotencyKey } from "./idempotency-key";
import { UnknownOutcome } from "./unknown-outcome";
import { useLedgerSubmission } from "./use-ledger-submission";
import { applyServerErrors, fieldsNamed } from "@/lib/core/actions/server-errors";

type OpenAccountForm = Pick<OpenAccountRequest, "currency">;
const openAccountResolver = lazyZodResolver<OpenAccountForm>(() =>
  import("@/lib/features/ledger/forms").then((forms) => forms.OpenAccountRequestSchema.pick({ currency: true })),
);

/**
 * Opens an account: a searchable list of ISO 4217 currencies without the ones
 * the contact already has. A race with another opening still lands on the
 * field as `currency_exists`.
 */
export function OpenAccountForm({
  contactId,
  existing,
  onDone,
  onChanged,
  onPageError,
}: {
  contactId: number;
  existing: string[];
  onDone: (message: string, account?: AccountView | null) => void;
  onChanged: () => void;
  onPageError: (message: string) => void;
}) {
  const { t, locale, timeZone } = useI18n();
  const [notice, setNotice] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<{ key: string; reason: string } | null>(null);
  /** Made when the form opens, renewed after each definite outcome. */
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useForm<OpenAccountForm>({ resolver: openAccountResolver, defaultValues: { currency: "" } });
  const { errors } = form.formState;
  const { submit, pending } = useLedgerSubmission(openAccountAction);

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    settle(await submit({ contactId, currency: values.currency, idempotencyKey: key }), {
      connectionLost: () => setNotice(t("ledger.connection_lost_resend")),
      answered: () => setKey(newIdempotencyKey()),
      succeeded: (outcome) => {
        form.reset({ currency: "" });
        onDone(t("ledger.open.done", { currency: values.currency }), outcome.account);
      },
      unknown: (reason) => setUnknown({ key, reason }),
      place: (error) => placeFailure({ ...error, currency: values.currency }, null, t, locale, timeZone),
      pageError: onPageError,
      notice: setNotice,
      fields: (fieldErrors, options) => applyServerErrors(form.setError, fieldErrors, fieldsNamed("currency"), options).placed,
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="open-account-title"
      className="space-y-3 rounded-md border border-border p-4"
      data-testid="open-account"
    >
      <h3 id="open-account-title" className="font-semibold">
        {t("ledger.open.title")}
      </h3>
      {notice ? (
        <Alert tone="danger" live>
          {notice}
        </Alert>
      ) : null}
      {unknown ? <UnknownOutcome idempotencyKey={unknown.key} reason={unknown.reason} onSettled={onChanged} /> : null}
      <Field id="open-currency" label={t("ledger.open.currency")} description={t("ledger.open.hint")} error={errors.currency} required className="sm:max-w-md">
        <Controller control={form.control} name="currency" render={({ field }) => <CurrencySelect variant="list" exclude={existing} {...field} />} />
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? t("ledger.open.opening") : t("ledger.open.submit")}
      </Button>
    </form>
  );
}
