"use client";

import { useId, useState, useTransition, type FormEvent, type MouseEvent } from "react";
import Link from "next/link";
import { useI18n } from "@/components/shell/i18n-provider";
import { Notice } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Modal } from "@/components/ui/modal";
import { Checkbox, Field, GroupError, Radio } from "@/components/ui/field";
import type { ContactBrowserFilters } from "@/lib/features/contacts/browser-params";
import type { ExportFile } from "@/lib/features/contacts/export/forms";
import { startExportAction } from "@/lib/features/contacts/actions";
import { describeFilters, formatNumber } from "./format";
import { ExportList } from "./export-list";
import { useRefreshExports } from "@/lib/features/contacts/export/use-exports";
import { fieldsNamed, placeErrors } from "@/lib/core/actions/server-errors";
import { callAction } from "@/lib/core/actions/call-action";

type FileErrors = Partial<Record<keyof ExportFile, { message: string }>>;

/**
 * The browser's header export: "Export" opens a dialog that starts an export of what
 * the browser counts now (its filters, the search when the platform searches, the
 * viewer's zone), says how many contacts the file will hold and offers the file's
 * options. Its buttons are disabled, with the reason beside them, when there is
 * nothing to export or the member may not export. The member's exports are listed
 * further down the page (`#contact-exports`); the outcome is said beside the button.
 * The file's two choices are a radio pair and a checkbox, so the form is plain
 * state: nothing typed can fail the schema (ExportFileSchema), which the server
 * action parses with; its refusals land on their input.
 */
export function ExportPanel({
  filters,
  timeZone,
  total,
  withSearch,
  denied,
  botName,
  selected = [],
  onExported,
}: {
  filters: ContactBrowserFilters;
  timeZone: string;
  /** Contacts the export holds (null: not known yet). */
  total: number | null;
  /** Whether the export carries the search (a platform with the extension); else it is of the other filters. */
  withSearch: boolean;
  /** Why the member may not export (their role), or null. */
  denied: string | null;
  botName: (id: number) => string;
  /** Ids of the rows selected in the table: a second button exports only those. */
  selected?: readonly number[];
  /** After an export of the selected rows started (the browser clears the selection). */
  onExported?: () => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const refreshExports = useRefreshExports();
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const [format, setFormat] = useState<ExportFile["format"]>("csv");
  const [bom, setBom] = useState(true);
  const [errors, setErrors] = useState<FileErrors>({});
  const exported = withSearch ? filters : { ...filters, q: null };
  const described = describeFilters(exported, t, locale, botName);
  const filtered = described !== null;
  const summary = described ?? t("exports.no_filters");
  const reason = denied ?? (total === 0 ? t("exports.nothing") : null);
  const count = total === null ? null : formatNumber(total, locale);
  const label =
    count === null
      ? t("exports.start_unknown")
      : filters.q !== null && !withSearch
        ? t("exports.start_without_search", { count })
        : t("exports.start", { count });

  const [open, setOpen] = useState(false);
  const willWrite = count === null ? t("exports.will_write_unknown") : !filtered ? t("exports.will_write_all", { count }) : t("exports.will_write", { count });

  const submit = (ids: number[] | null) =>
    startTransition(async () => {
      setNotice(null);
      setErrors({});
      // The byte order mark is a CSV's only (its box is disabled for JSON Lines).
      const result = await callAction(startExportAction, { ...exported, tz: timeZone, format, bom: format === "csv" && bom, ids }, t);
      if (result.ok) {
        setOpen(false);
        setNotice({ tone: "success", text: t("exports.started") });
        if (ids) onExported?.();
        await refreshExports();
      } else {
        const { placed, unplaced } = placeErrors(result.error.fieldErrors, fieldsNamed("format", "bom"));
        setErrors(Object.fromEntries(placed.map(({ path, message }) => [path, { message }])));
        setNotice({ tone: "danger", text: unplaced.length > 0 ? unplaced.join(" ") : result.error.message });
      }
    });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(null);
  };
  // The list is under the table: the dialog closes first (focus goes back to its button), then the page scrolls there.
  const showList = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpen(false);
    setTimeout(() => {
      if (window.location.hash === "#contact-exports") document.getElementById("contact-exports")?.scrollIntoView();
      else window.location.hash = "contact-exports";
    }, 0);
  };

  return (
    <div id="contact-export" className="flex flex-wrap items-center justify-end gap-2" data-testid="export-form">
      <Notice notice={open ? null : notice} />
      <Button
        variant="secondary"
        disabled={denied !== null}
        aria-describedby={denied ? `${id}-denied` : undefined}
        onClick={() => (setNotice(null), setOpen(true))}
        data-testid="export-open"
        data-export-open
      >
        {t("exports.open")}
      </Button>
      {denied ? (
        <p id={`${id}-denied`} className="basis-full text-right text-xs text-muted">
          {denied}
        </p>
      ) : null}
      <Modal open={open} onCancel={() => setOpen(false)} labelledBy={`${id}-title`}>
        <form onSubmit={onSubmit} className="space-y-4" aria-labelledby={`${id}-title`}>
          <div className="space-y-1">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {t("exports.dialog_title")}
            </h2>
            <p className="text-sm" data-testid="export-count">
              {willWrite}
            </p>
            {filtered ? <p className="text-sm text-muted">{t("exports.filters", { summary })}</p> : null}
          </div>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">{t("exports.format")}</legend>
            <Field label={t("exports.format.csv")} inline className="flex">
              <Radio name="format" value="csv" checked={format === "csv"} onChange={() => setFormat("csv")} />
            </Field>
            <Field label={t("exports.format.jsonl")} inline className="flex">
              <Radio name="format" value="jsonl" checked={format === "jsonl"} onChange={() => setFormat("jsonl")} />
            </Field>
            <Field label={t("exports.bom")} error={errors.bom} inline className="flex">
              <Checkbox name="bom" disabled={format !== "csv"} checked={bom} onChange={(event) => setBom(event.target.checked)} />
            </Field>
            <GroupError error={errors.format} />
          </fieldset>
          {reason ? (
            <p id={`${id}-reason`} className="text-sm text-muted" data-testid="export-reason">
              {reason}
            </p>
          ) : null}
          <Notice notice={open ? notice : null} />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={pending || reason !== null} aria-describedby={reason ? `${id}-reason` : undefined} data-testid="export-start">
              {pending ? t("exports.starting") : label}
            </Button>
            {selected.length > 0 ? (
              <Button type="button" variant="secondary" disabled={pending} onClick={() => submit([...selected])} data-testid="export-selected">
                {t("exports.start_selected", { count: formatNumber(selected.length, locale) })}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t("exports.close")}
            </Button>
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href="#contact-exports" className="underline" onClick={showList}>
              {t("exports.see_list")}
            </a>
            <Link href="/contacts/exports" className="underline">
              {t("exports.all")}
            </Link>
          </p>
        </form>
      </Modal>
    </div>
  );
}

/** The member's exports with their progress and download links, under the table (the header's "Your exports" leads here). */
export function ExportsSection({ botName }: { botName: (id: number) => string }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div id="contact-exports" className="scroll-mt-4">
      <Card title={t("exports.title")} titleId={`${id}-title`} description={t("exports.description")}>
        <ExportList botName={botName} />
      </Card>
    </div>
  );
}
