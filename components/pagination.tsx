import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";
import { buttonClass } from "@/components/ui/button";

/** Previous / next links that keep the page in the URL. */
export function Pagination({ page, pages, hrefFor, t }: { page: number; pages: number; hrefFor: (page: number) => string; t: Translate }) {
  if (pages <= 1) return null;
  const disabled = "pointer-events-none opacity-50";
  return (
    <nav aria-label={t("common.pagination")} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link className={buttonClass("secondary")} href={hrefFor(page - 1)} rel="prev">
          {t("common.previous")}
        </Link>
      ) : (
        <span className={buttonClass("secondary", disabled)} aria-disabled="true">
          {t("common.previous")}
        </span>
      )}
      <span className="text-muted">{t("common.page_of", { page, pages })}</span>
      {page < pages ? (
        <Link className={buttonClass("secondary")} href={hrefFor(page + 1)} rel="next">
          {t("common.next")}
        </Link>
      ) : (
        <span className={buttonClass("secondary", disabled)} aria-disabled="true">
          {t("common.next")}
        </span>
      )}
    </nav>
  );
}
