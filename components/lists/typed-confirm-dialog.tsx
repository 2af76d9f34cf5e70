"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

/**
 * A modal confirmation for what cannot be undone: the user types a word (a
 * slug, a list's name) before the confirm button works. Native <dialog>:
 * focus stays inside, Escape cancels.
 */
export function TypedConfirmDialog({
  open,
  title,
  children,
  expected,
  prompt,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  expected: string;
  prompt: string;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: (typed: string) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTyped("");
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const matches = typed.trim() === expected.trim();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-border bg-surface p-6 text-fg shadow-xl backdrop:bg-black/50"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !pending) onConfirm(typed);
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children ? <div className="mt-2 space-y-2 text-sm">{children}</div> : null}
        <div className="mt-4 space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium">
            {prompt}
          </label>
          <Input
            id={inputId}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            autoFocus
          />
          {error ? (
            <p id={`${inputId}-error`} className="text-sm text-danger" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
