"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * A modal on the native <dialog>: shown with showModal while `open` (the page
 * behind is inert, focus stays inside), Escape asks `onCancel`, and on close
 * focus goes back to what had it before.
 */
export function Modal({
  open,
  onCancel,
  labelledBy,
  className,
  children,
}: {
  open: boolean;
  onCancel: () => void;
  labelledBy: string;
  /** Its place, width and padding (default: centred, 32rem, p-6). */
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      if (returnTo.current?.isConnected) returnTo.current.focus();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={cn(
        "rounded-lg border border-border bg-surface text-fg shadow-xl backdrop:bg-black/50",
        className ?? "m-auto w-[min(32rem,calc(100vw-2rem))] p-6",
      )}
    >
      {children}
    </dialog>
  );
}
