"use client";

import { useI18n } from "@/components/shell/i18n-provider";
import { PagerView, type PagerProps } from "./pager-view";

export type { PagerProps };

/** The one pager: Previous / Next (and optionally First / Last) and "Page X of Y" in the viewer's locale. */
export function Pager(props: PagerProps) {
  const { t, locale } = useI18n();
  return <PagerView {...props} t={t} locale={locale} />;
}
