"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { setLocaleAction, setThemeAction } from "@/lib/i18n/preference-actions";
import { useI18n } from "@/components/shell/i18n-provider";
import { LOCALES, THEMES, type Theme } from "@/lib/i18n/config";
import { cn } from "@/components/ui/cn";

const segment = (active: boolean) =>
  cn("rounded-md border px-2.5 py-1 text-sm", active ? "border-primary bg-primary text-primary-fg" : "border-border bg-surface hover:bg-surface-2");

export function LanguageSwitch() {
  const { locale, t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div role="group" aria-label={t("menu.language")} className="flex gap-1">
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={locale === option}
          disabled={pending}
          className={segment(locale === option)}
          onClick={() =>
            startTransition(async () => {
              // Not reached: the language stays as it was, and the page with it.
              await setLocaleAction(option).catch(() => false);
              router.refresh();
            })
          }
        >
          {t(`language.${option}`)}
        </button>
      ))}
    </div>
  );
}

export function ThemeSwitch({ theme }: { theme: Theme }) {
  const { t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div role="group" aria-label={t("menu.theme")} className="flex flex-wrap gap-1">
      {THEMES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={theme === option}
          disabled={pending}
          className={segment(theme === option)}
          onClick={() =>
            startTransition(async () => {
              // Applied at once; the cookie makes the server render it from now on.
              document.documentElement.classList.remove(...THEMES);
              document.documentElement.classList.add(option);
              await setThemeAction(option).catch(() => false);
              router.refresh();
            })
          }
        >
          {t(`theme.${option}`)}
        </button>
      ))}
    </div>
  );
}

/** Language and theme side by side, under a page that has no shell (sign-in, a one-time link). */
export function PreferenceBar({ theme }: { theme: Theme }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-4">
      <LanguageSwitch />
      <ThemeSwitch theme={theme} />
    </div>
  );
}
