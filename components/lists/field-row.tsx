"use client";

import type { ButtonHTMLAttributes, CSSProperties, Ref } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { FieldCurrency, FieldFlags, FieldTypeSelect } from "./field-settings";
import { cn } from "@/components/ui/cn";
import type { CreateListForm, CreateListFormInput } from "@/lib/features/lists/forms/lists";
import type { FieldType } from "@/lib/contract/facts";

/** What dnd-kit gives a sortable row (./sortable-fields): the row's ref and position, the handle's ref and events. */
export interface SortableRow {
  setNodeRef: (element: HTMLElement | null) => void;
  style: CSSProperties;
  isDragging: boolean;
  handle: ButtonHTMLAttributes<HTMLButtonElement> & { ref: Ref<HTMLButtonElement> };
}

/**
 * One row of the designer: a sortable item whose handle drags (pointer, or Space + arrows) and whose buttons move it.
 * Without `sortable` (one field, or dnd-kit still loading) the handle is drawn but drags nothing yet.
 */
export function FieldRow({
  id,
  index,
  count,
  form,
  type,
  onNameTyped,
  onNameFocus,
  onSlugTyped,
  onMove,
  onRemove,
  sortable,
}: {
  id: string;
  index: number;
  count: number;
  form: UseFormReturn<CreateListFormInput, unknown, CreateListForm>;
  type: FieldType;
  /** A name typed into the row (identified by its stable `id` and its `index` at the time). */
  onNameTyped: (id: string, index: number, name: string) => void;
  onNameFocus: () => void;
  onSlugTyped: (slug: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  sortable: SortableRow | null;
}) {
  const t = useT();
  const errors = form.formState.errors.fields?.[index];
  const n = index + 1;
  const base = `field-${id}`;
  const slugHint = t("lists.form.slug_hint");

  return (
    <li
      ref={sortable?.setNodeRef}
      style={sortable?.style}
      className={cn("rounded-lg border border-border bg-surface p-4", sortable?.isDragging && "relative z-10 shadow-lg ring-2 ring-primary")}
      data-testid={`field-row-${index}`}
    >
      <fieldset className="space-y-3">
        <legend className="sr-only">{t("lists.form.field_n", { n })}</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <button
              type="button"
              id={`${base}-drag`}
              className="cursor-grab rounded-md border border-border px-2 py-1 text-muted hover:bg-surface-2 active:cursor-grabbing"
              aria-label={t("lists.form.drag", { n })}
              {...sortable?.handle}
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <span className="font-medium" aria-hidden="true">
              {t("lists.form.field_n", { n })}
            </span>
          </div>
          <div className="flex flex-wrap gap-1">
            <Button
              id={`${base}-up`}
              variant="ghost"
              className="px-2 py-1"
              aria-label={t("lists.form.move_up", { n })}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
              data-move="up"
            >
              ↑ <span className="sr-only sm:not-sr-only">{t("lists.form.up")}</span>
            </Button>
            <Button
              id={`${base}-down`}
              variant="ghost"
              className="px-2 py-1"
              aria-label={t("lists.form.move_down", { n })}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
              data-move="down"
            >
              ↓ <span className="sr-only sm:not-sr-only">{t("lists.form.down")}</span>
            </Button>
            <Button
              id={`${base}-remove`}
              variant="ghost"
              className="px-2 py-1 text-danger"
              aria-label={t("lists.form.remove", { n })}
              disabled={count === 1}
              onClick={onRemove}
            >
              {t("lists.form.remove_short")}
            </Button>
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id={`${base}-name`} label={t("lists.form.field_name")} error={errors?.name} required>
            <Input
              autoComplete="off"
              onFocus={onNameFocus}
              {...form.register(`fields.${index}.name`, { onChange: (event) => onNameTyped(id, index, event.target.value) })}
            />
          </Field>
          <Field id={`${base}-slug`} label={t("lists.form.field_slug")} description={slugHint} error={errors?.slug} required>
            <Input
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              {...form.register(`fields.${index}.slug`, { onChange: (event) => onSlugTyped(event.target.value) })}
            />
          </Field>
          <FieldTypeSelect
            id={`${base}-type`}
            error={errors?.type}
            registration={form.register(`fields.${index}.type`, { onChange: () => void form.trigger(`fields.${index}.currency`) })}
          />
        </div>
        {type === "money" ? <FieldCurrency id={`${base}-currency`} error={errors?.currency} control={form.control} name={`fields.${index}.currency`} /> : null}
        <FieldFlags idBase={base} errors={errors} register={(flag) => form.register(`fields.${index}.${flag}`)} />
      </fieldset>
    </li>
  );
}
