"use client";

import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { Badge } from "@/components/ui/badge";
import { lazyComponent } from "@/components/ui/lazy-component";
import { useDismiss } from "@/components/ui/use-dismiss";
import { useViewer } from "./providers";
import { useTheme } from "./theme-context";

// The open menu (the language and theme switches with their server actions) loads when the pointer or focus reaches
// the button, not with every page.
const { Component: UserMenuPanel, preloadProps: panelPreload } = lazyComponent(() => import("./user-menu-panel").then((module) => module.UserMenuPanel));

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

  useDismiss(open, root, (returnFocus) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  });

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
        {...panelPreload}
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
      {open ? <UserMenuPanel id={panelId} viewer={viewer} theme={theme} signingOut={signingOut} onSignOut={handleSignOut} /> : null}
    </div>
  );
}
