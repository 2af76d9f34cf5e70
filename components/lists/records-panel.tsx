"use client";

import { useMemo, useState, type ReactNode } from "react";
import type { FieldDefinition } from "@/lib/contract/facts";
import dynamic from "next/dynamic";
import { useUrlState } from "@/lib/core/url-state/use-url-state";
import type { ColumnDef } from "@tanstack/react-table";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RecordsEmpty } from "./records-empty";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { DataTable } from "@/components/ui/data-table";
import { formatTimestamp } from "@/lib/dashboard/format";
import type { RecordView, RecordsAnswer } from "@/lib/features/lists/types";
import { deleteRecordAction } from "@/lib/features/lists/actions";
import { RecordValue } from "./record-value";
import { listPageParsers } from "@/lib/features/lists/list-page-params";
import { useListRecords, useRefreshListRecords } from "@/lib/features/lists/use-list-records";
import { callAction } from "@/lib/core/actions/call-action";

// The record form (its inputs, money and date checks) loads when a record is added or edited, not with the page.
const RecordForm = dynamic(() => import("./record-form").then((module) => module.RecordForm), { ssr: false });

/**
 * The list's records (getListItems, 50 a page, the page in the URL) in a
 * TanStack table with a column per field; add, edit and delete for roles that
 * may write records. A platform without the record extension is said so.
 */
export function RecordsPanel({
  schemaId,
  fields,
  canWrite,
  note,
  initial = null,
}: {
  schemaId: string;
  fields: FieldDefinition[];
  canWrite: boolean;
  note: ReactNode;
  /** The records page the server read with the page (null: read here), so the rows are there at the first paint. */
  initial?: { page: number; answer: RecordsAnswer } | null;
}) {
  const { t, locale, timeZone } = useI18n();
  const [{ records: page }, setUrl] = useUrlState(listPageParsers, { history: "replace" });
  const query = useListRecords(schemaId, fields, page, initial);
  const refresh = useRefreshListRecords(schemaId);
  const [editing, setEditing] = useState<RecordView | "new" | null>(null);
  const [deleting, setDeleting] = useState<RecordView | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [status, setStatus] = useState<{ tone: "success" | "danger"; text: string } | null>(null);

  const goTo = (next: number) => void setUrl({ records: next });

  const columns = useMemo<ColumnDef<RecordView, unknown>[]>(() => {
    const valueColumns = fields.map((field): ColumnDef<RecordView, unknown> => ({
      accessorFn: (record) => record.values[field.slug],
      id: `value:${field.slug}`,
      meta: { label: field.name },
      header: () => (
        <span>
          {field.name}
          {field.isHidden ? <span className="ml-1 text-xs font-normal text-muted">({t("lists.field.hidden")})</span> : null}
        </span>
      ),
      cell: (info) => <RecordValue field={field} value={info.getValue()} locale={locale} timeZone={timeZone} t={t} />,
    }));
    const created: ColumnDef<RecordView, unknown> = {
      accessorFn: (record) => record.createdAt,
      id: "created",
      header: t("lists.created"),
      meta: { className: "whitespace-nowrap" },
      cell: (info) => formatTimestamp(info.getValue() as RecordView["createdAt"], locale, timeZone),
    };
    const actions: ColumnDef<RecordView, unknown> = {
      id: "actions",
      header: () => <span className="sr-only">{t("records.actions")}</span>,
      cell: ({ row }) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" className="px-2 py-1" aria-label={t("records.edit_label", { n: row.index + 1 })} onClick={() => setEditing(row.original)}>
            {t("records.edit")}
          </Button>
          <Button
            variant="ghost"
            className="px-2 py-1 text-danger"
            aria-label={t("records.delete_label", { n: row.index + 1 })}
            onClick={() => setDeleting(row.original)}
          >
            {t("records.delete")}
          </Button>
        </div>
      ),
    };
    return [...valueColumns, created, ...(canWrite ? [actions] : [])];
  }, [fields, canWrite, locale, timeZone, t]);

  const answer = query.data;
  const records = answer?.available ? answer.records : [];

  return (
    <section aria-labelledby="records-title" className="space-y-4" data-testid="records-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 id="records-title" className="text-lg font-semibold">
            {t("records.title")}
          </h2>
          {answer?.available ? (
            <span className="text-sm text-muted" data-testid="records-total">
              {t("records.total", { count: answer.total })}
            </span>
          ) : null}
        </div>
        {/* Adding is the header's action: the rows start right below. */}
        {canWrite && answer?.available && editing === null ? (
          <Button
            onClick={() => {
              setStatus(null);
              setEditing("new");
            }}
            disabled={fields.length === 0}
          >
            {t("records.add")}
          </Button>
        ) : null}
      </div>
      {note}
      {status ? (
        <Alert tone={status.tone} live>
          <span data-testid="records-status">{status.text}</span>
        </Alert>
      ) : null}

      {query.isError && !answer ? (
        <Alert tone="danger" live title={t("records.error")}>
          <p>{query.error instanceof Error ? query.error.message : ""}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            {t("records.retry")}
          </Button>
        </Alert>
      ) : !answer ? (
        <div role="status" aria-busy="true" className="space-y-2">
          <span className="sr-only">{t("records.loading")}</span>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : !answer.available ? (
        <Alert tone="warning" title={t("records.unavailable_title")}>
          <span data-testid="records-unavailable">{t("records.unavailable")}</span>
        </Alert>
      ) : (
        <>
          {canWrite && editing !== null ? (
            <RecordForm
              key={editing === "new" ? "new" : editing.id}
              schemaId={schemaId}
              fields={fields}
              record={editing === "new" ? null : editing}
              onCancel={() => setEditing(null)}
              onSaved={(text) => {
                setEditing(null);
                setStatus({ tone: "success", text });
                void refresh();
              }}
            />
          ) : null}
          <DataTable
            columns={columns}
            data={records}
            getRowId={(record) => record.id}
            caption={t("records.caption", { page: answer.page, pages: answer.pages })}
            testId="records-table"
            rowProps={() => ({ "data-testid": "record-row" })}
            loading={query.isFetching}
            empty={<RecordsEmpty canAdd={canWrite && fields.length > 0} />}
            pager={{ page: answer.page, pages: answer.pages, onPage: goTo }}
          />
        </>
      )}

      <LazyConfirmDialog
        open={deleting !== null}
        title={t("records.delete_title")}
        confirmLabel={t("records.delete")}
        cancelLabel={t("common.cancel")}
        pending={deletePending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          setDeletePending(true);
          const result = await callAction(deleteRecordAction, { schemaId, itemId: deleting.id }, t);
          setDeletePending(false);
          setDeleting(null);
          setStatus(result.ok ? { tone: "success", text: t("records.deleted") } : { tone: "danger", text: result.error.message });
          void refresh();
        }}
      >
        {t("records.delete_body")}
      </LazyConfirmDialog>
    </section>
  );
}
