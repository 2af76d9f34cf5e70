"use client";

import { useId } from "react";
import { useT } from "@/components/shell/i18n-provider";
import { DisclosureMenu } from "./disclosure-menu";
import { Checkbox, Field } from "./field";

export interface ChoosableColumn<Id extends string = string> {
  id: Id;
  label: string;
}

/** A small menu of checkboxes: which of a table's hideable columns show. Escape or a press outside closes it. */
export function ColumnChooser<Id extends string>({
  columns,
  hidden,
  onChange,
  label,
  hint,
}: {
  columns: readonly ChoosableColumn<Id>[];
  hidden: readonly Id[];
  onChange: (hidden: Id[]) => void;
  /** The menu's name; "Columns" by default. */
  label?: string;
  /** A line under the checkboxes (e.g. that the choice is remembered). */
  hint?: string;
}) {
  const t = useT();
  const id = useId();
  const name = label ?? t("common.columns");
  return (
    <DisclosureMenu
      className="relative"
      summaryClassName="inline-flex cursor-pointer list-none items-center gap-1 rounded-md border border-border bg-surface px-3 py-2 text-sm font-medium hover:bg-surface-2"
      summary={
        <>
          {name} <span aria-hidden="true">▾</span>
        </>
      }
    >
      <fieldset
        className="absolute left-0 z-30 mt-1 w-56 space-y-2 rounded-md border border-border bg-surface p-3 shadow-lg"
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <legend className="sr-only">{name}</legend>
        {columns.map((column) => (
          <Field key={column.id} label={column.label} inline className="flex">
            <Checkbox
              checked={!hidden.includes(column.id)}
              onChange={(event) => {
                const shown = event.target.checked;
                // In table order, whatever order the boxes were ticked in.
                onChange(columns.filter((other) => (other.id === column.id ? !shown : hidden.includes(other.id))).map((other) => other.id));
              }}
            />
          </Field>
        ))}
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        ) : null}
      </fieldset>
    </DisclosureMenu>
  );
}
