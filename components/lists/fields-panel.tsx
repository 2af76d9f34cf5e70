"use client";

import { useState, type ReactNode } from "react";
import { useT } from "@/components/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, td, th } from "@/components/ui/table";
import type { FieldView } from "@/lib/dashboard/lists/types";
import { deleteFieldAction } from "@/lib/dashboard/lists/actions";
import { AddFieldForm } from "./add-field-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useHydrated } from "./use-hydrated";

/**
 * The list's fields in order with their options; for designers, a form that
 * appends a field and a delete per field behind a typed confirmation. What
 * each action did is told from the list as the platform returns it afterwards.
 */
export function FieldsPanel({ schemaId, fields, canDesign, note }: { schemaId: string; fields: FieldView[]; canDesign: boolean; note: ReactNode }) {
  const t = useT();
  const ready = useHydrated();
  const [status, setStatus] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FieldView | null>(null);
  const [pending, setPending] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const confirmDelete = async (typed: string) => {
    if (!deleting) return;
    setPending(true);
    setDialogError(null);
    const result = await deleteFieldAction({ schemaId, slug: deleting.slug, confirmation: typed });
    setPending(false);
    if (!result.ok) {
      setDialogError(Object.values(result.error.fieldErrors).flat()[0] ?? result.error.message);
      return;
    }
    const gone = !result.data.fields.some((field) => field.slug === deleting.slug);
    setStatus(
      gone
        ? t("lists.delete_field.deleted", { name: deleting.name, count: result.data.fields.length })
        : t("lists.delete_field.still_there", { name: deleting.name }),
    );
    setDeleting(null);
  };

  return (
    <section aria-labelledby="fields-title" className="space-y-4" data-testid="fields-panel" data-ready={ready}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="fields-title" className="text-lg font-semibold">
          {t("lists.detail.fields")}
        </h2>
        <span className="text-sm text-muted" data-testid="field-count">
          {t("lists.detail.field_count", { count: fields.length })}
        </span>
      </div>
      {note}
      {status ? (
        <Alert tone="success" live>
          <span data-testid="fields-status">{status}</span>
        </Alert>
      ) : null}
      <Table
        caption={t("lists.detail.fields")}
        head={
          <>
            <th scope="col" className={th}>
              #
            </th>
            <th scope="col" className={th}>
              {t("lists.form.field_name")}
            </th>
            <th scope="col" className={th}>
              {t("lists.form.field_slug")}
            </th>
            <th scope="col" className={th}>
              {t("lists.form.field_type")}
            </th>
            <th scope="col" className={th}>
              {t("lists.field.options")}
            </th>
            {canDesign ? (
              <th scope="col" className={th}>
                <span className="sr-only">{t("lists.field.actions")}</span>
              </th>
            ) : null}
          </>
        }
      >
        {fields.map((field, index) => (
          <tr key={field.slug} data-testid={`field-${field.slug}`}>
            <td className={`${td} text-muted`}>{index + 1}</td>
            <td className={`${td} font-medium`}>{field.name}</td>
            <td className={`${td} font-mono text-xs`}>{field.slug}</td>
            <td className={td}>
              {t(`lists.type.${field.type}`)}
              {field.currency ? <span className="ml-1 font-mono text-xs">{field.currency}</span> : null}
            </td>
            <td className={td}>
              <div className="flex flex-wrap gap-1">
                <Badge>{field.isRequired ? t("lists.field.required") : t("lists.field.optional")}</Badge>
                {field.isHidden ? <Badge>{t("lists.field.hidden")}</Badge> : null}
                {field.isEncryptable ? <Badge>{t("lists.field.encrypted")}</Badge> : null}
              </div>
            </td>
            {canDesign ? (
              <td className={`${td} text-right`}>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-danger"
                  aria-label={t("lists.delete_field.button", { slug: field.slug })}
                  onClick={() => {
                    setDialogError(null);
                    setDeleting(field);
                  }}
                >
                  {t("lists.delete_field.short")}
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      {canDesign ? <AddFieldForm schemaId={schemaId} existing={fields} onAdded={setStatus} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("lists.delete_field.title", { name: deleting?.name ?? "" })}
        typed={{ expected: deleting?.slug ?? "", prompt: t("lists.delete_field.prompt", { slug: deleting?.slug ?? "" }) }}
        confirmLabel={t("lists.delete_field.confirm")}
        cancelLabel={t("common.cancel")}
        pending={pending}
        error={dialogError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p className="font-medium text-danger">{t("lists.delete_field.warning")}</p>
        <p className="text-muted">{t("lists.delete_field.body")}</p>
      </ConfirmDialog>
    </section>
  );
}
