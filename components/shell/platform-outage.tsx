"use client";

import { useEffect } from "react";
import { usePathname } from "next/navigation";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { useRequestBudget } from "@/lib/dashboard/queries/use-request-budget";
import { PLATFORM_STATUS_EVENT } from "@/lib/core/actions/platform-status-event";

/**
 * "The platform is not answering since 14:02", from this instance's breaker (GET /api/dashboard/budget): read after
 * each navigation, when a page says one of its loads got no answer (PLATFORM_STATUS_EVENT), and every few seconds
 * while it lasts; it goes by itself once the platform answers again. Pages show what they hold with its age.
 */
export function PlatformOutage() {
  const { t, locale, timeZone } = useI18n();
  const pathname = usePathname();
  const { data, refetch } = useRequestBudget();
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  useEffect(() => {
    const onStatus = () => void refetch();
    window.addEventListener(PLATFORM_STATUS_EVENT, onStatus);
    return () => window.removeEventListener(PLATFORM_STATUS_EVENT, onStatus);
  }, [refetch]);
  const status = data?.platform;
  if (!status || status.answering) return null;
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone }).format(new Date(iso));
  return (
    <Alert tone="warning" title={t("platform.banner.title")} className="mb-4" live>
      <p data-testid="platform-outage" data-since={status.since ?? ""}>
        {status.since ? t("platform.banner.since", { since: time(status.since) }) : null}{" "}
        {status.lastAnsweredAt ? t("platform.banner.shown", { time: time(status.lastAnsweredAt) }) : null}{" "}
        {status.nextTryAt ? t("platform.banner.next", { time: time(status.nextTryAt) }) : null}
      </p>
    </Alert>
  );
}
