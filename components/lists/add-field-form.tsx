"use client";

import { useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useT } from "@/components/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, describedBy } from "@/components/ui/field";
import {
  AddFieldFormSchema,
  DEFAULT_CURRENCY,
  FIELD_TYPES,
  addFieldErrorPath,
  type AddFieldFormInput,
} from "@/lib/dashboard/forms/lists";
import { slugFromName } from "@/lib/dashboard/lists/slug";
import type { FieldView } from "@/lib/dashboard/lists/types";
import { addFieldAction } from "@/lib/dashboard/lists/actions";
import { CurrencyPicker } from "./currency-picker";
import { messageOf } from "./error-text";
import { useHydrated } from "./use-hydrated";
import { applyServerErrors } from "@/lib/actions/server-errors";

const emptyField = (schemaId: string): AddFieldFormInput => ({
  schemaId,
  field: { name: "", slug: "", type: "string", currency: DEFAULT_CURRENCY, is_required: true, is_hidden: false, is_encryptable: false },
});

/** Appends one field to the list (addListSchemaField): money needs its currency; the platform's 422 lands on the input it names. */
export function AddFieldForm({ schemaId, existing, onAdded }: { schemaId: string; existing: FieldView[]; onAdded: (message: string) => void }) {
  const t = useT();
  const [topError, setTopError] = useState<string | null>(null);
  const ready = useHydrated();
  const slugFollows = useRef(true);
  const form = useForm<AddFieldFormInput>({ resolver: zodResolver(AddFieldFormSchema), mode: "onChange", defaultValues: emptyField(schemaId) });
  const type = useWatch({ control: form.control, name: "field.type" });
  const errors = form.formState.errors.field;
  const err = (key: "name" | "slug" | "type" | "currency") => messageOf(t, errors?.[key]?.message);
  const flagErrors = (["is_required", "is_hidden", "is_encryptable"] as const).flatMap((flag) => messageOf(t, errors?.[flag]?.message) ?? []);
  const slugHint = t("lists.form.slug_hint");

  const onSubmit = form.handleSubmit(async (input) => {
    setTopError(null);
    const result = await addFieldAction(input);
    if (result.ok) {
      const added = result.data.fields.find((field) => field.slug === input.field.slug);
      onAdded(
        added
          ? t("lists.add_field.added", { name: added.name, count: result.data.fields.length, position: result.data.fields.indexOf(added) + 1 })
          : t("lists.add_field.not_seen", { slug: input.field.slug }),
      );
      slugFollows.current = true;
      form.reset(emptyField(schemaId));
      return;
    }
    const { placed, unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, addFieldErrorPath);
    if (placed === 0 || unplaced.length) setTopError(unplaced[0] ?? result.error.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-border bg-surface p-4" aria-labelledby="add-field-title" data-ready={ready}>
      <h3 id="add-field-title" className="font-semibold">
        {t("lists.add_field.title")}
      </h3>
      <p className="text-sm text-muted">{t("lists.add_field.hint")}</p>
      {topError ? (
        <Alert tone="danger" live>
          {topError}
        </Alert>
      ) : null}
      <fieldset disabled={form.formState.isSubmitting} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id="add-field-name" label={t("lists.form.field_name")} errors={err("name")}>
            <Input
              id="add-field-name"
              autoComplete="off"
              aria-invalid={Boolean(errors?.name)}
              aria-describedby={describedBy("add-field-name", undefined, err("name"))}
              {...form.register("field.name", {
                onChange: (event) => {
                  if (!slugFollows.current) return;
                  const name = String(event.target.value);
                  const slug = name.trim() ? slugFromName(name, { taken: existing.map((field) => field.slug), position: existing.length }) : "";
                  form.setValue("field.slug", slug, { shouldValidate: Boolean(slug), shouldDirty: true });
                },
              })}
            />
          </Field>
          <Field id="add-field-slug" label={t("lists.form.field_slug")} hint={slugHint} errors={err("slug")}>
            <Input
              id="add-field-slug"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              aria-invalid={Boolean(errors?.slug)}
              aria-describedby={describedBy("add-field-slug", slugHint, err("slug"))}
              {...form.register("field.slug", {
                onChange: (event) => {
                  slugFollows.current = event.target.value === "";
                },
              })}
            />
          </Field>
          <Field id="add-field-type" label={t("lists.form.field_type")} errors={err("type")}>
            <Select
              id="add-field-type"
              aria-invalid={Boolean(errors?.type)}
              aria-describedby={describedBy("add-field-type", undefined, err("type"))}
              {...form.register("field.type")}
            >
              {FIELD_TYPES.map((fieldType) => (
                <option key={fieldType} value={fieldType}>
                  {t(`lists.type.${fieldType}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {type === "money" ? (
          <div className="sm:w-1/2">
            <Field id="add-field-currency" label={t("lists.form.field_currency")} errors={err("currency")}>
              <Controller
                control={form.control}
                name="field.currency"
                render={({ field }) => (
                  <CurrencyPicker
                    id="add-field-currency"
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errors?.currency)}
                    describedBy={describedBy("add-field-currency", undefined, err("currency"))}
                  />
                )}
              />
            </Field>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {(["is_required", "is_hidden", "is_encryptable"] as const).map((flag) => (
            <label key={flag} className="inline-flex items-center gap-2">
              <input type="checkbox" className="h-4 w-4" aria-invalid={Boolean(errors?.[flag]) || undefined} {...form.register(`field.${flag}`)} />
              {t(`lists.form.${flag}`)}
            </label>
          ))}
        </div>
        {flagErrors.length ? (
          <p className="text-sm text-danger" role="alert">
            {flagErrors.join(" ")}
          </p>
        ) : null}
        <Button type="submit">{form.formState.isSubmitting ? t("lists.add_field.adding") : t("lists.add_field.submit")}</Button>
      </fieldset>
    </form>
  );
}
