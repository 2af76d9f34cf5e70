import { RowLink } from "./row-link";
import type { ReactNode } from "react";
import { formatCount } from "@/lib/dashboard/format";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { Button, buttonClass } from "./button";
import { cn } from "./cn";

interface PagerBase {
  /** The page shown, from 1; may be past `pages` (an old link), then Previous goes to the last page. */
  page: number;
  pages: number;
  /** First and Last beside Previous and Next. */
  firstLast?: boolean;
  /** The navigation's name; "Pagination" unless a page has several pagers. */
  label?: string;
  /** The number of rows across all pages, kept on the nav as `data-total`. */
  total?: number;
  /** "contacts" gives data-testid="contacts-pager" on the nav and "contacts-page" on "Page X of Y". */
  testId?: string;
  className?: string;
}

/** Links for server-rendered pages (the page stays in the URL), buttons for client tables. */
export type PagerProps = PagerBase & ({ hrefFor: (page: number) => string; onPage?: never } | { onPage: (page: number) => void; hrefFor?: never });

/**
 * The Pager's markup, hook-free: the client's Pager (./pager) gives it the viewer's translator, a table drawn on the
 * server (ServerDataTable) the server's.
 */
export function PagerView({
  page,
  pages,
  firstLast = false,
  label,
  total,
  testId,
  className,
  t,
  locale,
  ...target
}: PagerProps & { t: Translate; locale: Locale }) {
  if (pages <= 1 && page <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= pages;

  const step = (to: number, text: string, disabled: boolean, rel?: "prev" | "next"): ReactNode => {
    if (target.onPage) {
      const onPage = target.onPage;
      return (
        <Button variant="secondary" disabled={disabled} onClick={() => onPage(to)}>
          {text}
        </Button>
      );
    }
    if (disabled) {
      // A link without a target: not focusable, announced as a dimmed link.
      return (
        <a role="link" aria-disabled="true" className={buttonClass("secondary", "pointer-events-none opacity-50")}>
          {text}
        </a>
      );
    }
    return (
      <RowLink className={buttonClass("secondary")} href={target.hrefFor(to)} rel={rel}>
        {text}
      </RowLink>
    );
  };

  return (
    <nav
      aria-label={label ?? t("common.pagination")}
      className={cn("flex flex-wrap items-center justify-between gap-3 text-sm", className)}
      data-total={total}
      data-testid={testId ? `${testId}-pager` : undefined}
    >
      <div className="flex gap-2">
        {firstLast ? step(1, t("common.first"), atStart) : null}
        {step(Math.max(1, Math.min(page - 1, pages)), t("common.previous"), atStart, "prev")}
      </div>
      <span className="text-muted" data-testid={testId ? `${testId}-page` : undefined}>
        {t("common.page_of", { page: formatCount(page, locale), pages: formatCount(pages, locale) })}
      </span>
      <div className="flex gap-2">
        {step(page + 1, t("common.next"), atEnd, "next")}
        {firstLast ? step(pages, t("common.last"), atEnd) : null}
      </div>
    </nav>
  );
}
