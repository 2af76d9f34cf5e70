"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useI18n } from "@/components/shell/i18n-provider";

/**
 * The overview's days are the viewer's: when the server rendered them in
 * another zone (the first visit, before the browser's zone reached its cookie),
 * the page is rendered once more. The provider stores the cookie in its own
 * effect, which runs after this one, hence the timer.
 */
export function ZoneSync({ serverZone }: { serverZone: string }) {
  const { timeZone } = useI18n();
  const router = useRouter();
  useEffect(() => {
    if (timeZone === serverZone) return;
    const timer = setTimeout(() => router.refresh(), 0);
    return () => clearTimeout(timer);
  }, [timeZone, serverZone, router]);
  return null;
}
