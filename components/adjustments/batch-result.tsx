"use client";

import { useId } from "react";
import Link from "next/link";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import type { BatchSummaryView, ListSlice, RowRefView } from "@/lib/features/adjustments/views";
import { formatCount } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import { Counts } from "./batch-progress";
import { directionName } from "./format";
import { contactHref } from "@/lib/features/contacts/rows";
import { BatchStatusBadge } from "./status-badge";

/**
 * A batch that has ended (finished, cancelled or failed): its counts, the result file (every row with its
 * status, new balance and error), and the rows whose outcome is unknown, each linked to its contact: the
 * platform did not answer for them, so they are checked there before anything is done again.
 */
export function BatchResult({
  summary,
  downloadHref,
  unknown,
}: {
  summary: Pick<BatchSummaryView, "status" | "fileName" | "invalid" | "progress">;
  /** The result CSV's address. */
  downloadHref: string;
  unknown: ListSlice<RowRefView>;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const more = unknown.total - unknown.items.length;
  return (
    <section className="space-y-4" aria-labelledby={`${id}-title`} data-testid="batch-result">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("adjustments.page.result.title")}
        </h2>
        <BatchStatusBadge status={summary.status} />
      </div>
      <Counts progress={summary.progress} skipped={summary.invalid} />
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <a className={buttonClass("secondary")} href={downloadHref} download data-testid="result-download">
          {t("adjustments.page.result.download")}
        </a>
        <span className="text-muted">{t("adjustments.page.result.download_hint")}</span>
      </p>
      {unknown.total > 0 ? (
        <Alert tone="warning" title={t("adjustments.page.result.unknown_title", { count: formatCount(unknown.total, locale) })}>
          <div data-testid="result-unknown">
            <p>{t("adjustments.page.result.unknown_body")}</p>
            <ul className="mt-2 space-y-1">
              {unknown.items.map((row) => (
                <li key={row.line} className="wrap-anywhere" data-testid="unknown-row" data-line={row.line}>
                  {t("adjustments.page.result.unknown_row", {
                    line: formatCount(row.line, locale),
                    direction: directionName(row.direction, t),
                    amount: formatMoney(row.amountMinor, row.currency, locale),
                  })}{" "}
                  <Link href={contactHref({ id: row.contactId })} className="font-medium underline">
                    {t("adjustments.page.result.check_contact", { id: row.contactId })}
                  </Link>
                </li>
              ))}
            </ul>
            {more > 0 ? <p className="mt-2">{t("adjustments.page.result.unknown_more", { count: formatCount(more, locale) })}</p> : null}
          </div>
        </Alert>
      ) : null}
    </section>
  );
}
