"use client";

import Link from "next/link";
import { useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import type { Theme } from "@/lib/i18n/config";
import type { ViewerInfo } from "./providers";
import { LanguageSwitch, ThemeSwitch } from "./preference-switches";

/** The open account menu: who is signed in, the language and theme switches, sign-out. */
export function UserMenuPanel({
  id,
  viewer,
  theme,
  signingOut,
  onSignOut,
}: {
  id: string;
  viewer: ViewerInfo;
  theme: Theme;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  const t = useT();
  return (
    <div id={id} className="absolute right-0 z-30 mt-2 w-72 space-y-4 rounded-lg border border-border bg-surface p-4 shadow-lg">
      <div>
        <p className="text-xs text-muted">{t("menu.signed_in_as")}</p>
        <p className="truncate text-sm font-medium">{viewer.email}</p>
        <p className="mt-1 text-sm">
          {t("menu.role")}: <strong>{t(`role.${viewer.role}`)}</strong>
        </p>
        <Link href="/account" className="mt-2 inline-block text-sm text-primary underline underline-offset-2">
          {t("account.menu_link")}
        </Link>
      </div>
      <div className="space-y-1">
        <p className="text-xs font-medium text-muted">{t("menu.language")}</p>
        <LanguageSwitch />
      </div>
      <div className="space-y-1">
        <p className="text-xs font-medium text-muted">{t("menu.theme")}</p>
        <ThemeSwitch theme={theme} />
      </div>
      <Button variant="secondary" className="w-full" onClick={onSignOut} disabled={signingOut}>
        {signingOut ? t("menu.signing_out") : t("menu.sign_out")}
      </Button>
    </div>
  );
}
