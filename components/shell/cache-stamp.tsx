"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useI18n } from "@/components/shell/i18n-provider";
import { refreshPlatformCacheAction } from "@/lib/dashboard/platform-cache-actions";
import type { Freshness } from "@/lib/dashboard/freshness";
import { callAction } from "@/lib/core/actions/call-action";
import { AnnouncePlatformStatus } from "./announce-platform-status";

/**
 * "As of 12:03:10 · Refresh": when what the page shows from the platform cache
 * was fetched, and a control that drops those entries and renders the page again
 * (which reads them from the platform).
 */
export function CacheStamp({ freshness, minutes }: { freshness: Freshness; minutes: number }) {
  const { t, locale, timeZone } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "medium", timeZone }).format(new Date(freshness.fetchedAt));
  const refresh = () =>
    startTransition(async () => {
      const result = await callAction(refreshPlatformCacheAction, { entries: freshness.entries }, t);
      setError(result.ok ? null : result.error.message);
      router.refresh();
    });
  return (
    <p className="text-xs text-muted" data-testid="cache-stamp" data-fetched-at={freshness.fetchedAt} title={t("cache.explain", { minutes })}>
      <span className={freshness.stale ? "text-warning" : undefined} data-stale={freshness.stale ? "true" : undefined}>
        {t(freshness.stale ? "cache.stale" : "cache.as_of", { time })}
      </span>
      {/* What is shown is older than it should be because the platform does not answer: the shell's banner says since when. */}
      {freshness.stale ? <AnnouncePlatformStatus /> : null}
      {" · "}
      <button type="button" className="underline underline-offset-2 hover:text-fg disabled:opacity-60" onClick={refresh} disabled={pending} aria-busy={pending}>
        {pending ? t("cache.refreshing") : t("cache.refresh")}
      </button>
      {error ? (
        <span role="alert" className="ml-2 text-danger">
          {error}
        </span>
      ) : null}
    </p>
  );
}
