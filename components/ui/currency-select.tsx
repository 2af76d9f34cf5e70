"use client";

import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import { listCurrencies, searchCurrencies, type CurrencyOption } from "@/lib/core/money/currencies";
import { Field, Input, inputClass, useFieldProps } from "./field";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

interface CurrencySelectProps {
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  /** Codes not offered (a contact's existing accounts). */
  exclude?: readonly string[];
  /**
   * "combobox" (the default): one input to type a code or a name, with a list
   * that opens under it. "list": a search field above a list that is always
   * shown (a native listbox), for a form whose only choice is the currency.
   */
  variant?: "combobox" | "list";
  disabled?: boolean;
  name?: string;
  /** The control that holds the choice (react-hook-form focuses it on an error). */
  ref?: (element: HTMLElement | null) => void;
}

/** The currencies named in the viewer's language; built in the browser only, whose Intl may differ from the server's. */
function useCurrencyOptions(exclude: readonly string[]): CurrencyOption[] {
  const { locale } = useI18n();
  const hydrated = useHydrated();
  const excludeKey = exclude.join(",");
  return useMemo(() => (hydrated ? listCurrencies(locale, excludeKey ? excludeKey.split(",") : []) : []), [hydrated, locale, excludeKey]);
}

/**
 * The one currency picker: ISO 4217 codes from Intl.supportedValuesOf, named
 * with Intl.DisplayNames in the viewer's language, found by code or name. The
 * value is always a code from the list. Inside a Field, the Field's label,
 * error and descriptions go to the control that holds the choice.
 */
export function CurrencySelect({ variant = "combobox", exclude = [], ...props }: CurrencySelectProps) {
  const options = useCurrencyOptions(exclude);
  return variant === "list" ? <CurrencyList options={options} {...props} /> : <CurrencyCombobox options={options} {...props} />;
}

type Variant = Omit<CurrencySelectProps, "variant" | "exclude"> & { options: CurrencyOption[] };

/** An ARIA combobox with a listbox: type, pick with the arrow keys and Enter or with the mouse; an unknown text left behind keeps the previous choice. */
function CurrencyCombobox({ options, value, onChange, onBlur, disabled, name, ref }: Variant) {
  const { t } = useI18n();
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((option) => option.code === value);
  const shown = useMemo(() => (open ? searchCurrencies(options, query ?? "") : []), [open, options, query]);
  const wiring = useFieldProps({});

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
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
  };

  return (
    <div className="relative">
      <input
        {...wiring}
        ref={ref}
        name={name}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${shown[active].code}` : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        className={cn(inputClass, "font-mono")}
        placeholder={t("currency.search")}
        value={query ?? (selected ? `${selected.code} — ${selected.name}` : value)}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
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
          aria-label={t("currency.list")}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-border bg-surface py-1 text-sm shadow-lg"
        >
          {shown.length === 0 ? (
            <li className="px-3 py-2 text-muted">{t("currency.none")}</li>
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

/** A search field over a native listbox (six rows) of the matching currencies; the chosen one stays listed whatever the search. */
function CurrencyList({ options, value, onChange, onBlur, disabled, name, ref }: Variant) {
  const { t } = useI18n();
  const [query, setQuery] = useState("");
  const shown = useMemo(() => {
    const found = searchCurrencies(options, query);
    const chosen = options.find((option) => option.code === value);
    return chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  }, [options, query, value]);
  const wiring = useFieldProps({});
  return (
    <div className="space-y-2">
      <Field label={t("currency.find")}>
        <Input type="search" autoComplete="off" value={query} disabled={disabled} onChange={(event) => setQuery(event.target.value)} />
      </Field>
      <select
        {...wiring}
        ref={ref}
        name={name}
        size={6}
        disabled={disabled}
        className={cn(inputClass, "pr-8")}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {shown.map((option) => (
          <option key={option.code} value={option.code}>
            {option.code} — {option.name}
          </option>
        ))}
      </select>
      <p className="text-xs text-muted" aria-live="polite">
        {t("currency.shown", { count: shown.length })}
      </p>
    </div>
  );
}
