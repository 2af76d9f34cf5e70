import type { ReactNode } from "react";
import { th, td } from "@/components/ui/table";

export { th, td };

/**
 * The shared table, for the ledger's wide tables shown in narrow places (an
 * account card): its scroll area is a named, keyboard-focusable region, so a
 * keyboard user can scroll it sideways (axe: scrollable-region-focusable).
 */
export function LedgerTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-border bg-surface">
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
