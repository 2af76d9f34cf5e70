"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { LOCALE_COOKIE, LOCALES, THEME_COOKIE, THEMES } from "@/lib/i18n/config";

const YEAR = 365 * 24 * 60 * 60;
const LocaleSchema = z.enum(LOCALES);
const ThemeSchema = z.enum(THEMES);

/** The UI language; a cookie, so that the server renders the page in it from the first byte. */
export async function setLocaleAction(locale: string): Promise<boolean> {
  const parsed = LocaleSchema.safeParse(locale);
  if (!parsed.success) return false;
  (await cookies()).set(LOCALE_COOKIE, parsed.data, { path: "/", maxAge: YEAR, sameSite: "lax", httpOnly: true });
  return true;
}

/** The theme; the server puts it on <html> as a class, so there is no flash. */
export async function setThemeAction(theme: string): Promise<boolean> {
  const parsed = ThemeSchema.safeParse(theme);
  if (!parsed.success) return false;
  (await cookies()).set(THEME_COOKIE, parsed.data, { path: "/", maxAge: YEAR, sameSite: "lax", httpOnly: true });
  return true;
}
