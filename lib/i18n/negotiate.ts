import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./config";

/** The language Accept-Language asks for among ours (server only: client components import ./config, which stays small). */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const picked = new Negotiator({ headers: { "accept-language": acceptLanguage } }).language([...LOCALES]);
  return isLocale(picked) ? picked : DEFAULT_LOCALE;
}
