"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/i18n-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useViewer } from "./providers";
import { LanguageSwitch, ThemeSwitch } from "./preference-switches";
import { useTheme } from "./theme-context";

/** Who is signed in, with which role; language, theme and sign-out. */
export function UserMenu() {
  const viewer = useViewer();
  const t = useT();
  const theme = useTheme();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("mousedown", onClick);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  async function handleSignOut() {
    setSigningOut(true);
    // next-auth's client (with its runtime helpers) loads on sign-out only, not with every page.
    const { signOut } = await import("next-auth/react");
    await signOut({ redirect: false });
    router.replace("/login");
    router.refresh();
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-md border border-border px-2 py-1.5 text-sm hover:bg-surface-2"
      >
        {/* The initial is drawn by CSS, so that it is not text of the button's name. */}
        <span
          className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-semibold uppercase text-primary-fg before:content-[attr(data-initial)]"
          data-initial={[...(viewer.name || viewer.email)][0] ?? ""}
          aria-hidden="true"
        />
        {/* The name is the content ("Account menu: Anna Owner"), so that it holds the visible text (label in name, WCAG 2.5.3). */}
        <span className="sr-only">{t("menu.account")}: </span>
        <span className="sr-only max-w-40 truncate sm:not-sr-only">{viewer.name || viewer.email}</span>{" "}
        <span data-testid="viewer-role">
          <Badge>{t(`role.${viewer.role}`)}</Badge>
        </span>
      </button>
      {open ? (
        <div id={panelId} className="absolute right-0 z-30 mt-2 w-72 space-y-4 rounded-lg border border-border bg-surface p-4 shadow-lg">
          <div>
            <p className="text-xs text-muted">{t("menu.signed_in_as")}</p>
            <p className="truncate text-sm font-medium">{viewer.email}</p>
            <p className="mt-1 text-sm">
              {t("menu.role")}: <strong>{t(`role.${viewer.role}`)}</strong>
            </p>
          </div>
          <div className="space-y-1">
            <p className="text-xs font-medium text-muted">{t("menu.language")}</p>
            <LanguageSwitch />
          </div>
          <div className="space-y-1">
            <p className="text-xs font-medium text-muted">{t("menu.theme")}</p>
            <ThemeSwitch theme={theme} />
          </div>
          <Button variant="secondary" className="w-full" onClick={handleSignOut} disabled={signingOut}>
            {signingOut ? t("menu.signing_out") : t("menu.sign_out")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
