import type { Permission } from "@/lib/auth/permissions";
import type { MessageKey } from "@/lib/i18n/messages";

/**
 * The dashboard's pages, one list for the sidebar and the command palette: what
 * a page needs the role to hold (null: every member), its name, the key of its
 * `g` shortcut, and whether the sidebar shows it (the rest are reached from
 * their section and the palette).
 */
export interface DashboardPage {
  href: string;
  labelKey: MessageKey;
  permission: Permission | null;
  /** The second key of its two-key shortcut (`g c` for Contacts). */
  goKey: string | null;
  inNav: boolean;
  /** SVG path data of its icon. */
  icon: string;
}

const DASHBOARD_PAGES: readonly DashboardPage[] = [
  { href: "/", labelKey: "nav.overview", permission: null, goKey: "o", inNav: true, icon: "M3 12l9-8 9 8M5 10v10h14V10" },
  {
    href: "/contacts",
    labelKey: "nav.contacts",
    permission: "contacts.read",
    goKey: "c",
    inNav: true,
    icon: "M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0Zm-12 9a8 8 0 0 1 16 0",
  },
  {
    href: "/lists",
    labelKey: "nav.lists",
    permission: "lists.read",
    goKey: "l",
    inNav: true,
    icon: "M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01",
  },
  {
    href: "/adjustments",
    labelKey: "nav.adjustments",
    permission: "accounts.debit",
    goKey: null,
    inNav: true,
    icon: "M4 6h16M4 12h10M4 18h7m9-3v6m-3-3h6",
  },
  { href: "/activity", labelKey: "nav.activity", permission: "activity.read", goKey: "a", inNav: true, icon: "M3 12h4l3-8 4 16 3-8h4" },
  {
    href: "/settings",
    labelKey: "nav.settings",
    permission: null,
    goKey: "s",
    inNav: true,
    icon: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-4l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h4l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z",
  },
  // Outside the dashboard's shell and public (bot developers read it without an account); linked here for the team.
  { href: "/docs/api", labelKey: "nav.api_docs", permission: null, goKey: null, inNav: true, icon: "M8 8l-4 4 4 4m8-8 4 4-4 4M14 4l-4 16" },
  { href: "/contacts/exports", labelKey: "nav.exports", permission: "contacts.export", goKey: null, inNav: false, icon: "M12 3v12m0 0-4-4m4 4 4-4M4 21h16" },
];

/** The pages a member with these permissions may open. */
export function pagesFor(permissions: readonly Permission[]): DashboardPage[] {
  return DASHBOARD_PAGES.filter((page) => page.permission === null || permissions.includes(page.permission));
}

/** The page `g` then this key opens, among those the role may open (the shell's keyboard, without the palette's code). */
export function goTarget(permissions: readonly Permission[], key: string): string | null {
  return pagesFor(permissions).find((page) => page.goKey === key.toLowerCase())?.href ?? null;
}
