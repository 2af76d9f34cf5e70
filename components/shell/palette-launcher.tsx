"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { lazyComponent } from "@/components/ui/lazy-component";
import { goTarget } from "@/lib/dashboard/pages";
import type { PaletteMode } from "@/components/palette/palette-dialogs";
import { useViewer } from "./providers";

// The palette's code (cmdk, the dialogs) loads on first use, so that no route's JS carries it.
const palette = lazyComponent(() => import("@/components/palette/palette-dialogs").then((dialogs) => dialogs.default), { ssr: false });
const PaletteDialogs = palette.Component;

/** How long after `g` its second key counts (`g c`: Contacts). */
const SEQUENCE_MS = 1500;

/** Where a typed key belongs to the text, not to a shortcut. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type);
}

const noSubscription = () => () => {};
/** "⌘" on Apple systems, "Ctrl" elsewhere (and on the server). */
function useModifierLabel(): string {
  return useSyncExternalStore(
    noSubscription,
    () => (/Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl"),
    () => "Ctrl",
  );
}

/**
 * The header's search button and the keyboard: ⌘K / Ctrl+K toggles the command
 * palette anywhere; outside text fields `?` lists the shortcuts and `g` then a
 * letter opens a page the role may see.
 */
export function PaletteLauncher() {
  const t = useT();
  const router = useRouter();
  const { permissions } = useViewer();
  const modifier = useModifierLabel();
  const [mode, setMode] = useState<PaletteMode | null>(null);
  const [loaded, setLoaded] = useState(false);
  const show = (next: PaletteMode | null) => {
    if (next) setLoaded(true);
    setMode(next);
  };

  useEffect(() => {
    let awaitingSecondKey = -Infinity;
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setLoaded(true);
        setMode((current) => (current === "commands" ? null : "commands"));
        return;
      }
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || isTextField(event.target)) return;
      // Single keys stay with an open dialog (a confirmation, the palette itself).
      if (document.querySelector("dialog[open]")) return;
      const second = event.timeStamp - awaitingSecondKey < SEQUENCE_MS;
      awaitingSecondKey = -Infinity;
      if (event.key === "?") {
        event.preventDefault();
        setLoaded(true);
        setMode("shortcuts");
      } else if (second) {
        // By the key's place, so that `g c` works in any keyboard layout.
        const href = goTarget(permissions, event.code.startsWith("Key") ? event.code.slice(3) : event.key);
        if (href) {
          event.preventDefault();
          router.push(href);
        }
      } else if (event.code === "KeyG") {
        awaitingSecondKey = event.timeStamp;
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [permissions, router]);

  return (
    <>
      <button
        type="button"
        onClick={() => show("commands")}
        {...palette.preloadProps}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-md border border-border px-2 py-1.5 text-sm text-muted hover:bg-surface-2"
        data-testid="palette-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="m21 21-4.3-4.3M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z" />
        </svg>
        {/* The visible label is the name (a label in the name, WCAG 2.5.3); on narrow screens only screen readers get it. */}
        <span className="sr-only lg:not-sr-only">{t("palette.open")}</span>
        <kbd className="hidden rounded border border-border px-1.5 font-sans text-xs sm:inline">{modifier} K</kbd>
      </button>
      {loaded ? <PaletteDialogs mode={mode} onMode={show} modifier={modifier} /> : null}
    </>
  );
}
