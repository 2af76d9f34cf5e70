"use client";

import { useId, useState, useTransition } from "react";
import { formatTimestamp } from "@/lib/dashboard/format";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { ExportJobView } from "@/lib/features/contacts/export/jobs";
import { cancelExportAction } from "@/lib/features/contacts/actions";
import { botLabel } from "@/lib/features/contacts/bot-names";
import { describeFilters, formatBytes, formatDuration, formatNumber } from "./format";
import { exportDownloadUrl, isActiveExport as isActive, useExports, useRefreshExports } from "@/lib/features/contacts/export/use-exports";
import { callAction } from "@/lib/core/actions/call-action";

/**
 * The member's exports of the last 24 hours, polled every second while one is running. `startHref`: where an export
 * is started (the contacts page), linked from the empty list; left out where the list sits beside the export itself.
 */
export function ExportList({ botName, startHref }: { botName?: (id: number) => string; startHref?: string }) {
  const { t } = useI18n();
  const id = useId();
  const query = useExports();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {t("exports.list")}
      </h3>
      {query.isPending ? (
        <p className="mt-2 text-sm text-muted" role="status">
          {t("exports.loading")}
        </p>
      ) : query.isError && !query.data ? (
        <Alert tone="danger" className="mt-2" live>
          {t("exports.load_failed")}
        </Alert>
      ) : query.data.length === 0 ? (
        <EmptyState message={t(startHref ? "exports.empty_hint" : "exports.empty")} className="mt-2 text-sm" testId="exports-empty">
          {startHref ? (
            <Link href={startHref} className={buttonClass("secondary")}>
              {t("exports.empty_start")}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="export-list">
          {query.data.map((job) => (
            <ExportItem key={job.id} job={job} botName={botName} />
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_TONE: Record<ExportJobView["status"], string> = {
  queued: "text-muted",
  running: "text-primary",
  finished: "text-success",
  failed: "text-danger",
  cancelled: "text-muted",
};

function ExportItem({ job, botName }: { job: ExportJobView; botName?: (id: number) => string }) {
  const { t, locale } = useI18n();
  const refreshExports = useRefreshExports();
  const [pending, startTransition] = useTransition();
  const [problem, setProblem] = useState<string | null>(null);
  // The bot's name as when the export started; else as getMe names it now; else "Bot 101".
  const nameOf = (id: number) => job.botName ?? botName?.(id) ?? botLabel(null, id, t);
  const label = job.filters.bot === null ? t("exports.title_all") : t("exports.title_bot", { bot: nameOf(job.filters.bot) });
  const summary = describeFilters(job.filters, t, locale, nameOf) ?? t("exports.no_filters");
  const progressText =
    job.total === null && job.status !== "finished"
      ? job.status === "running"
        ? t("exports.counting")
        : null
      : job.total === null
        ? t("exports.progress_unknown", { done: formatNumber(job.rowsDone, locale) })
        : t("exports.progress", { done: formatNumber(job.rowsDone, locale), total: formatNumber(job.total, locale) });
  const cancel = () =>
    startTransition(async () => {
      setProblem(null);
      const result = await callAction(cancelExportAction, { id: job.id }, t);
      if (!result.ok) setProblem(result.error.message);
      await refreshExports();
    });

  // Two lines an export: what and its state, with its action (download or cancel) at the end; then its filters and
  // progress. The list's first screen holds several.
  return (
    <li className="rounded-md border border-border px-3 py-2" data-testid="export-item" data-export-id={job.id} data-status={job.status}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium" data-testid="export-title">
            {label}
          </span>
          <Badge>
            <span className={STATUS_TONE[job.status]} data-testid="export-status">
              {t(`exports.status.${job.status}`)}
            </span>
          </Badge>
          <span className="text-sm text-muted">
            {t("exports.file", { format: job.format === "csv" ? "CSV" : "JSONL" })}
            {job.bom ? ` · ${t("exports.with_bom")}` : ""} · {formatTimestamp(job.createdAt, locale, job.filters.tz, { zone: false })}
          </span>
        </div>
        {isActive(job) ? (
          <Button variant="danger" className="py-1" onClick={cancel} disabled={pending} aria-label={t("exports.cancel_label", { id: job.id })}>
            {t("exports.cancel")}
          </Button>
        ) : null}
        {job.status === "finished" ? (
          <a
            className="text-sm font-medium text-primary underline wrap-anywhere"
            href={exportDownloadUrl(job.id)}
            download={job.fileName}
            data-testid="export-download"
          >
            {t("exports.download_label", { name: job.fileName, size: formatBytes(job.bytes, locale) })}
          </a>
        ) : null}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <p className="text-muted">{t("exports.filters", { summary })}</p>
        {job.status === "running" || job.status === "queued" || job.status === "finished" ? (
          <>
            <div
              role="progressbar"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={job.percent}
              aria-valuetext={progressText ?? undefined}
              className="h-2 w-32 overflow-hidden rounded-full bg-surface-2"
            >
              <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${job.percent}%` }} />
            </div>
            <p data-testid="export-progress">
              {[
                progressText,
                job.rowsPerSecond ? t("exports.speed", { rate: formatNumber(job.rowsPerSecond, locale) }) : null,
                job.secondsLeft !== null && job.status === "running" ? t("exports.time_left", { time: formatDuration(job.secondsLeft, locale) }) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </>
        ) : null}
        {job.status === "finished" && job.expiresAt ? (
          <span className="text-muted">{t("exports.expires", { time: formatTimestamp(job.expiresAt, locale, job.filters.tz, { zone: false }) })}</span>
        ) : null}
      </div>
      {job.waitReason ? (
        <p className="mt-1 text-sm text-warning" role="status" data-testid="export-wait">
          {t(`exports.wait.${job.waitReason}`, { seconds: job.waitSeconds })}
        </p>
      ) : null}
      {job.status === "failed" ? <p className="mt-1 text-sm text-danger">{t("exports.failed", { error: job.error ?? job.errorCode ?? "" })}</p> : null}
      {problem ? (
        <p className="mt-1 text-sm text-danger" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
