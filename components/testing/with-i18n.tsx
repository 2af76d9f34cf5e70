import type { ReactNode } from "react";
import { I18nProvider } from "@/components/shell/i18n-provider";
import { messages } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/config";

/** The real provider with the real dictionaries, for component tests. */
export function WithI18n({ locale = "en", children }: { locale?: Locale; children: ReactNode }) {
  return (
    <I18nProvider locale={locale} dictionary={messages[locale]} timeZone="UTC">
      {children}
    </I18nProvider>
  );
}
