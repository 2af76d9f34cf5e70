"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Command } from "cmdk";
import { usePathname, useRouter } from "next/navigation";
import { useI18n } from "@/components/shell/i18n-provider";
import { useViewer } from "@/components/shell/providers";
import { Modal } from "@/components/ui/modal";
import { SEARCH_DELAY_MS } from "@/components/ui/search-input";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { paletteCommands, type CommandRun, type PaletteCommand } from "@/lib/features/palette/commands";
import { usePaletteSearch } from "@/lib/features/palette/use-palette-search";
import { Keys } from "./keys";
import { focusLedgerForm, openExport } from "./run-command";

const ITEM = "flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-fg data-[selected=true]:bg-primary data-[selected=true]:text-primary-fg";
const GROUP =
  "[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted";
const GROUPS: PaletteCommand["group"][] = ["pages", "actions", "help"];

/**
 * The command palette (cmdk: a combobox over a listbox): the pages and actions
 * the role allows, filtered as one types, and — once typing pauses — contacts
 * (name, phone or id) and lists from /api/dashboard/palette, below them (so that
 * an answer arriving late never moves the option Enter is about to choose).
 */
export function CommandPalette({ open, onClose, onShortcuts }: { open: boolean; onClose: () => void; onShortcuts: () => void }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const pathname = usePathname();
  const { permissions } = useViewer();
  const titleId = useId();
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // After the dialog's showModal (the Modal's effect runs first), which would focus cmdk's root.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  // Each opening starts with an empty box.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setText("");
  }
  const typed = text.trim();
  const settled = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const search = usePaletteSearch(open ? settled : "");
  const found = typed && settled === typed ? search.data : undefined;

  const commands = useMemo(() => paletteCommands(permissions, pathname), [permissions, pathname]);
  const shown = useMemo(() => {
    const words = typed.toLocaleLowerCase(locale).split(/\s+/);
    // Every typed word is part of the command's name: "new li" finds "New list", in either language.
    return commands.filter((command) => {
      const name = t(command.labelKey).toLocaleLowerCase(locale);
      return words.every((word) => name.includes(word));
    });
  }, [commands, typed, t, locale]);

  const run = (action: CommandRun) => {
    if (action.kind === "shortcuts") return onShortcuts();
    onClose();
    if (action.kind === "go") router.push(action.href);
    else if (action.kind === "export") {
      if (pathname !== "/contacts") router.push("/contacts");
      void openExport();
    } else void focusLedgerForm(action.movement);
  };
  const go = (href: string) => run({ kind: "go", href });
  const waiting = typed !== "" && (settled !== typed || search.isFetching);
  const nothing = typed !== "" && !waiting && shown.length === 0 && !found?.contacts.length && !found?.lists.length;

  return (
    <Modal open={open} onCancel={onClose} labelledBy={titleId} className="mx-auto mb-auto mt-[8vh] w-[min(40rem,calc(100vw-1rem))] overflow-hidden p-0">
      <h2 id={titleId} className="sr-only">
        {t("palette.title")}
      </h2>
      <Command label={t("palette.input")} shouldFilter={false} vimBindings={false} loop className="flex max-h-[min(36rem,80vh)] flex-col">
        <Command.Input
          value={text}
          ref={input}
          onValueChange={setText}
          placeholder={t("palette.input")}
          className="w-full border-b border-border bg-transparent px-4 py-3 text-base text-fg outline-none placeholder:text-muted"
        />
        {found?.contactSearch === "none" || found?.contactSearch === "unavailable" ? (
          <p className="border-b border-border px-4 py-2 text-xs text-muted" role="status" data-testid="palette-search-note">
            {t(found.contactSearch === "none" ? "palette.search_id_only" : "palette.search_unavailable")}
          </p>
        ) : null}
        {search.error && typed ? (
          <p className="border-b border-border px-4 py-2 text-xs text-danger" role="alert">
            {t("palette.search_failed", { message: search.error.message })}
          </p>
        ) : null}
        <Command.List className="min-h-0 flex-1 overflow-y-auto p-2">
          {waiting ? <Command.Loading className="px-3 py-2 text-xs text-muted">{t("palette.searching")}</Command.Loading> : null}
          {nothing ? <p className="px-3 py-6 text-center text-sm text-muted">{t("palette.empty")}</p> : null}
          {GROUPS.map((group) => {
            const items = shown.filter((command) => command.group === group);
            return items.length === 0 ? null : (
              <Command.Group key={group} heading={t(`palette.group.${group}`)} className={GROUP}>
                {items.map((command) => (
                  <Command.Item key={command.id} value={command.id} onSelect={() => run(command.run)} className={ITEM}>
                    <span className="min-w-0 flex-1 truncate">{t(command.labelKey)}</span>
                    {command.keys ? <Keys keys={command.keys} sequence={command.keys[0] === "G"} /> : null}
                  </Command.Item>
                ))}
              </Command.Group>
            );
          })}
          {found && found.contacts.length > 0 ? (
            <Command.Group heading={t("palette.group.contacts")} className={GROUP}>
              {found.contacts.map((contact) => (
                <Command.Item key={contact.id} value={`contact:${contact.id}`} onSelect={() => go(contact.href)} className={ITEM}>
                  <span className="min-w-0 flex-1 truncate">{contact.name}</span>
                  <span className="min-w-0 shrink truncate text-xs opacity-80">{t("palette.contact_on_bot", { bot: contact.bot })}</span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          {found && found.lists.length > 0 ? (
            <Command.Group heading={t("palette.group.lists")} className={GROUP}>
              {found.lists.map((list) => (
                <Command.Item key={list.id} value={`list:${list.id}`} onSelect={() => go(list.href)} className={ITEM}>
                  <span className="min-w-0 flex-1 truncate">{list.name}</span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
        </Command.List>
      </Command>
    </Modal>
  );
}
