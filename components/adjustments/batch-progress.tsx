"use client";

import { useId, useState } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import type { ActionResult } from "@/lib/core/actions/result";
import type { BatchProgressView, BatchStatus, BatchView } from "@/lib/features/adjustments/views";
import { formatCount } from "@/lib/dashboard/format";
import { formatDuration } from "@/components/contacts/format";
import { BatchStatusBadge } from "./status-badge";
import { useSingleFlight } from "./use-single-flight";

/**
 * A running batch: rows done of the rows to run (a progress bar), ok / failed / unknown, the time left, why it
 * waits, and Cancel behind a confirmation. It polls nothing: the page reads the batch again and passes the new
 * counts (`refreshing` while it does).
 */
export function BatchProgress({
  status,
  progress,
  etaSeconds,
  waitReason,
  waitSeconds,
  refreshing = false,
  onCancel,
  cancelDeniedReason = null,
}: Pick<BatchView, "etaSeconds" | "waitReason" | "waitSeconds"> & {
  status: BatchStatus;
  progress: BatchProgressView;
  /** The page is reading the batch again. */
  refreshing?: boolean;
  onCancel: () => Promise<ActionResult<unknown>>;
  /** Why this person may not cancel (their role), or null. */
  cancelDeniedReason?: string | null;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const { send, pending: cancelling, done: requested, problem, clearProblem } = useSingleFlight(onCancel);
  const count = (value: number) => formatCount(value, locale);
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.done / progress.total) * 100)) : 0;
  const valueText = t("adjustments.page.progress.value", { done: count(progress.done), total: count(progress.total) });
  const running = status === "running";

  const cancel = async () => {
    if (await send()) setAsking(false);
  };

  const cancelReason = cancelDeniedReason ?? (requested ? t("adjustments.page.progress.cancel_requested") : null);
  return (
    <section className="space-y-3" aria-labelledby={`${id}-title`} aria-busy={refreshing || undefined} data-testid="batch-progress">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t("adjustments.page.progress.title")}
        </h2>
        <div className="flex items-center gap-2">
          {refreshing ? (
            <span className="text-xs text-muted" role="status">
              {t("adjustments.page.progress.refreshing")}
            </span>
          ) : null}
          <BatchStatusBadge status={status} />
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={t("adjustments.page.progress.label")}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={valueText}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm font-medium" data-testid="progress-value">
        {valueText}
      </p>
      <Counts progress={progress} />
      {running ? (
        <p className="text-sm text-muted" data-testid="progress-eta">
          {etaSeconds === null ? t("adjustments.page.progress.eta_unknown") : t("adjustments.page.progress.eta", { time: formatDuration(etaSeconds, locale) })}
        </p>
      ) : null}
      {running && waitReason ? (
        <p className="text-sm text-warning" role="status" data-testid="progress-wait">
          {t(`adjustments.page.wait.${waitReason}`)}
          {waitSeconds !== null && waitSeconds > 0 ? ` ${t("adjustments.page.wait.resume", { time: formatDuration(waitSeconds, locale) })}` : ""}
        </p>
      ) : null}
      {running ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="danger"
            onClick={() => setAsking(true)}
            disabled={cancelReason !== null}
            aria-describedby={cancelReason ? `${id}-cancel-reason` : undefined}
            data-testid="batch-cancel"
          >
            {t("adjustments.page.progress.cancel")}
          </Button>
          {cancelReason ? (
            <p id={`${id}-cancel-reason`} className="text-sm text-muted">
              {cancelReason}
            </p>
          ) : null}
        </div>
      ) : null}
      <LazyConfirmDialog
        open={asking}
        title={t("adjustments.page.progress.cancel_title")}
        confirmLabel={cancelling ? t("adjustments.page.progress.cancelling") : t("adjustments.page.progress.cancel_confirm")}
        cancelLabel={t("adjustments.page.progress.cancel_keep")}
        pending={cancelling}
        error={problem ? t(problem) : null}
        onConfirm={() => void cancel()}
        onCancel={() => {
          setAsking(false);
          clearProblem();
        }}
      >
        <p>{t("adjustments.page.progress.cancel_body")}</p>
      </LazyConfirmDialog>
    </section>
  );
}

/** ok / failed / unknown / not sent, as a small definition list (also the result's). */
export function Counts({ progress, skipped }: { progress: BatchProgressView; skipped?: number }) {
  const { t, locale } = useI18n();
  const items: [string, number, string][] = [
    ["ok", progress.ok, "text-success"],
    ["failed", progress.failed, "text-danger"],
    ["unknown", progress.unknown, "text-warning"],
    ["cancelled", progress.cancelled, "text-muted"],
  ];
  if (skipped !== undefined) items.push(["skipped", skipped, "text-muted"]);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]">
      {items.map(([name, value, tone]) => (
        <div key={name} className="flex flex-col" data-testid={`count-${name}`}>
          <dt className="text-muted">{t(`adjustments.page.count.${name}`)}</dt>
          <dd className={`text-lg font-semibold tabular-nums ${value > 0 ? tone : ""}`}>{formatCount(value, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}
