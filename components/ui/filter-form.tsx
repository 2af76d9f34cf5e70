import Link from "next/link";
import type { ReactNode } from "react";
import type { Translate } from "@/lib/i18n/translate";
import { buttonClass } from "./button";
import { DisclosureMenu } from "./disclosure-menu";

/** A filter in force: what it is, its value as the reader knows it, and the page's URL without it. */
export interface ActiveFilter {
  name: string;
  label: string;
  value: string;
  removeHref: string;
}

/**
 * A table's filters as one toolbar row: a "Filters" disclosure (a plain GET form: applying writes the URL, the page's
 * only state, and having no page field starts again at page 1), a chip per filter in force (a link to the page without
 * it), "Clear" when any is set, and the page's own actions at the end of the row (its downloads). Works without
 * JavaScript; back and forward move between filter sets. The fields are the children (Field + Select/Input, each with a
 * `name`); `hidden` keeps URL filters the form has no field for.
 */
export function FilterForm({
  action,
  t,
  active,
  hidden = {},
  actions,
  testId,
  children,
}: {
  action: string;
  /** Its words: "Filters", "Apply", "Clear filters" and, read after a chip's text by screen readers, "remove this filter". */
  t: Translate;
  active: readonly ActiveFilter[];
  hidden?: Record<string, string>;
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const label = t("audit.filters");
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={testId}>
      <DisclosureMenu
        className="relative"
        testId={testId ? `${testId}-menu` : undefined}
        summaryClassName={buttonClass("secondary", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
        summary={
          <>
            <span>{label}</span>
            {active.length ? (
              <span className="rounded-full bg-primary px-1.5 text-xs text-primary-fg" data-testid={testId ? `${testId}-count` : undefined}>
                {active.length}
              </span>
            ) : null}
            <span aria-hidden="true">▾</span>
          </>
        }
      >
        <form
          method="get"
          action={action}
          aria-label={label}
          className="absolute left-0 z-20 mt-2 w-[min(36rem,calc(100vw-2rem))] space-y-4 rounded-lg border border-border bg-surface p-4 shadow-lg"
        >
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="grid gap-3 sm:grid-cols-2">{children}</div>
          <button type="submit" className={buttonClass("primary")}>
            {t("audit.filter.apply")}
          </button>
        </form>
      </DisclosureMenu>
      {active.map((filter) => (
        <Link
          key={filter.name}
          href={filter.removeHref}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-surface-2 px-3 py-1 text-sm wrap-anywhere hover:border-primary"
          data-testid={`filter-chip-${filter.name}`}
        >
          <span className="text-muted">{filter.label}:</span>
          <span className="font-medium">{filter.value}</span>
          <span aria-hidden="true">×</span>
          <span className="sr-only">{t("audit.filter.remove")}</span>
        </Link>
      ))}
      {active.length ? (
        <Link className={buttonClass("ghost", "py-1")} href={action}>
          {t("audit.clear")}
        </Link>
      ) : null}
      {actions ? <div className="ml-auto flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
