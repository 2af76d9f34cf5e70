import { useT } from "@/components/shell/i18n-provider";

/** A shortcut's keys: "Ctrl K" together, "G then C" in sequence. */
export function Keys({ keys, sequence = false }: { keys: string[]; sequence?: boolean }) {
  const t = useT();
  return (
    <span className="flex shrink-0 items-center gap-1 text-xs text-muted">
      {keys.map((key, index) => (
        <span key={`${key}-${index}`} className="flex items-center gap-1">
          {sequence && index > 0 ? <span>{t("shortcuts.then")}</span> : null}
          <kbd className="min-w-5 rounded border border-border bg-surface-2 px-1.5 py-0.5 text-center font-sans text-fg">{key}</kbd>
        </span>
      ))}
    </span>
  );
}
