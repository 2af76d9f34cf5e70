"use client";

import { useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "./button";
import { cn } from "./cn";
import { useDismiss } from "./use-dismiss";

const GAP = 4;
const MARGIN = 8;

/** Puts the open panel under its button (its start or end edge), inside the window, no taller than the room below. */
function place(panel: HTMLElement, button: HTMLElement, align: "start" | "end") {
  const anchor = button.getBoundingClientRect();
  const width = panel.offsetWidth;
  const wanted = align === "end" ? anchor.right - width : anchor.left;
  const left = Math.max(MARGIN, Math.min(wanted, window.innerWidth - width - MARGIN));
  const top = anchor.bottom + GAP;
  panel.style.left = `${left}px`;
  panel.style.top = `${top}px`;
  panel.style.maxHeight = `${Math.max(160, window.innerHeight - top - MARGIN)}px`;
}

/**
 * A button and the panel it opens under it: fixed to the window (never clipped by a scroll box, never widening the
 * page), closed by the button, Escape (focus goes back to the button) or a press outside. `children` may be a function
 * of `close`, for a control in the panel that moves on (a link, a button that opens a dialog): closing hands the focus
 * back to the button, so that a dialog opened next returns it there.
 */
export function Popover({
  label,
  buttonLabel,
  children,
  align = "start",
  className,
  buttonClassName,
  panelClassName,
  testId,
}: {
  /** The button's content. */
  label: ReactNode;
  /** The button's accessible name when its content says less (a count badge). */
  buttonLabel?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: "start" | "end";
  className?: string;
  buttonClassName?: string;
  /** The panel's width and padding (default: 20rem, p-3). */
  panelClassName?: string;
  testId?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const button = buttonRef.current;
    if (!open || !panel || !button) return;
    const follow = () => place(panel, button, align);
    follow();
    window.addEventListener("resize", follow);
    window.addEventListener("scroll", follow, { capture: true, passive: true });
    return () => {
      window.removeEventListener("resize", follow);
      window.removeEventListener("scroll", follow, { capture: true });
    };
  }, [open, align]);
  // By id, not by buttonRef: `close` is handed to the children while rendering, where a ref may not be read.
  const close = () => {
    setOpen(false);
    document.getElementById(`${id}-button`)?.focus();
  };
  useDismiss(open, rootRef, (returnFocus) => (returnFocus ? close() : setOpen(false)));
  return (
    <div ref={rootRef} className={cn("inline-flex", className)} data-testid={testId}>
      <button
        ref={buttonRef}
        id={`${id}-button`}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={buttonLabel}
        onClick={() => setOpen(!open)}
        className={buttonClass("secondary", cn("whitespace-nowrap", buttonClassName))}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      <div
        ref={panelRef}
        id={`${id}-panel`}
        hidden={!open}
        className={cn(
          "fixed z-40 overflow-auto rounded-md border border-border bg-surface text-fg shadow-lg",
          panelClassName ?? "w-[min(20rem,calc(100vw-1rem))] p-3",
        )}
      >
        {typeof children === "function" ? children(close) : children}
      </div>
    </div>
  );
}
