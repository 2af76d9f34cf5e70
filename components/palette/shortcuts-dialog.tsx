"use client";

import { useId } from "react";
import { useT } from "@/components/shell/i18n-provider";
import { useViewer } from "@/components/shell/providers";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { shortcutsFor } from "@/lib/features/palette/commands";
import { Keys } from "./keys";

/** The `?` dialog: every keyboard shortcut the member can use. */
export function ShortcutsDialog({ open, onClose, modifier }: { open: boolean; onClose: () => void; modifier: string }) {
  const t = useT();
  const titleId = useId();
  const shortcuts = shortcutsFor(useViewer().permissions, modifier);
  return (
    <Modal open={open} onCancel={onClose} labelledBy={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {t("shortcuts.title")}
      </h2>
      <dl className="mt-4 space-y-2 text-sm" data-testid="shortcuts">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.keys.join("+")} className="flex items-center justify-between gap-4">
            <dt>{t(shortcut.labelKey, shortcut.page ? { page: t(shortcut.page.labelKey) } : undefined)}</dt>
            <dd>
              <Keys keys={shortcut.keys} sequence={shortcut.keys[0] === "G"} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-muted">{t("shortcuts.note")}</p>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose} autoFocus>
          {t("shortcuts.close")}
        </Button>
      </div>
    </Modal>
  );
}
