"use client";

import { useId, useState } from "react";
import { useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import { ColumnChooser } from "@/components/ui/column-chooser";
import { Field, GroupError, Input, Select } from "@/components/ui/field";
import { SearchInput } from "@/components/ui/search-input";
import { hasFilters, MAX_SEARCH_LENGTH, PAGE_SIZES, type ContactBrowserFilters, type PageSize } from "@/lib/features/contacts/browser-params";
import { HIDEABLE_COLUMNS, type ContactColumn } from "@/lib/features/contacts/columns";
import { isDay } from "@/lib/features/contacts/time-zone";

export interface BotOption {
  id: number;
  label: string;
}

/**
 * Search, bot, creation days and page size. Every change goes to the URL (and
 * takes the browser back to page 1): the search once typing pauses, the others at
 * once; the days are whole days of the viewer's zone.
 */
export function ContactFilters({
  filters,
  searchSupported,
  onSearch,
  size,
  bots,
  timeZone,
  hiddenColumns,
  onHiddenColumns,
  onFilters,
  onSize,
  onClear,
}: {
  filters: ContactBrowserFilters;
  /** Whether the platform searches text (the `search` extension); else only a contact ID is looked up. */
  searchSupported: boolean;
  onSearch: (q: string | null) => void;
  size: PageSize;
  bots: BotOption[] | null;
  timeZone: string;
  hiddenColumns: ContactColumn[];
  onHiddenColumns: (hidden: ContactColumn[]) => void;
  onFilters: (filters: Partial<ContactBrowserFilters>) => void;
  onSize: (size: PageSize) => void;
  onClear: () => void;
}) {
  const t = useT();
  const id = useId();
  const reversed = filters.from !== null && filters.to !== null && filters.from > filters.to;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border bg-surface p-4">
      <h2 id={`${id}-title`} className="sr-only">
        {t("contacts.filters")}
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <Field
          id={`${id}-search`}
          label={t("contacts.search")}
          description={searchSupported ? t("contacts.search_hint") : t("contacts.search_id_only")}
          className="min-w-64 flex-1"
        >
          <SearchInput value={filters.q} onSearch={onSearch} maxLength={MAX_SEARCH_LENGTH} />
        </Field>
        {bots ? (
          <Field id={`${id}-bot`} label={t("contacts.filter.bot")}>
            <Select
              className="min-w-48"
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
        <Field id={`${id}-size`} label={t("contacts.page_size")}>
          <Select value={String(size)} onChange={(event) => onSize(Number(event.target.value) as PageSize)}>
            {PAGE_SIZES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
        <ColumnChooser
          columns={HIDEABLE_COLUMNS.map((column) => ({ id: column, label: t(`contacts.col.${column}`) }))}
          hidden={hiddenColumns}
          onChange={onHiddenColumns}
          label={t("contacts.columns")}
          hint={t("contacts.columns_hint")}
        />
        {hasFilters(filters) ? (
          <Button variant="secondary" onClick={onClear}>
            {t("contacts.filter.clear")}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-dates`} className="mt-2 text-xs text-muted">
        {t("contacts.filter.dates_hint", { zone: timeZone })}
      </p>
      <GroupError error={reversed ? { message: "contacts.filter.range_reversed" } : undefined} className="mt-1" />
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
      <Field id={id} label={t("contacts.filter.bot_id")} description={<span className="block max-w-56">{t("contacts.filter.bot_id_hint")}</span>}>
        <Input inputMode="numeric" className="w-36" value={text} aria-invalid={!valid || undefined} onChange={(event) => setText(event.target.value.trim())} />
      </Field>
      <Button type="submit" variant="secondary" disabled={!valid}>
        {t("contacts.filter.apply")}
      </Button>
    </form>
  );
}
