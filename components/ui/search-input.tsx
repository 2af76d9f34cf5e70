"use client";

import { useEffect, useEffectEvent, useState, type InputHTMLAttributes } from "react";
import { Input } from "./field";
import { useDebouncedValue } from "./use-debounced-value";

/** How long typing must pause before the search is applied: one request per pause, not per keystroke. */
export const SEARCH_DELAY_MS = 300;

const normalize = (text: string): string | null => text.trim() || null;

/**
 * A search box whose text is applied (`onSearch`, trimmed; blank is null) once
 * typing pauses for `delayMs`, at once on Enter, and cleared with Escape or the
 * box's own clear control. `value` is the applied search (the URL's): when it
 * changes from outside (Back, "Clear filters") the box shows it; while the typed
 * text means the same search (a trailing space), the typed text stays.
 */
export function SearchInput({
  value,
  onSearch,
  delayMs = SEARCH_DELAY_MS,
  ...props
}: { value: string | null; onSearch: (search: string | null) => void; delayMs?: number } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "defaultValue" | "onChange" | "type"
>) {
  const [text, setText] = useState(value ?? "");
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The applied search changed: from outside unless the typed text already means it.
    setShown(value);
    if (normalize(text) !== value) setText(value ?? "");
  }
  const commit = (search: string | null) => {
    if (search !== value) onSearch(search);
  };
  const apply = useEffectEvent(commit);
  const settled = useDebouncedValue(text, delayMs);
  useEffect(() => apply(normalize(settled)), [settled]);

  return (
    <Input
      {...props}
      type="search"
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          commit(normalize(text));
        } else if (event.key === "Escape" && text !== "") {
          event.preventDefault();
          setText("");
          commit(null);
        }
      }}
    />
  );
}
