import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTheme, getTranslator } from "@/lib/i18n/server";
import { ApiReference } from "@/components/api-docs/api-reference";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("api_docs.title") };
}

/** The API reference: public (bot developers read it without an account), in the visitor's language and theme. */
export default async function ApiDocsPage() {
  const [locale, theme, t] = await Promise.all([getLocale(), getTheme(), getTranslator()]);
  const documentUrl = locale === "en" ? "/api/openapi.json" : `/api/openapi.json?lang=${locale}`;
  return (
    <>
      <header className="border-b border-border bg-surface px-4 py-3">
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <h1 className="text-xl font-semibold">{t("api_docs.title")}</h1>
          <nav aria-label={t("api_docs.links")} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link href="/" prefetch={false} className="text-primary underline-offset-2 hover:underline">
              {t("api_docs.back")}
            </Link>
            <a href={documentUrl} download="openapi.json" className="text-primary underline-offset-2 hover:underline">
              {t("api_docs.download")}
            </a>
          </nav>
        </div>
        <p className="mt-1 text-sm text-muted" data-testid="api-docs-key-note">
          {t("api_docs.key_note")}
        </p>
      </header>
      <main id="main">
        <ApiReference locale={locale} theme={theme} />
      </main>
    </>
  );
}
