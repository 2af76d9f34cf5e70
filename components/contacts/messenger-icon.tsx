import type { Translate } from "@/lib/i18n/translate";

const STYLES: Record<string, { color: string; glyph: string }> = {
  telegram: { color: "#229ED9", glyph: "T" },
  max: { color: "#7B5CFA", glyph: "M" },
  vk: { color: "#0077FF", glyph: "VK" },
  viber: { color: "#7360F2", glyph: "V" },
  web: { color: "#64748B", glyph: "W" },
};

function messengerName(messenger: string, t: Translate): string {
  const key = `contacts.messenger.${messenger}`;
  const name = t(key);
  return name === key ? messenger : name;
}

/** The messenger's mark (decorative: its letters come from CSS, so they are not part of the text) and its name. */
export function MessengerLabel({ messenger, t }: { messenger: string; t: Translate }) {
  const style = STYLES[messenger] ?? { color: "#64748B", glyph: messenger.slice(0, 1).toUpperCase() || "?" };
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-messenger={messenger}>
      <span
        aria-hidden="true"
        data-glyph={style.glyph}
        style={{ backgroundColor: style.color }}
        className={`inline-flex size-[18px] shrink-0 items-center justify-center rounded-full font-bold leading-none text-white before:content-[attr(data-glyph)] ${style.glyph.length > 1 ? "text-[7px]" : "text-[9px]"}`}
      />
      {messengerName(messenger, t)}
    </span>
  );
}

export function TagChips({ tags, label, emptyText }: { tags: string[]; label: string; emptyText?: string }) {
  if (tags.length === 0) return emptyText ? <span className="text-muted">{emptyText}</span> : null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full border border-border bg-surface-2 px-2 py-0.5 text-xs">
          {tag}
        </li>
      ))}
    </ul>
  );
}
