import type { ReactNode } from "react";

/**
 * A scrollable table with a caption for screen readers. `focusable` makes the
 * scroll area a named, keyboard-focusable region, for wide tables in narrow
 * places (an account card), so a keyboard user can scroll it sideways
 * (axe: scrollable-region-focusable).
 */
export function Table({ caption, head, children, focusable = false }: { caption: string; head: ReactNode; children: ReactNode; focusable?: boolean }) {
  return (
    <div
      {...(focusable ? { role: "region", "aria-label": caption, tabIndex: 0 } : {})}
      className="overflow-x-auto rounded-lg border border-border bg-surface"
    >
      <table className="min-w-full divide-y divide-border text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-left">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

export const th = "px-3 py-2 font-medium whitespace-nowrap";
export const td = "px-3 py-2 align-top";
