import type { ReactNode } from "react";
import type { Metadata } from "next";
import "./globals.css";
import { I18nProvider } from "@/components/shell/i18n-provider";
import { ThemeProvider } from "@/components/shell/theme-context";
import { getLocale, getTheme, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { dictionaryFor } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator();
  return { title: { default: t("app.name"), template: `%s · ${t("app.name")}` } };
}

/** Language and theme come from cookies (else Accept-Language and the OS), so the first byte is already right. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, theme, timeZone] = await Promise.all([getLocale(), getTheme(), getTimeZone()]);
  return (
    <html lang={locale} className={theme}>
      <body className="min-h-screen bg-bg font-sans text-fg antialiased">
        <I18nProvider locale={locale} dictionary={dictionaryFor(locale)} timeZone={timeZone}>
          <ThemeProvider theme={theme}>{children}</ThemeProvider>
        </I18nProvider>
      </body>
    </html>
  );
}
