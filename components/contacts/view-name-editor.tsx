"use client";

import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useI18n } from "@/components/shell/i18n-provider";
import { Notice } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { applyServerErrors, fieldsNamed } from "@/lib/core/actions/server-errors";
import type { ActionResult } from "@/lib/core/actions/result";
import type { SavedView, ViewNameForm } from "@/lib/features/contacts/saved-views/forms";
import { MAX_VIEW_NAME_LENGTH } from "@/lib/features/contacts/saved-views/limits";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";

const viewNameResolver = lazyZodResolver<ViewNameForm>(() => import("@/lib/features/contacts/saved-views/forms").then((forms) => forms.ViewNameFormSchema));

/** The name form of saving and renaming: the schema's checks in the browser, the server's refusals (duplicate, limit) on the name. */
export function ViewNameEditor({
  titleId: givenTitleId,
  title,
  submitLabel,
  initialName,
  submit,
  onDone,
  onCancel,
}: {
  /** The title's id (the dialog it opens in is labelled by it). */
  titleId?: string;
  title: string;
  submitLabel: string;
  initialName: string;
  submit: (name: string) => Promise<ActionResult<SavedView>>;
  onDone: (view: SavedView) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const ownTitleId = useId();
  const titleId = givenTitleId ?? ownTitleId;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ViewNameForm>({ resolver: viewNameResolver, defaultValues: { name: initialName } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await submit(values.name);
    if (result.ok) return onDone(result.data);
    const { unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, fieldsNamed("name"), { shouldFocus: true });
    if (unplaced.length > 0 || Object.keys(result.error.fieldErrors).length === 0) setFailure(unplaced.join(" ") || result.error.message);
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="space-y-3" data-testid="view-name-form">
      <h2 id={titleId} className="text-lg font-semibold wrap-anywhere">
        {title}
      </h2>
      {failure ? <Notice notice={{ tone: "danger", text: failure }} /> : null}
      <Field
        label={t("views.name")}
        description={t("views.name_hint", { max: MAX_VIEW_NAME_LENGTH })}
        error={errors.name}
        errorVars={{ max: MAX_VIEW_NAME_LENGTH }}
        required
      >
        <Input autoFocus autoComplete="off" {...form.register("name")} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("views.saving") : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("views.cancel")}
        </Button>
      </div>
    </form>
  );
}
