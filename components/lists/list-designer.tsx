"use client";

import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import type { Active, DragEndEvent, Over, UniqueIdentifier } from "@dnd-kit/core";
import { useT } from "@/components/shell/i18n-provider";
import { useSubmitAfterSuggestions } from "./use-submit-after-suggestions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, GroupError, Input } from "@/components/ui/field";
import type { CreateListForm, CreateListFormInput, ListFieldFormInput } from "@/lib/features/lists/forms/lists";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import { createListErrorPath } from "@/lib/features/lists/forms/list-fields";
import { MAX_FIELDS_AT_CREATION, DEFAULT_CURRENCY } from "@/lib/contract/facts";
import { preloadSlugFromName, slugSuggestions, type SlugFromName } from "@/lib/features/lists/slug-loader";
import type { TargetDirectory } from "@/lib/features/lists/types";
import type { createListAction } from "@/lib/features/lists/actions";
import { serializeListPageParams } from "@/lib/features/lists/list-page-params";
import { FieldRow, type SortableRow } from "./field-row";
import { SortableFields, SortableItem } from "./sortable-fields";
import { ListPreview } from "./list-preview";
import { TargetPicker } from "./target-picker";
import { applyServerErrors } from "@/lib/core/actions/server-errors";
import { callAction } from "@/lib/core/actions/call-action";

const createListResolver = lazyZodResolver<CreateListFormInput, CreateListForm>(() =>
  import("@/lib/features/lists/forms/lists").then((forms) => forms.CreateListFormSchema),
);

const newField = (): ListFieldFormInput => ({
  name: "",
  slug: "",
  type: "string",
  currency: DEFAULT_CURRENCY,
  is_required: true,
  is_hidden: false,
  is_encryptable: false,
  slugFollowsName: true,
});

/**
 * The new-list designer: name, target, 1–30 fields (reordered by dragging a
 * row's handle, by the handle's keyboard mode, or by the move buttons), and a
 * live preview of the record form. The same schema runs here as the user
 * types and in the server action; the server's errors land on the input they
 * name, and nothing typed is lost on an error.
 *
 * `action` is createListAction (passed by the page); `loadSlugFromName` loads the slug suggester (./slug, after the page).
 */
export function ListDesigner({
  directory,
  action,
  loadSlugFromName = preloadSlugFromName,
}: {
  directory: TargetDirectory;
  action: typeof createListAction;
  loadSlugFromName?: () => Promise<SlugFromName>;
}) {
  const t = useT();
  const router = useRouter();
  const dndId = useId();
  const [topErrors, setTopErrors] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const topRef = useRef<HTMLDivElement>(null);
  const hasProjects = directory.projects.length > 0;
  // Errors that belong to no field are read first: focus moves to them whenever they change.
  useEffect(() => {
    if (topErrors.length) topRef.current?.focus();
  }, [topErrors]);
  const form = useForm<CreateListFormInput, unknown, CreateListForm>({
    resolver: createListResolver,
    // Inputs are checked when left, then as they change; slugs are rechecked on every keystroke (recheckSlugs).
    // Not "onChange": useFieldArray would then validate the whole array after each append and flag the new, empty row.
    mode: "onBlur",
    reValidateMode: "onChange",
    defaultValues: {
      name: "",
      targetKind: "project",
      projectUuid: directory.projects.length === 1 ? directory.projects[0].uuid : "",
      botId: "",
      fields: [newField()],
    },
  });
  const { control, formState } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: "fields" });
  // The rows' stable ids in their order, for a slug suggestion that lands after its row moved: kept with each render,
  // and at once by moveField and the remove button (before React draws the change).
  const rowIds = useRef<string[]>([]);
  useLayoutEffect(() => {
    rowIds.current = fields.map((field) => field.id);
  }, [fields]);
  // The slug suggester loads after the page (idle); names typed before it arrives wait for it, by their row's id.
  const [suggestions] = useState(() => slugSuggestions<string>(loadSlugFromName));
  useEffect(() => suggestions.preloadWhenIdle(), [suggestions]);
  const values = useWatch({ control, name: "fields" });
  const listName = useWatch({ control, name: "name" });

  /** Duplicates depend on other rows: after any slug or order change, recheck every filled-in slug. */
  const recheckSlugs = () => {
    const rows = form.getValues("fields") ?? [];
    const paths = rows.flatMap((row, index) => (row?.slug ? [`fields.${index}.slug` as const] : []));
    if (paths.length) void form.trigger(paths);
  };

  const moveField = (from: number, to: number) => {
    if (to < 0 || to >= fields.length || from === to) return;
    const name = form.getValues(`fields.${from}.name`) || t("lists.form.field_n", { n: from + 1 });
    const movedId = fields[from].id;
    const pressed = document.activeElement?.id;
    move(from, to);
    const ids = fields.map((field) => field.id);
    ids.splice(to, 0, ...ids.splice(from, 1));
    rowIds.current = ids;
    setAnnouncement(t("lists.form.moved", { name, position: to + 1, count: fields.length }));
    requestAnimationFrame(() => {
      recheckSlugs();
      // Keep the keyboard on the moved row: its same button, or the other one at the top or bottom edge.
      if (pressed !== `field-${movedId}-up` && pressed !== `field-${movedId}-down`) return;
      const same = document.getElementById(pressed) as HTMLButtonElement | null;
      const other = document.getElementById(`field-${movedId}-${pressed.endsWith("-up") ? "down" : "up"}`) as HTMLButtonElement | null;
      (same && !same.disabled ? same : other)?.focus();
    });
  };

  /** dnd-kit's screen-reader texts, in the user's language and by field number (its defaults name internal ids). */
  const positionOf = (id: UniqueIdentifier) => fields.findIndex((field) => field.id === id) + 1;
  const accessibility = {
    screenReaderInstructions: { draggable: t("lists.dnd.instructions") },
    announcements: {
      onDragStart: ({ active }: { active: Active }) => t("lists.dnd.picked", { n: positionOf(active.id) }),
      onDragOver: ({ active, over }: { active: Active; over: Over | null }) =>
        over ? t("lists.dnd.over", { n: positionOf(active.id), position: positionOf(over.id) }) : undefined,
      onDragEnd: ({ active, over }: { active: Active; over: Over | null }) =>
        over ? t("lists.dnd.dropped", { n: positionOf(active.id), position: positionOf(over.id) }) : t("lists.dnd.cancelled", { n: positionOf(active.id) }),
      onDragCancel: ({ active }: { active: Active }) => t("lists.dnd.cancelled", { n: positionOf(active.id) }),
    },
  };

  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((field) => field.id === active.id);
    const to = fields.findIndex((field) => field.id === over.id);
    if (from >= 0 && to >= 0) moveField(from, to);
  };

  const onNameTyped = (id: string, index: number, name: string) => {
    // The other rows' slugs as they were when the name was typed: the suggester may still be loading, and a slug typed
    // into a later row meanwhile must meet this row's suggestion as a duplicate (shown on the later row), as it would
    // have without the wait — not push this row's suggestion to "_2".
    const taken = (form.getValues("fields") ?? []).flatMap((row, other) => (other !== index && row?.slug ? [row.slug] : []));
    suggestions.suggest(id, (slugFromName) => {
      // The row where it is now (it may have moved while the suggester loaded), unless it was removed or its slug
      // was typed by hand meanwhile.
      const at = rowIds.current.indexOf(id);
      if (at < 0 || form.getValues(`fields.${at}.slugFollowsName`) === false) return;
      form.setValue(`fields.${at}.slug`, name.trim() ? slugFromName(name, { taken, position: at }) : "", {
        shouldValidate: name.trim() !== "",
        shouldDirty: true,
      });
      recheckSlugs();
    });
  };

  const fieldRow = (field: (typeof fields)[number], index: number, sortable: SortableRow | null) => (
    <FieldRow
      key={field.id}
      sortable={sortable}
      id={field.id}
      index={index}
      count={fields.length}
      form={form}
      type={values?.[index]?.type ?? "string"}
      onNameTyped={onNameTyped}
      onNameFocus={() => void loadSlugFromName().catch(() => {})}
      onSlugTyped={(slug) => {
        form.setValue(`fields.${index}.slugFollowsName`, slug === "");
        suggestions.cancel(field.id);
        recheckSlugs();
      }}
      onMove={moveField}
      onRemove={() => {
        remove(index);
        rowIds.current = rowIds.current.filter((id) => id !== field.id);
        requestAnimationFrame(recheckSlugs);
      }}
    />
  );

  const submit = form.handleSubmit(async (input) => {
    setTopErrors([]);
    // A request that does not get through comes back as an error like any other; the form keeps everything typed.
    const result = await callAction(action, input, t);
    if (result.ok) {
      router.push(serializeListPageParams(`/lists/${result.data.id}`, { created: true }));
      return;
    }
    const { placed, unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, createListErrorPath);
    const top = placed === 0 ? [result.error.message, ...unplaced.filter((text) => text !== result.error.message)] : unplaced;
    setTopErrors(placed > 0 && top.length === 0 ? [t("form.fix_errors")] : top);
  });

  // A slug suggestion still on its way is waited for and filled in before the check and the send.
  const { onSubmit, settling } = useSubmitAfterSuggestions(suggestions, submit);

  const errors = formState.errors;
  const fieldsError = errors.fields?.root?.message ?? errors.fields?.message;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-describedby="designer-intro">
        <p id="designer-intro" className="text-sm text-muted">
          {t("lists.designer_intro")}
        </p>
        <div ref={topRef} tabIndex={-1} className="outline-none" data-testid="designer-top-errors">
          {topErrors.length ? (
            <Alert tone="danger" live title={t("lists.form.not_created")}>
              <ul className="list-disc pl-5">
                {topErrors.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>
        <fieldset disabled={formState.isSubmitting || settling} className="space-y-6">
          <Field id="list-name" label={t("lists.form.name")} error={errors.name} required>
            <Input autoComplete="off" {...form.register("name")} />
          </Field>

          <TargetPicker form={form} directory={directory} hasProjects={hasProjects} />

          <section aria-labelledby="designer-fields-title" className="space-y-3">
            <div className="flex flex-wrap items-end justify-between gap-2">
              <div>
                <h2 id="designer-fields-title" className="text-lg font-semibold">
                  {t("lists.form.fields")}
                </h2>
                <p id="designer-fields-hint" className="text-sm text-muted">
                  {t("lists.form.fields_hint", { max: MAX_FIELDS_AT_CREATION })}
                </p>
              </div>
              <span className="text-sm text-muted" data-testid="designer-field-count">
                {t("lists.form.field_count", { count: fields.length, max: MAX_FIELDS_AT_CREATION })}
              </span>
            </div>
            <GroupError id="designer-fields-error" error={fieldsError ? { message: String(fieldsError) } : undefined} />
            {/* dnd-kit comes with the designer's own code (the designer is an island loaded after the page), so the rows are
                drawn once, sortable from the start: no second drawing that could take the focus or text being typed. */}
            <SortableFields id={dndId} items={fields.map((field) => field.id)} onDragEnd={onDragEnd} accessibility={accessibility}>
              <ol className="space-y-3">
                {fields.map((field, index) => (
                  <SortableItem key={field.id} id={field.id}>
                    {(sortable) => fieldRow(field, index, sortable)}
                  </SortableItem>
                ))}
              </ol>
            </SortableFields>
            <p className="sr-only" role="status" aria-live="polite">
              {announcement}
            </p>
            <Button
              variant="secondary"
              onClick={() => append(newField(), { shouldFocus: true, focusName: `fields.${fields.length}.name` })}
              disabled={fields.length >= MAX_FIELDS_AT_CREATION}
            >
              {t("lists.form.add_field")}
            </Button>
          </section>

          <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
            <Button type="submit">{formState.isSubmitting || settling ? t("lists.form.creating") : t("lists.form.create")}</Button>
          </div>
        </fieldset>
      </form>
      <ListPreview name={listName ?? ""} fields={values ?? []} />
    </div>
  );
}
