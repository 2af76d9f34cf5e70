"use client";

import { useId, useState, useTransition } from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { useI18n } from "@/components/i18n-provider";
import { Notice } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input } from "@/components/ui/field";
import { applyServerErrors, fieldsNamed } from "@/lib/actions/server-errors";
import type { ActionResult } from "@/lib/actions/result";
import { deleteViewAction, renameViewAction, saveViewAction } from "@/lib/contacts/actions";
import type { SavedView, ViewNameForm } from "@/lib/contacts/saved-views/forms";
import { MAX_VIEW_NAME_LENGTH } from "@/lib/contacts/saved-views/limits";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";

const viewNameResolver = lazyZodResolver<ViewNameForm>(() => import("@/lib/contacts/saved-views/forms").then((forms) => forms.ViewNameFormSchema));

const BROWSER_PATH = "/contacts";
const byName = (a: SavedView, b: SavedView) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

type NoticeState = { tone: "success" | "danger"; text: string } | null;

/**
 * The member's saved views of the contact browser: each is a link to the browser's URL with its
 * filters (opening it applies them, and it can be shared as it is), with Copy link, Rename and
 * Delete; "Save view" names the current URL's filters and order (`currentQuery`, from the URL map's
 * serializer).
 */
export function SavedViews({ initialViews, currentQuery }: { initialViews: SavedView[]; currentQuery: string }) {
  const { t } = useI18n();
  const titleId = useId();
  const [views, setViews] = useState(initialViews);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [pending, startDelete] = useTransition();

  const put = (view: SavedView) => setViews((current) => [...current.filter((other) => other.id !== view.id), view].sort(byName));
  const copyLink = async (view: SavedView) => {
    const url = new URL(`${BROWSER_PATH}${view.query}`, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      setNotice({ tone: "success", text: t("views.copied", { name: view.name }) });
    } catch {
      setNotice({ tone: "danger", text: t("views.copy_failed", { url }) });
    }
  };
  const confirmDelete = () =>
    startDelete(async () => {
      if (!deleting) return;
      const result = await deleteViewAction({ id: deleting.id });
      // Already gone (another tab): the list forgets it all the same.
      if (!result.ok && result.error.code !== "views.not_found") return setDeleteError(result.error.message);
      setViews((current) => current.filter((view) => view.id !== deleting.id));
      setNotice({ tone: "success", text: t("views.deleted", { name: deleting.name }) });
      setDeleting(null);
    });

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border border-border bg-surface p-4" data-testid="saved-views">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold">
          {t("views.title")}
        </h2>
        {saving ? null : (
          <Button variant="secondary" onClick={() => (setSaving(true), setNotice(null))}>
            {t("views.save")}
          </Button>
        )}
      </div>
      <Notice notice={notice} />
      {saving ? (
        <ViewNameEditor
          title={t("views.save_title")}
          submitLabel={t("views.save")}
          initialName=""
          submit={(name) => saveViewAction({ name, query: currentQuery })}
          onDone={(view) => {
            put(view);
            setSaving(false);
            setNotice({ tone: "success", text: t("views.saved", { name: view.name }) });
          }}
          onCancel={() => setSaving(false)}
        />
      ) : null}
      {views.length === 0 ? (
        <p className="text-sm text-muted">{t("views.none")}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t("views.title")}>
          {views.map((view) => (
            <li key={view.id} className="space-y-2 py-2" data-testid="saved-view" data-view-id={view.id}>
              {renaming === view.id ? (
                <ViewNameEditor
                  title={t("views.rename_of", { name: view.name })}
                  submitLabel={t("views.rename_submit")}
                  initialName={view.name}
                  submit={(name) => renameViewAction({ id: view.id, name })}
                  onDone={(renamed) => {
                    put(renamed);
                    setRenaming(null);
                    setNotice({ tone: "success", text: t("views.renamed", { name: renamed.name }) });
                  }}
                  onCancel={() => setRenaming(null)}
                />
              ) : (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Link
                    href={`${BROWSER_PATH}${view.query}`}
                    className="font-medium text-primary underline-offset-2 hover:underline"
                    aria-current={view.query === currentQuery ? "page" : undefined}
                  >
                    {view.name}
                  </Link>
                  {view.query === currentQuery ? <span className="text-xs text-muted">{t("views.current")}</span> : null}
                  <span className="ml-auto flex flex-wrap gap-1">
                    <Button variant="ghost" className="text-xs" aria-label={t("views.copy_link_of", { name: view.name })} onClick={() => void copyLink(view)}>
                      {t("views.copy_link")}
                    </Button>
                    <Button variant="ghost" className="text-xs" aria-label={t("views.rename_of", { name: view.name })} onClick={() => setRenaming(view.id)}>
                      {t("views.rename")}
                    </Button>
                    <Button
                      variant="ghost"
                      className="text-xs text-danger"
                      aria-label={t("views.delete_of", { name: view.name })}
                      onClick={() => (setDeleteError(null), setDeleting(view))}
                    >
                      {t("views.delete")}
                    </Button>
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted">{t("views.share_hint")}</p>
      <ConfirmDialog
        open={deleting !== null}
        title={t("views.delete_title", { name: deleting?.name ?? "" })}
        confirmLabel={pending ? t("views.deleting") : t("views.delete")}
        cancelLabel={t("views.cancel")}
        pending={pending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>{t("views.delete_body")}</p>
      </ConfirmDialog>
    </section>
  );
}

/** The name form of saving and renaming: the schema's checks in the browser, the server's refusals (duplicate, limit) on the name. */
function ViewNameEditor({
  title,
  submitLabel,
  initialName,
  submit,
  onDone,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  initialName: string;
  submit: (name: string) => Promise<ActionResult<SavedView>>;
  onDone: (view: SavedView) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const titleId = useId();
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
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="space-y-3 rounded-md border border-border p-3" data-testid="view-name-form">
      <p id={titleId} className="text-sm font-medium">
        {title}
      </p>
      {failure ? <Notice notice={{ tone: "danger", text: failure }} /> : null}
      <Field
        label={t("views.name")}
        description={t("views.name_hint", { max: MAX_VIEW_NAME_LENGTH })}
        error={errors.name}
        errorVars={{ max: MAX_VIEW_NAME_LENGTH }}
        required
        className="sm:max-w-md"
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
