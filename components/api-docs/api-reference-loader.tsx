"use client";

import dynamic from "next/dynamic";
import { useT } from "@/components/shell/i18n-provider";
import type { Locale, Theme } from "@/lib/i18n/config";

function Loading() {
  const t = useT();
  return (
    <p role="status" className="p-6 text-sm text-muted">
      {t("api_docs.loading")}
    </p>
  );
}

/** Scalar (a Vue app of its own) is fetched by this page alone, in the browser, once the page is shown. */
const ApiReference = dynamic(() => import("./api-reference"), { ssr: false, loading: Loading });

export function ApiReferenceLoader({ locale, theme }: { locale: Locale; theme: Theme }) {
  return <ApiReference locale={locale} theme={theme} />;
}
