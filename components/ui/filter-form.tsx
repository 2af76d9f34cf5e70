import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass } from "./button";

/**
 * Filters as a plain GET form: applying them writes the URL (the page's only state) and, having no page field, starts
 * again at page 1; "Clear" is a link to the page without them. Works without JavaScript; back and forward move between
 * filter sets. The fields are the children (Field + Select/Input, each with a `name`).
 */
export function FilterForm({
  action,
  label,
  applyLabel,
  clearLabel,
  children,
}: {
  action: string;
  label: string;
  applyLabel: string;
  clearLabel: string;
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-surface p-4" aria-label={label}>
      {children}
      <div className="flex flex-wrap items-end gap-2">
        <button type="submit" className={buttonClass("primary")}>
          {applyLabel}
        </button>
        <Link className={buttonClass("ghost")} href={action}>
          {clearLabel}
        </Link>
      </div>
    </form>
  );
}
