"use client";

import { useId, useState, useTransition } from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useI18n } from "@/components/i18n-provider";
import { Notice } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox, Field, GroupError, Radio } from "@/components/ui/field";
import type { ContactBrowserFilters } from "@/lib/contacts/browser-params";
import { ExportFileSchema, type ExportFile } from "@/lib/contacts/export/forms";
import { startExportAction } from "@/lib/contacts/actions";
import { describeFilters, formatNumber } from "./format";
import { ExportList } from "./export-list";
import { useRefreshExports } from "@/lib/queries/use-exports";
import { applyServerErrors, fieldsNamed } from "@/lib/actions/server-errors";

/**
 * Starts an export of what the browser shows now (its filters and the viewer's
 * zone) and lists the member's exports with their progress.
 */
export function ExportPanel({
  filters,
  timeZone,
  total,
  botName,
}: {
  filters: ContactBrowserFilters;
  timeZone: string;
  total: number | null;
  botName: (id: number) => string;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const refreshExports = useRefreshExports();
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const form = useForm<ExportFile>({ resolver: zodResolver(ExportFileSchema), defaultValues: { format: "csv", bom: true } });
  const format = form.watch("format");
  const summary = describeFilters(filters, t, locale, botName) ?? t("exports.no_filters");

  const onSubmit = form.handleSubmit((file) =>
    startTransition(async () => {
      setNotice(null);
      const result = await startExportAction({ ...filters, tz: timeZone, ...file });
      if (result.ok) {
        setNotice({ tone: "success", text: t("exports.started") });
        await refreshExports();
      } else {
        const { unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, fieldsNamed("format", "bom"));
        setNotice({ tone: "danger", text: unplaced.length > 0 ? unplaced.join(" ") : result.error.message });
      }
    }),
  );

  return (
    <Card title={t("exports.title")} titleId={`${id}-title`} description={t("exports.description")}>
      <form onSubmit={onSubmit} className="space-y-4" aria-labelledby={`${id}-title`} data-testid="export-form">
        <p className="text-sm">{t("exports.filters", { summary })}</p>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("exports.format")}</legend>
          <Field label={t("exports.format.csv")} inline className="flex">
            <Radio value="csv" {...form.register("format")} />
          </Field>
          <Field label={t("exports.format.jsonl")} inline className="flex">
            <Radio value="jsonl" {...form.register("format")} />
          </Field>
          <GroupError error={form.formState.errors.format} />
        </fieldset>
        <Field label={t("exports.bom")} error={form.formState.errors.bom} inline className="flex">
          <Checkbox disabled={format !== "csv"} {...form.register("bom")} />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? t("exports.starting") : total === null ? t("exports.start_unknown") : t("exports.start", { count: formatNumber(total, locale) })}
          </Button>
          <Link href="/contacts/exports" className="text-sm underline">
            {t("exports.all")}
          </Link>
        </div>
        <Notice notice={notice} />
      </form>
      <div className="mt-6">
        <ExportList botName={botName} />
      </div>
    </Card>
  );
}
