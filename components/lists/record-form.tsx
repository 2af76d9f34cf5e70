"use client";

import { useMemo, useState } from "react";
import type { FieldDefinition } from "@/lib/contract/facts";
import { useForm } from "react-hook-form";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { RecordForm as Values } from "@/lib/features/lists/forms/list-records";
import { recordErrorPath, toFormValue } from "@/lib/features/lists/forms/record-values";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import type { RecordView } from "@/lib/features/lists/types";
import { RECORD_MONEY_BOUNDS } from "@/lib/features/lists/money";
import { amountErrorVars } from "@/lib/core/money/parse-amount";
import { saveRecordAction } from "@/lib/features/lists/actions";
import { RecordInput, recordInputHint } from "./record-input";
import { applyServerErrors } from "@/lib/core/actions/server-errors";
import { callAction } from "@/lib/core/actions/call-action";

/**
 * Adds a record, or edits one (only the values changed are sent). One input
 * per field, generated from its type; the platform's `item.<slug>` errors
 * land on that field's input.
 */
export function RecordForm({
  schemaId,
  fields,
  record,
  onSaved,
  onCancel,
}: {
  schemaId: string;
  fields: FieldDefinition[];
  record: RecordView | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const [topError, setTopError] = useState<string | null>(null);
  const initial = useMemo(
    () => fields.map((field) => (record ? toFormValue(field, record.values[field.slug]) : field.type === "bool" && field.isRequired ? "false" : "")),
    [fields, record],
  );
  const resolver = useMemo(
    () =>
      lazyZodResolver<Values>(() =>
        import("@/lib/features/lists/forms/list-records").then((forms) => forms.buildRecordFormSchema(fields, record ? { initial, locale } : { locale })),
      ),
    [fields, record, initial, locale],
  );
  const form = useForm<Values>({ resolver, mode: "onTouched", defaultValues: { values: initial } });
  const errors = form.formState.errors.values;

  const onSubmit = form.handleSubmit(async ({ values }) => {
    setTopError(null);
    const result = await callAction(
      saveRecordAction,
      {
        schemaId,
        itemId: record?.id,
        fieldSlugs: fields.map((field) => field.slug),
        values,
        initial: record ? initial : undefined,
        locale,
      },
      t,
    );
    if (result.ok) {
      onSaved(result.data.created ? t("records.added") : t("records.updated"));
      return;
    }
    const { placed, unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, recordErrorPath(fields));
    if (placed === 0 || unplaced.length) setTopError(unplaced[0] ?? result.error.message);
  });

  const titleId = record ? "record-form-edit" : "record-form-add";
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      className="space-y-4 rounded-lg border border-border bg-surface p-4"
      data-testid="record-form"
    >
      <h3 id={titleId} className="font-semibold">
        {record ? t("records.form_title_edit") : t("records.form_title_add")}
      </h3>
      {topError ? (
        <Alert tone="danger" live>
          {topError}
        </Alert>
      ) : null}
      <fieldset disabled={form.formState.isSubmitting} className="grid gap-4 sm:grid-cols-2">
        {fields.map((field, index) => {
          const label = (
            <span className="inline-flex flex-wrap items-center gap-2">
              {field.name}
              {field.isHidden ? <Badge>{t("lists.field.hidden")}</Badge> : null}
            </span>
          );
          return (
            <Field
              key={field.slug}
              id={`record-value-${field.slug}`}
              label={label}
              description={recordInputHint(field, t, locale)}
              required={field.isRequired}
              error={errors?.[index]}
              errorVars={field.type === "money" ? amountErrorVars(field.currency ?? "USD", locale, RECORD_MONEY_BOUNDS) : undefined}
            >
              <RecordInput field={field} t={t} {...form.register(`values.${index}`)} />
            </Field>
          );
        })}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t("common.saving") : t("records.save")}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={form.formState.isSubmitting}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
