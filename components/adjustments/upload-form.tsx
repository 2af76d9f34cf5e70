"use client";

import { useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, Input } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ApiError, postForm } from "@/lib/core/actions/fetch-json";
import { ADJUSTMENT_FILE_LIMITS } from "@/lib/features/adjustments/types";
import { formatCount } from "@/lib/dashboard/format";
import { formatBytes } from "@/components/contacts/format";
import { formatMegabytes } from "./format";

/** The name and types a CSV file may come with (browsers give .csv files text/csv, application/vnd.ms-excel or nothing). */
const ACCEPT = ".csv,.txt,text/csv,text/plain";
const looksLikeCsv = (file: File) => /\.(csv|txt)$/i.test(file.name) || /^text\//.test(file.type) || file.type === "application/vnd.ms-excel";

/**
 * A CSV file to start a batch: chosen or dropped, checked for its size and kind here (nothing is sent when it
 * cannot be read), then posted as FormData (`file`) to `action`, a route handler that answers `{ id }` or a typed
 * error (`{ error: ActionError }`); the error is shown on the file field. `sampleHref`: a sample file to start from,
 * offered beside the button.
 */
export function UploadForm({ action, onUploaded, sampleHref }: { action: string; onUploaded: (id: string) => void; sampleHref?: string }) {
  const { t, locale } = useI18n();
  const id = useId();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const limit = formatMegabytes(ADJUSTMENT_FILE_LIMITS.bytes, locale);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(null);
  };

  const refusal = (chosen: File | null): string | null => {
    if (!chosen) return t("adjustments.page.upload.required");
    if (!looksLikeCsv(chosen)) return t("adjustments.page.upload.not_csv");
    if (chosen.size > ADJUSTMENT_FILE_LIMITS.bytes) return t("adjustments.page.upload.too_large", { size: limit });
    return null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const refused = refusal(file);
    if (refused || !file) {
      setError(refused);
      input.current?.focus();
      return;
    }
    const body = new FormData();
    body.set("file", file, file.name);
    setBusy(true);
    setError(null);
    try {
      const answer = await postForm<{ id: string | number }>(action, body);
      onUploaded(String(answer.id));
    } catch (caught) {
      setError(describeFailure(caught));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const describeFailure = (caught: unknown): string => {
    if (!(caught instanceof ApiError)) return t("adjustments.page.upload.failed", { reason: caught instanceof Error ? caught.message : String(caught) });
    const { error: answer, status } = caught;
    const onFile = answer.fieldErrors.file;
    if (onFile?.length) return onFile.map((text) => t(text)).join(" ");
    // A proxy in front of the dashboard may refuse a large body with its own page.
    if (status === 413 && answer.kind === "server") return t("adjustments.page.upload.too_large", { size: limit });
    if (status === 0) return t("adjustments.page.upload.failed", { reason: answer.message });
    return t(answer.message);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = event.dataTransfer.files[0] ?? null;
    if (input.current) {
      // The file input shows the dropped file where the browser allows setting its files; elsewhere it is cleared.
      try {
        const transfer = new DataTransfer();
        if (dropped) transfer.items.add(dropped);
        input.current.files = transfer.files;
      } catch {
        input.current.value = "";
      }
    }
    choose(dropped);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3"
      aria-label={t("adjustments.page.upload.title")}
      data-testid="adjustment-upload"
      data-ready={hydrated || undefined}
    >
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn("rounded-lg border-2 border-dashed p-4 transition-colors", dragging ? "border-primary bg-surface-2" : "border-border")}
        data-testid="upload-drop-zone"
      >
        <Field
          id={`${id}-file`}
          label={t("adjustments.page.upload.label")}
          description={t("adjustments.page.upload.limits", { size: limit, rows: formatCount(ADJUSTMENT_FILE_LIMITS.rows, locale) })}
          error={error ? { message: error } : undefined}
          required
        >
          <Input
            ref={input}
            type="file"
            name="file"
            accept={ACCEPT}
            disabled={busy}
            className="file:mr-3 file:rounded-md file:border-0 file:bg-surface-2 file:px-3 file:py-1"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </Field>
        <p className="mt-2 text-sm text-muted" aria-hidden="true">
          {t("adjustments.page.upload.drop")}
        </p>
        {file ? (
          <p className="mt-1 text-sm wrap-anywhere" data-testid="upload-chosen">
            {t("adjustments.page.upload.chosen", { name: file.name, size: formatBytes(file.size, locale) })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("adjustments.page.upload.sending") : t("adjustments.page.upload.submit")}
        </Button>
        {sampleHref ? (
          <a href={sampleHref} download className="text-sm text-primary underline" data-testid="adjustment-sample">
            {t("adjustments.page.sample.download")}
          </a>
        ) : null}
        {busy && file ? (
          <p role="status" className="text-sm text-muted">
            {t("adjustments.page.upload.sending_size", { size: formatBytes(file.size, locale) })}
          </p>
        ) : null}
      </div>
    </form>
  );
}
