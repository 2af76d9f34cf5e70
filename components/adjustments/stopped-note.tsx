"use client";

import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import type { BatchSummaryView } from "@/lib/features/adjustments/views";
import { formatCount } from "@/lib/dashboard/format";

/**
 * A run stopped because the member who confirmed it lost the right to move money (removed, demoted, their session
 * ended): why, and how many rows were never sent (they stay unsent; the result file lists them as pending).
 */
export function StoppedNote({ summary }: { summary: Pick<BatchSummaryView, "status" | "stopReason" | "progress"> }) {
  const { t, locale } = useI18n();
  if (summary.status !== "stopped" || !summary.stopReason) return null;
  const unsent = Math.max(0, summary.progress.total - summary.progress.done);
  return (
    <Alert tone="danger" title={t("adjustments.stopped.title")}>
      <div data-testid="batch-stopped" data-reason={summary.stopReason}>
        <p>{t(`adjustments.stopped.${summary.stopReason}`)}</p>
        <p className="mt-1">{t("adjustments.stopped.unsent", { count: formatCount(unsent, locale) })}</p>
      </div>
    </Alert>
  );
}
