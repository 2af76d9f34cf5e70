import type { Permission } from "@/lib/auth/permissions";
import type { MessageKey } from "@/lib/i18n/messages";
import { pagesFor } from "@/lib/dashboard/pages";

/** What choosing a command does: open a page, bring a form of the page into view, or list the shortcuts. */
export type CommandRun = { kind: "go"; href: string } | { kind: "export" } | { kind: "ledger"; movement: "top_up" | "debit" } | { kind: "shortcuts" };

export interface PaletteCommand {
  id: string;
  group: "pages" | "actions" | "help";
  labelKey: MessageKey;
  run: CommandRun;
  /** Keys shown beside it (its shortcut). */
  keys?: string[];
}

/** A contact's page (or its ledger page): where "Top up this contact" makes sense. */
const CONTACT_PAGE = /^\/contacts\/\d+(\/ledger)?$/;

/**
 * The palette's fixed commands for a member on a page: the pages their role may
 * open (the sidebar's list), the actions it allows, and the shortcuts. The
 * server checks every action again; this only leaves out what it would refuse.
 */
export function paletteCommands(permissions: readonly Permission[], pathname: string): PaletteCommand[] {
  const may = (permission: Permission) => permissions.includes(permission);
  const commands: PaletteCommand[] = pagesFor(permissions).map((page) => ({
    id: `page:${page.href}`,
    group: "pages",
    labelKey: page.labelKey,
    run: { kind: "go", href: page.href },
    keys: page.goKey ? ["G", page.goKey.toUpperCase()] : undefined,
  }));
  if (may("lists.design"))
    commands.push({ id: "action:new-list", group: "actions", labelKey: "palette.action.new_list", run: { kind: "go", href: "/lists/new" } });
  if (may("contacts.export")) commands.push({ id: "action:export", group: "actions", labelKey: "palette.action.export", run: { kind: "export" } });
  if (CONTACT_PAGE.test(pathname)) {
    if (may("accounts.top_up")) {
      commands.push({ id: "action:top-up", group: "actions", labelKey: "palette.action.top_up", run: { kind: "ledger", movement: "top_up" } });
    }
    if (may("accounts.debit")) {
      commands.push({ id: "action:debit", group: "actions", labelKey: "palette.action.debit", run: { kind: "ledger", movement: "debit" } });
    }
  }
  commands.push({ id: "help:shortcuts", group: "help", labelKey: "palette.action.shortcuts", run: { kind: "shortcuts" }, keys: ["?"] });
  return commands;
}

export interface Shortcut {
  keys: string[];
  labelKey: MessageKey;
  /** The page a `g` shortcut opens (its name goes into the label). */
  page?: { href: string; labelKey: MessageKey };
}

/** The keyboard shortcuts, as the `?` dialog lists them: the palette, this list, and `g` then a letter for each page the role may open. */
export function shortcutsFor(permissions: readonly Permission[], modifier: string): Shortcut[] {
  return [
    { keys: [modifier, "K"], labelKey: "shortcuts.palette" },
    { keys: ["?"], labelKey: "shortcuts.help" },
    ...pagesFor(permissions).flatMap((page) =>
      page.goKey ? [{ keys: ["G", page.goKey.toUpperCase()], labelKey: "shortcuts.go" as const, page: { href: page.href, labelKey: page.labelKey } }] : [],
    ),
  ];
}
