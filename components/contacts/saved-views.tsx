"use client";

import { useId, useState, useTransition } from "react";
import Link from "next/link";
import { useI18n } from "@/components/shell/i18n-provider";
import { Notice } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Popover } from "@/components/ui/popover";
import { lazyComponent } from "@/components/ui/lazy-component";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { deleteViewAction, renameViewAction, saveViewAction } from "@/lib/features/contacts/actions";
import type { SavedView } from "@/lib/features/contacts/saved-views/forms";
import { callAction } from "@/lib/core/actions/call-action";

// The name form (with react-hook-form) opens on Save view or Rename: it loads then (or when the pointer or focus
// reaches one of those buttons), not with the page.
const { Component: ViewNameEditor, preloadProps: editorPreload } = lazyComponent(() => import("./view-name-editor").then((editor) => editor.ViewNameEditor));

const BROWSER_PATH = "/contacts";
const byName = (a: SavedView, b: SavedView) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

type NoticeState = { tone: "success" | "danger"; text: string } | null;

/**
 * The member's saved views of the contact browser, a menu in the page header (named after the view shown now): each is
 * a link to the browser's URL with its filters (opening it applies them, and it can be shared as it is), with Copy
 * link, Rename and Delete; "Save view" names the current URL's filters and order (`currentQuery`, from the URL map's
 * serializer). The name form opens in a dialog; what happened is said beside the menu.
 */
export function SavedViews({ initialViews, currentQuery }: { initialViews: SavedView[]; currentQuery: string }) {
  const { t } = useI18n();
  const titleId = useId();
  const [views, setViews] = useState(initialViews);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState<SavedView | null>(null);
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
      const result = await callAction(deleteViewAction, { id: deleting.id }, t);
      // Already gone (another tab): the list forgets it all the same.
      if (!result.ok && result.error.code !== "views.not_found") return setDeleteError(result.error.message);
      setViews((current) => current.filter((view) => view.id !== deleting.id));
      setNotice({ tone: "success", text: t("views.deleted", { name: deleting.name }) });
      setDeleting(null);
    });

  const current = views.find((view) => view.query === currentQuery);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2" data-testid="saved-views">
      <Popover
        label={
          current ? (
            <span className="max-w-32 truncate sm:max-w-48">{current.name}</span>
          ) : (
            <>
              <span className="sm:hidden">{t("views.menu_short")}</span>
              <span className="max-sm:hidden">{t("views.title")}</span>
            </>
          )
        }
        buttonLabel={current ? t("views.menu_current", { name: current.name }) : t("views.title")}
        buttonClassName="px-2.5 py-1.5"
        panelClassName="w-[min(24rem,calc(100vw-1rem))] p-3"
      >
        {(close) => (
          <div className="space-y-2">
            <p id={titleId} className="text-sm font-semibold">
              {t("views.title")}
            </p>
            {views.length === 0 ? (
              <p className="text-sm text-muted">{t("views.none")}</p>
            ) : (
              <ul className="divide-y divide-border" aria-labelledby={titleId}>
                {views.map((view) => (
                  <li key={view.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 py-1.5" data-testid="saved-view" data-view-id={view.id}>
                    <Link
                      href={`${BROWSER_PATH}${view.query}`}
                      className="min-w-0 font-medium text-primary underline-offset-2 wrap-anywhere hover:underline"
                      aria-current={view.query === currentQuery ? "page" : undefined}
                      onClick={close}
                    >
                      {view.name}
                    </Link>
                    {view.query === currentQuery ? <span className="text-xs text-muted">{t("views.current")}</span> : null}
                    <span className="ml-auto flex flex-wrap gap-1">
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-xs"
                        aria-label={t("views.copy_link_of", { name: view.name })}
                        onClick={() => void copyLink(view)}
                      >
                        {t("views.copy_link")}
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-xs"
                        aria-label={t("views.rename_of", { name: view.name })}
                        onClick={() => (close(), setNotice(null), setRenaming(view))}
                        {...editorPreload}
                      >
                        {t("views.rename")}
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-xs text-danger"
                        aria-label={t("views.delete_of", { name: view.name })}
                        onClick={() => (close(), setDeleteError(null), setDeleting(view))}
                      >
                        {t("views.delete")}
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {saving ? null : (
              <Button variant="secondary" className="w-full" onClick={() => (close(), setSaving(true), setNotice(null))} {...editorPreload}>
                {t("views.save")}
              </Button>
            )}
            <p className="text-xs text-muted">{t("views.share_hint")}</p>
          </div>
        )}
      </Popover>
      <Notice notice={notice} />
      <Modal open={saving || renaming !== null} onCancel={() => (setSaving(false), setRenaming(null))} labelledBy={`${titleId}-editor`}>
        {saving ? (
          <ViewNameEditor
            titleId={`${titleId}-editor`}
            title={t("views.save_title")}
            submitLabel={t("views.save")}
            initialName=""
            submit={(name) => callAction(saveViewAction, { name, query: currentQuery }, t)}
            onDone={(view) => {
              put(view);
              setSaving(false);
              setNotice({ tone: "success", text: t("views.saved", { name: view.name }) });
            }}
            onCancel={() => setSaving(false)}
          />
        ) : renaming ? (
          <ViewNameEditor
            key={renaming.id}
            titleId={`${titleId}-editor`}
            title={t("views.rename_of", { name: renaming.name })}
            submitLabel={t("views.rename_submit")}
            initialName={renaming.name}
            submit={(name) => callAction(renameViewAction, { id: renaming.id, name }, t)}
            onDone={(renamed) => {
              put(renamed);
              setRenaming(null);
              setNotice({ tone: "success", text: t("views.renamed", { name: renamed.name }) });
            }}
            onCancel={() => setRenaming(null)}
          />
        ) : null}
      </Modal>
      <LazyConfirmDialog
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
      </LazyConfirmDialog>
    </div>
  );
}
