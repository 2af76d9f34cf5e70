"use client";

import { useId, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import type { ActionResult } from "@/lib/core/actions/result";
import { applyServerErrors } from "@/lib/core/actions/server-errors";
import { ADJUSTMENT_COLUMNS, type AdjustmentColumn, type ColumnMapping } from "@/lib/features/adjustments/types";
import type { SuggestedMapping } from "@/lib/features/adjustments/views";
import { columnName } from "./format";

/** The form's values: a column index as text per field, "" for none chosen (for direction: signed amounts). */
type MappingValues = Record<AdjustmentColumn, string>;

const SAMPLE_LENGTH = 40;

/** The field a server error key belongs to: `amount` or `mapping.amount`. */
const fieldOf = (key: string): string | null => {
  const name = key.startsWith("mapping.") ? key.slice("mapping.".length) : key;
  return (ADJUSTMENT_COLUMNS as readonly string[]).includes(name) ? name : null;
};

const toValues = (mapping: SuggestedMapping | ColumnMapping): MappingValues =>
  Object.fromEntries(ADJUSTMENT_COLUMNS.map((column) => [column, mapping[column] === null ? "" : String(mapping[column])])) as MappingValues;

/**
 * Which column of the file holds each field: a select per field listing the file's headers, each with the first
 * row's value as a sample; prefilled from the mapping in force, else from the suggestion. The direction column is
 * optional (none: the amount's sign decides). The server checks the mapping (`action`); its field errors land on
 * their select (`amount` or `mapping.amount`), the rest above the form.
 */
export function MappingForm({
  headers,
  firstRow,
  suggested,
  mapping = null,
  action,
  onSaved,
  disabledReason = null,
}: {
  headers: readonly string[];
  firstRow: readonly string[] | null;
  suggested: SuggestedMapping;
  /** The mapping saved before, shown instead of the suggestion. */
  mapping?: ColumnMapping | null;
  action: (mapping: ColumnMapping) => Promise<ActionResult<unknown>>;
  onSaved?: () => void;
  /** Why the mapping cannot change now (the batch runs), or null. */
  disabledReason?: string | null;
}) {
  const { t, locale } = useI18n();
  const lockedId = `${useId()}-locked`;
  const [pending, startTransition] = useTransition();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<MappingValues>({ defaultValues: toValues(mapping ?? suggested) });
  const { errors } = form.formState;

  const sampleOf = (index: number) => {
    const value = firstRow?.[index]?.trim() ?? "";
    return value.length > SAMPLE_LENGTH ? `${value.slice(0, SAMPLE_LENGTH - 1)}…` : value;
  };
  const headerOf = (index: number) =>
    headers[index]?.trim() || t("adjustments.page.mapping.unnamed", { number: new Intl.NumberFormat(locale).format(index + 1) });
  const optionText = (index: number) => {
    const sample = sampleOf(index);
    return sample
      ? t("adjustments.page.mapping.option", { header: headerOf(index), sample })
      : t("adjustments.page.mapping.option_empty", { header: headerOf(index) });
  };

  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setProblem(null);
      const chosen = {} as ColumnMapping;
      for (const column of ADJUSTMENT_COLUMNS) {
        const text = values[column];
        if (column === "direction") chosen.direction = text === "" ? null : Number(text);
        else chosen[column] = Number(text);
      }
      const result = await action(chosen);
      if (result.ok) return onSaved?.();
      const { placed, unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, fieldOf, { shouldFocus: true });
      if (unplaced.length > 0) setProblem(unplaced.join(" "));
      else if (placed === 0) setProblem(result.error.message);
    }),
  );

  const locked = disabledReason !== null;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("adjustments.page.mapping.title")} data-testid="adjustment-mapping">
      <p className="text-sm text-muted">{t("adjustments.page.mapping.description")}</p>
      {problem ? (
        <Alert tone="danger" live>
          {t(problem)}
        </Alert>
      ) : null}
      <fieldset disabled={locked || pending} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t("adjustments.page.mapping.title")}</legend>
        {ADJUSTMENT_COLUMNS.map((column) => {
          const optional = column === "direction";
          return (
            <Field
              key={column}
              label={columnName(column, t)}
              description={optional ? t("adjustments.page.mapping.direction_hint") : undefined}
              error={errors[column]}
              required={!optional}
            >
              <Select
                {...form.register(column, { validate: (value) => optional || value !== "" || "adjustments.page.mapping.required" })}
                data-testid={`mapping-${column}`}
              >
                <option value="">{optional ? t("adjustments.page.mapping.no_direction") : t("adjustments.page.mapping.choose")}</option>
                {headers.map((_, index) => (
                  <option key={index} value={String(index)}>
                    {optionText(index)}
                  </option>
                ))}
              </Select>
            </Field>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={locked || pending} aria-busy={pending || undefined} aria-describedby={locked ? lockedId : undefined}>
          {pending ? t("adjustments.page.mapping.saving") : t("adjustments.page.mapping.submit")}
        </Button>
        {locked ? (
          <p id={lockedId} className="text-sm text-muted">
            {disabledReason}
          </p>
        ) : null}
      </div>
    </form>
  );
}
