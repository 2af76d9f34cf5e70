"use client";

import { CommandPalette } from "./command-palette";
import { ShortcutsDialog } from "./shortcuts-dialog";

export type PaletteMode = "commands" | "shortcuts";

/** The palette and the shortcuts' list: the shell loads this module on first use (next/dynamic). */
export default function PaletteDialogs({ mode, onMode, modifier }: { mode: PaletteMode | null; onMode: (mode: PaletteMode | null) => void; modifier: string }) {
  return (
    <>
      <CommandPalette open={mode === "commands"} onClose={() => onMode(null)} onShortcuts={() => onMode("shortcuts")} />
      <ShortcutsDialog open={mode === "shortcuts"} onClose={() => onMode(null)} modifier={modifier} />
    </>
  );
}
