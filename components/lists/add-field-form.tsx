"use client";

import { useEffect, useState } from "react";
import { type FieldDefinition, DEFAULT_CURRENCY } from "@/lib/contract/facts";
import { useForm, useWatch } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import { useSubmitAfterSuggestions } from "./use-submit-after-suggestions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { FieldCurrency, FieldFlags, FieldTypeSelect } from "./field-settings";
import type { AddFieldFormInput } from "@/lib/features/lists/forms/lists";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import { addFieldErrorPath } from "@/lib/features/lists/forms/list-fields";
import { preloadSlugFromName, slugSuggestions } from "@/lib/features/lists/slug-loader";
import { addFieldAction } from "@/lib/features/lists/actions";
import { applyServerErrors } from "@/lib/core/actions/server-errors";
import { callAction } from "@/lib/core/actions/call-action";

const addFieldResolver = lazyZodResolver<AddFieldFormInput>(() => import("@/lib/features/lists/forms/lists").then((forms) => forms.AddFieldFormSchema));

const emptyField = (schemaId: string): AddFieldFormInput => ({
  schemaId,
  field: { name: "", slug: "", type: "string", currency: DEFAULT_CURRENCY, is_required: true, is_hidden: false, is_encryptable: false },
});

/** Appends one field to the list (addListSchemaField): money needs its currency; the platform's 422 lands on the input it names. */
export function AddFieldForm({ schemaId, existing, onAdded }: { schemaId: string; existing: FieldDefinition[]; onAdded: (message: string) => void }) {
  const t = useT();
  const [topError, setTopError] = useState<string | null>(null);
  const [slugFollows, setSlugFollows] = useState(true);
  const [suggestions] = useState(() => slugSuggestions<"slug">());
  useEffect(() => suggestions.preloadWhenIdle(), [suggestions]);
  const form = useForm<AddFieldFormInput>({ resolver: addFieldResolver, mode: "onChange", defaultValues: emptyField(schemaId) });
  const type = useWatch({ control: form.control, name: "field.type" });
  const errors = form.formState.errors.field;
  const slugHint = t("lists.form.slug_hint");

  const submit = form.handleSubmit(async (input) => {
    setTopError(null);
    const result = await callAction(addFieldAction, input, t);
    if (result.ok) {
      const added = result.data.fields.find((field) => field.slug === input.field.slug);
      onAdded(
        added
          ? t("lists.add_field.added", { name: added.name, count: result.data.fields.length, position: result.data.fields.indexOf(added) + 1 })
          : t("lists.add_field.not_seen", { slug: input.field.slug }),
      );
      setSlugFollows(true);
      form.reset(emptyField(schemaId));
      return;
    }
    const { placed, unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, addFieldErrorPath);
    if (placed === 0 || unplaced.length) setTopError(unplaced[0] ?? result.error.message);
  });

  // A slug suggestion still on its way is waited for and filled in before the check and the send.
  const { onSubmit, settling } = useSubmitAfterSuggestions(suggestions, submit);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-border bg-surface p-4" aria-labelledby="add-field-title">
      <h3 id="add-field-title" className="font-semibold">
        {t("lists.add_field.title")}
      </h3>
      <p className="text-sm text-muted">{t("lists.add_field.hint")}</p>
      {topError ? (
        <Alert tone="danger" live>
          {topError}
        </Alert>
      ) : null}
      <fieldset disabled={form.formState.isSubmitting || settling} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id="add-field-name" label={t("lists.form.field_name")} error={errors?.name} required>
            <Input
              autoComplete="off"
              onFocus={() => void preloadSlugFromName().catch(() => {})}
              {...form.register("field.name", {
                onChange: (event) => {
                  if (!slugFollows) return;
                  const name = String(event.target.value);
                  suggestions.suggest("slug", (slugFromName) => {
                    const slug = name.trim() ? slugFromName(name, { taken: existing.map((field) => field.slug), position: existing.length }) : "";
                    form.setValue("field.slug", slug, { shouldValidate: Boolean(slug), shouldDirty: true });
                  });
                },
              })}
            />
          </Field>
          <Field id="add-field-slug" label={t("lists.form.field_slug")} description={slugHint} error={errors?.slug} required>
            <Input
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              {...form.register("field.slug", {
                onChange: (event) => {
                  setSlugFollows(event.target.value === "");
                  // A slug typed by hand while a suggestion is on its way wins over it.
                  suggestions.cancel("slug");
                },
              })}
            />
          </Field>
          <FieldTypeSelect id="add-field-type" error={errors?.type} registration={form.register("field.type")} />
        </div>
        {type === "money" ? <FieldCurrency id="add-field-currency" error={errors?.currency} control={form.control} name="field.currency" /> : null}
        <FieldFlags idBase="add-field" errors={errors} register={(flag) => form.register(`field.${flag}`)} />
        <Button type="submit">{form.formState.isSubmitting || settling ? t("lists.add_field.adding") : t("lists.add_field.submit")}</Button>
      </fieldset>
    </form>
  );
}
