"use client";

import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";
import { isTimeZone, TIME_ZONE_COOKIE } from "@/lib/i18n/time-zone";

interface I18n {
  locale: Locale;
  t: Translate;
  /** The viewer's IANA time zone: every time on screen is shown in it. */
  timeZone: string;
}

const I18nContext = createContext<I18n | null>(null);
const YEAR = 365 * 24 * 60 * 60;

const noSubscription = () => () => {};
/** The browser's time zone when it is one we know (read after hydration; the server renders with the cookie's). */
const browserTimeZone = (): string | null => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : null;
};

/**
 * Language, messages and the viewer's time zone. The first render uses the zone
 * the server rendered with (its `tz` cookie, else UTC), so hydration matches;
 * then the browser's zone is taken and stored in the cookie for the next
 * server render.
 */
export function I18nProvider({
  locale,
  dictionary,
  timeZone: serverZone,
  children,
}: {
  locale: Locale;
  dictionary: Record<string, string>;
  timeZone: string;
  children: ReactNode;
}) {
  const browserZone = useSyncExternalStore(noSubscription, browserTimeZone, () => null);
  const timeZone = browserZone ?? serverZone;
  useEffect(() => {
    if (browserZone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browserZone)}; path=/; max-age=${YEAR}; samesite=lax`;
  }, [browserZone]);
  const value = useMemo(
    () => ({ locale, timeZone, t: ((key, vars) => translate(dictionary, key, vars, locale)) as Translate }),
    [locale, dictionary, timeZone],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}

export const useT = (): Translate => useI18n().t;
