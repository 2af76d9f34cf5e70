"use client";

import { useId, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Field, GroupError, Input } from "./field";
import { Modal } from "./modal";

/**
 * A modal confirmation on the native <dialog>: focus stays inside, Escape
 * cancels. With `typed`, what cannot be undone waits until the user types the
 * given text (a slug, a list's name): the confirm button is disabled before.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  typed,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  /** A refusal to show in the dialog (on the typed text's input when there is one). */
  error?: string | null;
  /** The text to type before confirming, and the label of its input. */
  typed?: { expected: string; prompt: string };
  /** Gets the text typed (empty without `typed`). */
  onConfirm: (typedText: string) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const [text, setText] = useState("");
  // Each opening starts with an empty typed text.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setText("");
  }
  const confirmed = !typed || text.trim() === typed.expected.trim();
  return (
    <Modal open={open} labelledBy={titleId} onCancel={() => !pending && onCancel()}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !pending) onConfirm(text);
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children ? <div className="mt-2 space-y-2 text-sm text-muted">{children}</div> : null}
        {typed ? (
          <Field label={typed.prompt} error={error ? { message: error } : undefined} required className="mt-4">
            <Input autoComplete="off" spellCheck={false} value={text} onChange={(event) => setText(event.target.value)} autoFocus />
          </Field>
        ) : (
          <GroupError error={error ? { message: error } : undefined} className="mt-4" />
        )}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed || pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
