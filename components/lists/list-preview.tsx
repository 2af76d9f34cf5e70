"use client";

import { useI18n } from "@/components/shell/i18n-provider";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import type { ListFieldFormInput } from "@/lib/features/lists/forms/lists";
import { FIELD_TYPES, type FieldType } from "@/lib/contract/facts";
import { RecordInput, recordInputHint } from "./record-input";

const isType = (value: unknown): value is FieldType => (FIELD_TYPES as readonly unknown[]).includes(value);

/** The record form the list will have, updated as the user designs it (inputs are inert). */
export function ListPreview({ name, fields }: { name: string; fields: Partial<ListFieldFormInput>[] }) {
  const { t, locale } = useI18n();
  return (
    <aside
      aria-labelledby="list-preview-title"
      className="h-fit rounded-lg border border-dashed border-border bg-surface-2/50 p-4 xl:sticky xl:top-4"
      data-testid="list-preview"
    >
      <h2 id="list-preview-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
        {t("lists.form.preview")}
      </h2>
      <p className="mt-1 text-xs text-muted">{t("lists.form.preview_hint")}</p>
      <p className="mt-3 text-lg font-semibold" data-testid="preview-name">
        {name.trim() || t("lists.form.untitled")}
      </p>
      <ol className="mt-3 space-y-3">
        {fields.map((field, index) => {
          const type = isType(field.type) ? field.type : "string";
          const spec = { type, currency: field.currency || null, isRequired: field.is_required !== false };
          const hint = recordInputHint(spec, t, locale);
          const label = field.name?.trim() || t("lists.form.field_n", { n: index + 1 });
          return (
            <li key={index} data-testid={`preview-field-${index}`}>
              <Field id={`preview-input-${index}`} label={label} description={hint} required={spec.isRequired}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-xs text-muted">{field.slug || "—"}</span>
                  {field.is_hidden ? <Badge>{t("lists.field.hidden")}</Badge> : null}
                  {field.is_encryptable ? <Badge>{t("lists.field.encrypted")}</Badge> : null}
                </div>
                <RecordInput field={spec} t={t} disabled />
              </Field>
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
