"use client";

import { useEffect, useState } from "react";
import { isTimeZone, TIME_ZONE_COOKIE } from "@/lib/contacts/time-zone";

const YEAR = 365 * 24 * 60 * 60;

/**
 * The viewer's IANA time zone from the browser. The first render uses the zone
 * the server rendered with (its `tz` cookie, else UTC), so hydration matches;
 * then the browser's zone is taken and stored in the cookie for the next
 * server render.
 */
export function useViewerTimeZone(serverZone: string): string {
  const [zone, setZone] = useState(serverZone);
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!isTimeZone(browserZone)) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browserZone)}; path=/; max-age=${YEAR}; samesite=lax`;
    setZone(browserZone);
  }, []);
  return zone;
}
