import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { isLocale, isTheme, LOCALE_COOKIE, THEME_COOKIE, type Locale, type Theme } from "./config";
import { negotiateLocale } from "./negotiate";
import { translator, type Translate } from "./translate";
import { TIME_ZONE_COOKIE, timeZoneOr } from "./time-zone";

/** The cookie set by the language switch, else the browser's Accept-Language. */
export const getLocale = cache(async (): Promise<Locale> => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return negotiateLocale((await headers()).get("accept-language"));
});

export const getTheme = cache(async (): Promise<Theme> => {
  const chosen = (await cookies()).get(THEME_COOKIE)?.value;
  return isTheme(chosen) ? chosen : "system";
});

/** The viewer's IANA time zone, which the browser stores in the `tz` cookie (UTC until it has). */
export const getTimeZone = cache(async (): Promise<string> => timeZoneOr((await cookies()).get(TIME_ZONE_COOKIE)?.value));

export async function getTranslator(): Promise<Translate> {
  return translator(await getLocale());
}
