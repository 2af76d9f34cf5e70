"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Locale } from "@/lib/i18n/config";
import { translate } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";

const I18nContext = createContext<{ locale: Locale; t: Translate } | null>(null);

export function I18nProvider({ locale, dictionary, children }: { locale: Locale; dictionary: Record<string, string>; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: ((key, vars) => translate(dictionary, key, vars)) as Translate }), [locale, dictionary]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}

export const useT = (): Translate => useI18n().t;
