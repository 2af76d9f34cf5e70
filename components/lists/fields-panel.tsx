"use client";

import { useMemo, useState, type ReactNode } from "react";
import type { FieldDefinition } from "@/lib/contract/facts";
import dynamic from "next/dynamic";
import { island } from "@/components/ui/island";
import type { ColumnDef } from "@tanstack/react-table";
import { useT } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { deleteFieldAction } from "@/lib/features/lists/actions";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction } from "@/lib/core/actions/call-action";

// The designer's form (react-hook-form, the type, currency and target pickers), rendered on the server, comes with its
// own chunk: the list's fields and records do not wait for it.
const AddFieldForm = dynamic(() => import("./add-field-form").then((module) => island(module.AddFieldForm, "add-field")));

/**
 * The list's fields in order with their options; for designers, a form that
 * appends a field and a delete per field behind a typed confirmation. What
 * each action did is told from the list as the platform returns it afterwards.
 */
export function FieldsPanel({ schemaId, fields, canDesign, note }: { schemaId: string; fields: FieldDefinition[]; canDesign: boolean; note: ReactNode }) {
  const t = useT();
  const ready = useHydrated();
  const [status, setStatus] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FieldDefinition | null>(null);
  const [pending, setPending] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const confirmDelete = async (typed: string) => {
    if (!deleting) return;
    setPending(true);
    setDialogError(null);
    const result = await callAction(deleteFieldAction, { schemaId, slug: deleting.slug, confirmation: typed }, t);
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

  const columns = useMemo<ColumnDef<FieldDefinition>[]>(
    () => [
      { id: "position", header: "#", meta: { className: "text-muted" }, cell: ({ row }) => row.index + 1 },
      { id: "name", header: t("lists.form.field_name"), meta: { className: "font-medium" }, cell: ({ row }) => row.original.name },
      { id: "slug", header: t("lists.form.field_slug"), meta: { className: "font-mono text-xs wrap-anywhere" }, cell: ({ row }) => row.original.slug },
      {
        id: "type",
        header: t("lists.form.field_type"),
        cell: ({ row }) => (
          <>
            {t(`lists.type.${row.original.type}`)}
            {row.original.currency ? <span className="ml-1 font-mono text-xs">{row.original.currency}</span> : null}
          </>
        ),
      },
      {
        id: "options",
        header: t("lists.field.options"),
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-1">
            <Badge>{row.original.isRequired ? t("lists.field.required") : t("lists.field.optional")}</Badge>
            {row.original.isHidden ? <Badge>{t("lists.field.hidden")}</Badge> : null}
            {row.original.isEncryptable ? <Badge>{t("lists.field.encrypted")}</Badge> : null}
          </div>
        ),
      },
      ...(canDesign
        ? [
            {
              id: "actions",
              header: () => <span className="sr-only">{t("lists.field.actions")}</span>,
              meta: { className: "text-right" },
              cell: ({ row }) => (
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-danger"
                  aria-label={t("lists.delete_field.button", { slug: row.original.slug })}
                  onClick={() => {
                    setDialogError(null);
                    setDeleting(row.original);
                  }}
                >
                  {t("lists.delete_field.short")}
                </Button>
              ),
            } satisfies ColumnDef<FieldDefinition>,
          ]
        : []),
    ],
    [t, canDesign],
  );

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
      <DataTable
        columns={columns}
        data={fields}
        getRowId={(field) => field.slug}
        caption={t("lists.detail.fields")}
        rowProps={(field) => ({ "data-testid": `field-${field.slug}` })}
      />
      {canDesign ? <AddFieldForm schemaId={schemaId} existing={fields} onAdded={setStatus} /> : null}
      <LazyConfirmDialog
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
      </LazyConfirmDialog>
    </section>
  );
}
