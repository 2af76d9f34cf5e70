"use client";

import { useEffect, useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { cn } from "@/components/ui/cn";
import { NavLinks } from "./nav-links";
import { UserMenu } from "./user-menu";
import { BudgetIndicator } from "./budget-indicator";
import { PaletteLauncher } from "./palette-launcher";
import { PlatformOutageBanner } from "./budget-indicator";

/**
 * Sidebar and header. On a phone the sidebar is a drawer behind the menu
 * button (Escape or a link closes it); from md up it is always shown.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  const pathname = usePathname();
  // The drawer is open on the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpenOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2"
      >
        {t("nav.skip")}
      </a>
      {open ? <div className="fixed inset-0 z-30 bg-black/40 md:hidden" aria-hidden="true" onClick={() => setOpen(false)} /> : null}
      <aside
        id="sidebar"
        className={cn(
          "fixed inset-y-0 left-0 z-40 w-64 overflow-y-auto border-r border-border bg-surface p-4 transition-transform",
          // From md up it stays in place while the page scrolls.
          "md:sticky md:top-0 md:h-screen md:shrink-0 md:translate-x-0",
          open ? "translate-x-0" : "-translate-x-full invisible md:visible",
        )}
      >
        <div className="mb-6 px-3">
          <p className="text-base font-semibold">{t("app.name")}</p>
          <p className="text-xs text-muted">{t("app.dashboard")}</p>
        </div>
        <nav aria-label={t("nav.main")}>
          <NavLinks onNavigate={() => setOpen(false)} />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-border bg-surface px-4 py-2">
          <button
            type="button"
            className="rounded-md p-2 hover:bg-surface-2 md:hidden"
            aria-controls="sidebar"
            aria-expanded={open}
            aria-label={open ? t("nav.close_menu") : t("nav.open_menu")}
            onClick={() => setOpen(!open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <div className="min-w-0 flex-1">
            <BudgetIndicator />
          </div>
          <PaletteLauncher />
          <UserMenu />
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 p-4 sm:p-6">
          <PlatformOutageBanner />
          {children}
        </main>
      </div>
    </div>
  );
}
