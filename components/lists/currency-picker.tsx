"use client";

import { useId, useMemo, useRef, useState } from "react";
import { useI18n } from "@/components/i18n-provider";
import { inputClass } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { currencyOptions, filterCurrencies } from "@/lib/dashboard/lists/currencies";

/**
 * A searchable ISO 4217 picker (ARIA combobox with a listbox): type a code or
 * a name, pick with the arrow keys and Enter, or with the mouse. The value is
 * always a code from the list; leaving the input with an unknown text keeps
 * the previous choice.
 */
export function CurrencyPicker({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const { locale, t } = useI18n();
  const listId = useId();
  const options = useMemo(() => currencyOptions(locale), [locale]);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((option) => option.code === value);
  const shown = useMemo(() => (open ? filterCurrencies(options, query ?? "", locale) : []), [open, options, query, locale]);

  const choose = (code: string) => {
    onChange(code);
    setQuery(null);
    setOpen(false);
  };
  const moveActive = (next: number) => {
    const index = Math.max(0, Math.min(shown.length - 1, next));
    setActive(index);
    listRef.current?.children[index]?.scrollIntoView({ block: "nearest" });
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${shown[active].code}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        className={cn(inputClass, "font-mono")}
        placeholder={t("lists.currency.search")}
        value={query ?? (selected ? `${selected.code} — ${selected.name}` : value)}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            if (!open) setOpen(true);
            else moveActive(active + 1);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            moveActive(active - 1);
          } else if (event.key === "Enter" && open) {
            event.preventDefault();
            if (shown[active]) choose(shown[active].code);
          } else if (event.key === "Escape" && open) {
            event.preventDefault();
            setQuery(null);
            setOpen(false);
          }
        }}
        onBlur={() => {
          const typed = query?.trim().toUpperCase();
          if (typed && options.some((option) => option.code === typed)) choose(typed);
          else {
            setQuery(null);
            setOpen(false);
          }
          onBlur?.();
        }}
      />
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={t("lists.form.field_currency")}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-border bg-surface py-1 text-sm shadow-lg"
        >
          {shown.length === 0 ? (
            <li className="px-3 py-2 text-muted">{t("lists.currency.none")}</li>
          ) : (
            shown.map((option, index) => (
              <li
                key={option.code}
                id={`${listId}-${option.code}`}
                role="option"
                aria-selected={option.code === value}
                className={cn("cursor-pointer px-3 py-1.5", index === active && "bg-surface-2", option.code === value && "font-semibold")}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(option.code)}
              >
                <span className="font-mono">{option.code}</span> — {option.name}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
