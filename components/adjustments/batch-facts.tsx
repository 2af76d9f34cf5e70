"use client";

import type { ReactNode } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import type { BatchSummaryView } from "@/lib/features/adjustments/views";
import { formatCount, formatTimestamp } from "@/lib/dashboard/format";
import { BatchStatusBadge } from "./status-badge";

/** The top of a batch's page: status, who uploaded it and when, and its rows (valid and not). */
export function BatchFacts({ summary }: { summary: BatchSummaryView }) {
  const { t, locale, timeZone } = useI18n();
  const facts: [string, ReactNode][] = [
    [t("adjustments.page.list.status"), <BatchStatusBadge key="status" status={summary.status} />],
    [t("adjustments.page.list.by"), summary.createdBy],
    [t("adjustments.page.list.when"), formatTimestamp(summary.createdAt, locale, timeZone)],
    [
      t("adjustments.page.list.rows"),
      t("adjustments.page.facts.rows", {
        rows: formatCount(summary.rows, locale),
        valid: formatCount(summary.valid, locale),
        invalid: formatCount(summary.invalid, locale),
      }),
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="batch-facts">
      {facts.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted">{name}</dt>
          <dd className="min-w-0 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
