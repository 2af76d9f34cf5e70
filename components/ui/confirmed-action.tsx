"use client";

import { useState, useTransition, type ComponentProps, type ReactNode, type TransitionStartFunction } from "react";
import { Button } from "./button";
import { LazyConfirmDialog } from "./lazy-confirm-dialog";

/**
 * A button that asks first. A click opens the confirmation (LazyConfirmDialog: its code loads then); its confirm runs
 * `onConfirm` in a transition, during which the dialog stays open and every button of it and the trigger wait; then
 * the dialog closes, whatever the outcome (`onConfirm` says it, in a notice of the caller's).
 * `transition`: the caller's own [pending, start], when other controls wait on the same work; else one of its own.
 */
export function ConfirmedAction({
  label,
  ariaLabel,
  variant = "danger",
  disabled = false,
  describedBy,
  title,
  confirmLabel,
  cancelLabel,
  children,
  onConfirm,
  transition,
}: {
  label: ReactNode;
  ariaLabel?: string;
  variant?: ComponentProps<typeof Button>["variant"];
  disabled?: boolean;
  describedBy?: string;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  children: ReactNode;
  onConfirm: () => Promise<void>;
  transition?: [boolean, TransitionStartFunction];
}) {
  const own = useTransition();
  const [pending, startTransition] = transition ?? own;
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant={variant} aria-label={ariaLabel} aria-describedby={describedBy} disabled={pending || disabled} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <LazyConfirmDialog
        open={confirming}
        title={title}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        pending={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          startTransition(async () => {
            await onConfirm();
            setConfirming(false);
          })
        }
      >
        {children}
      </LazyConfirmDialog>
    </>
  );
}
