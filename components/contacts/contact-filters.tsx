"use client";

import { useId, useState } from "react";
import { useI18n, useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import { ColumnChooser } from "@/components/ui/column-chooser";
import { Field, GroupError, Input, Select } from "@/components/ui/field";
import { Popover } from "@/components/ui/popover";
import { SearchInput } from "@/components/ui/search-input";
import { hasFilters, MAX_SEARCH_LENGTH, type ContactBrowserFilters } from "@/lib/features/contacts/browser-params";
import { HIDEABLE_COLUMNS, type ContactColumn } from "@/lib/features/contacts/columns";
import { isDay } from "@/lib/features/contacts/time-zone";
import { formatDay } from "./format";

export interface BotOption {
  id: number;
  label: string;
}

/**
 * The browser's toolbar, one line above the table: the search box first, then "Filters" (bot and creation days, in a
 * popover) and the columns; each filter in force shows as a chip that removes it, and "Clear filters"
 * removes them all. Every change goes to the URL (and takes the browser back to page 1): the search once typing
 * pauses, the others at once; the days are whole days of the viewer's zone.
 */
export function ContactFilters({
  filters,
  searchSupported,
  onSearch,
  bots,
  timeZone,
  hiddenColumns,
  onHiddenColumns,
  onFilters,
  onClear,
  botName,
}: {
  filters: ContactBrowserFilters;
  /** Whether the platform searches text (the `search` extension); else only a contact ID is looked up. */
  searchSupported: boolean;
  onSearch: (q: string | null) => void;
  bots: BotOption[] | null;
  timeZone: string;
  hiddenColumns: ContactColumn[];
  onHiddenColumns: (hidden: ContactColumn[]) => void;
  onFilters: (filters: Partial<ContactBrowserFilters>) => void;
  onClear: () => void;
  botName: (id: number) => string;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const reversed = filters.from !== null && filters.to !== null && filters.from > filters.to;
  const chips = [
    filters.bot !== null ? { key: "bot", text: t("contacts.chip.bot", { bot: botName(filters.bot) }), remove: { bot: null } } : null,
    filters.from !== null ? { key: "from", text: t("contacts.chip.from", { date: formatDay(filters.from, locale) }), remove: { from: null } } : null,
    filters.to !== null ? { key: "to", text: t("contacts.chip.to", { date: formatDay(filters.to, locale) }), remove: { to: null } } : null,
  ].filter((chip) => chip !== null);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-1" data-testid="contact-toolbar">
      <h2 id={`${id}-title`} className="sr-only">
        {t("contacts.filters")}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Field id={`${id}-search`} label={t("contacts.search")} hideLabel className="min-w-0 basis-full sm:max-w-lg sm:flex-1 sm:basis-64">
          <SearchInput
            value={filters.q}
            onSearch={onSearch}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={searchSupported ? t("contacts.search_hint") : t("contacts.search_id_placeholder")}
            aria-describedby={searchSupported ? undefined : `${id}-search-hint`}
          />
        </Field>
        <Popover
          label={
            <>
              {t("contacts.filters")}
              {chips.length > 0 ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-fg">{chips.length}</span> : null}
            </>
          }
          buttonLabel={chips.length > 0 ? t("contacts.filters_count", { count: chips.length }) : undefined}
          testId="contact-filters"
        >
          <div className="space-y-3">
            {bots ? (
              <Field id={`${id}-bot`} label={t("contacts.filter.bot")}>
                <Select
                  value={filters.bot === null ? "" : String(filters.bot)}
                  onChange={(event) => onFilters({ bot: event.target.value ? Number(event.target.value) : null })}
                >
                  <option value="">{t("contacts.filter.all_bots")}</option>
                  {filters.bot !== null && !bots.some((bot) => bot.id === filters.bot) ? <option value={filters.bot}>{filters.bot}</option> : null}
                  {bots.map((bot) => (
                    <option key={bot.id} value={bot.id}>
                      {bot.label}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              <BotIdInput key={filters.bot ?? ""} id={`${id}-bot`} value={filters.bot} onChange={(bot) => onFilters({ bot })} />
            )}
            <div className="grid grid-cols-2 gap-2">
              <DayInput
                id={`${id}-from`}
                label={t("contacts.filter.from")}
                value={filters.from}
                invalid={reversed}
                onChange={(from) => onFilters({ from })}
                hintId={`${id}-dates`}
              />
              <DayInput
                id={`${id}-to`}
                label={t("contacts.filter.to")}
                value={filters.to}
                invalid={reversed}
                onChange={(to) => onFilters({ to })}
                hintId={`${id}-dates`}
              />
            </div>
            <p id={`${id}-dates`} className="text-xs text-muted">
              {t("contacts.filter.dates_hint", { zone: timeZone })}
            </p>
          </div>
        </Popover>
        <ColumnChooser
          columns={HIDEABLE_COLUMNS.map((column) => ({ id: column, label: t(`contacts.col.${column}`) }))}
          hidden={hiddenColumns}
          onChange={onHiddenColumns}
          label={t("contacts.columns")}
          hint={t("contacts.columns_hint")}
        />
        {chips.length > 0 ? (
          <ul className="contents" aria-label={t("contacts.chips")}>
            {chips.map((chip) => (
              <li key={chip.key} className="inline-flex items-center rounded-full border border-border bg-surface-2 text-sm" data-testid="filter-chip">
                <span className="py-1 pl-3">{chip.text}</span>
                <button
                  type="button"
                  className="rounded-full px-2 py-1 text-muted hover:text-fg"
                  aria-label={t("contacts.chip.remove", { filter: chip.text })}
                  onClick={() => onFilters(chip.remove)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {hasFilters(filters) ? (
          <Button variant="ghost" onClick={onClear}>
            {t("contacts.filter.clear")}
          </Button>
        ) : null}
      </div>
      {searchSupported ? null : (
        <p id={`${id}-search-hint`} className="text-xs text-muted">
          {t("contacts.search_id_only")}
        </p>
      )}
      {reversed ? <GroupError error={{ message: "contacts.filter.range_reversed" }} /> : null}
    </section>
  );
}

function DayInput({
  id,
  label: text,
  value,
  invalid,
  hintId,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  invalid: boolean;
  hintId: string;
  onChange: (day: string | null) => void;
}) {
  return (
    <Field id={id} label={text}>
      <Input
        type="date"
        min="1970-01-01"
        max="9999-12-31"
        value={value ?? ""}
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
        onChange={(event) => {
          const day = event.target.value;
          if (day === "") onChange(null);
          else if (isDay(day)) onChange(day);
        }}
      />
    </Field>
  );
}

/** For a platform whose getMe does not list bots: a typed bot id, applied with Enter or the button. */
function BotIdInput({ id, value, onChange }: { id: string; value: number | null; onChange: (bot: number | null) => void }) {
  const t = useT();
  const [text, setText] = useState(value === null ? "" : String(value));
  const valid = text === "" || /^\d{1,15}$/.test(text);
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onChange(text === "" ? null : Number(text));
      }}
    >
      <Field id={id} label={t("contacts.filter.bot_id")} description={t("contacts.filter.bot_id_hint")} className="min-w-0 flex-1">
        <Input inputMode="numeric" value={text} aria-invalid={!valid || undefined} onChange={(event) => setText(event.target.value.trim())} />
      </Field>
      <Button type="submit" variant="secondary" disabled={!valid}>
        {t("contacts.filter.apply")}
      </Button>
    </form>
  );
}
