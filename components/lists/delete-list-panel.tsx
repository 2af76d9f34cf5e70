"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import { deleteListAction } from "@/lib/features/lists/actions";
import { serializeListsPageParams } from "@/lib/features/lists/lists-page-params";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { callAction } from "@/lib/core/actions/call-action";

/** Deletes the list (its fields and records with it) after its name is typed; the platform is asked afterwards whether it is gone. */
export function DeleteListPanel({ schemaId, name }: { schemaId: string; name: string }) {
  const t = useT();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <section aria-labelledby="delete-list-title" className="space-y-2 rounded-lg border border-danger/60 bg-surface p-4">
      <h2 id="delete-list-title" className="font-semibold text-danger">
        {t("lists.delete_list.title")}
      </h2>
      <p className="text-sm text-muted">{t("lists.delete_list.body")}</p>
      <Button
        variant="danger"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {t("lists.delete_list.button")}
      </Button>
      <LazyConfirmDialog
        open={open}
        title={t("lists.delete_list.dialog_title", { name })}
        typed={{ expected: name, prompt: t("lists.delete_list.prompt", { name }) }}
        confirmLabel={t("lists.delete_list.confirm")}
        cancelLabel={t("common.cancel")}
        pending={pending}
        error={error}
        onCancel={() => setOpen(false)}
        onConfirm={async (typed) => {
          setPending(true);
          setError(null);
          const result = await callAction(deleteListAction, { schemaId, name, confirmation: typed }, t);
          if (result.ok) {
            router.push(serializeListsPageParams("/lists", { deleted: result.data.name }));
            return;
          }
          setPending(false);
          setError(Object.values(result.error.fieldErrors).flat()[0] ?? result.error.message);
        }}
      >
        <p className="font-medium text-danger">{t("lists.delete_list.warning")}</p>
      </LazyConfirmDialog>
    </section>
  );
}
