"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A `<details>` that behaves as a menu once its code runs: Escape closes it and gives the focus back to its button, a
 * click outside closes it. Before that (and without JavaScript) it is a plain disclosure: the summary toggles it.
 */
export function DisclosureMenu({
  summary,
  summaryClassName,
  className,
  testId,
  children,
}: {
  summary: ReactNode;
  summaryClassName?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const details = ref.current;
    const close = (focus: boolean) => {
      if (!details) return;
      details.open = false;
      if (focus) details.querySelector("summary")?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (details && !details.contains(event.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  return (
    <details ref={ref} className={className} data-testid={testId} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={summaryClassName}>{summary}</summary>
      {children}
    </details>
  );
}
