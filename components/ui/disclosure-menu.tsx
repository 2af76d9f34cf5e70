"use client";

import { useRef, useState, type ReactNode } from "react";
import { useDismiss } from "./use-dismiss";

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
  useDismiss(open, ref, (returnFocus) => {
    const details = ref.current;
    if (!details) return;
    details.open = false;
    if (returnFocus) details.querySelector("summary")?.focus();
  });
  return (
    <details ref={ref} className={className} data-testid={testId} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={summaryClassName}>{summary}</summary>
      {children}
    </details>
  );
}
