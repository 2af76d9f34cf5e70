"use client";

import Link from "next/link";
import { useI18n } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Checkbox, Field } from "@/components/ui/field";
import type { DuplicateGroupView, ListSlice, SameFileView } from "@/lib/features/adjustments/views";
import { formatCount, formatTimestamp } from "@/lib/dashboard/format";
import { batchHref, formatLines } from "./format";
import { BatchStatusBadge } from "./status-badge";

/** Identical rows in the file: each would be applied, so they are pointed out (nothing is dropped). Nothing when there are none. */
export function DuplicatesNote({ duplicates }: { duplicates: ListSlice<DuplicateGroupView> }) {
  const { t, locale } = useI18n();
  if (duplicates.total === 0) return null;
  const more = duplicates.total - duplicates.items.length;
  return (
    <Alert tone="warning" title={t("adjustments.page.duplicates.title", { count: formatCount(duplicates.total, locale) })}>
      <div data-testid="duplicates-note">
        <p>{t("adjustments.page.duplicates.body")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {duplicates.items.map((group) => (
            <li key={group.lines.join("-")} data-testid="duplicate-group">
              {t("adjustments.page.duplicates.group", { lines: formatLines(group.lines, locale) })}
            </li>
          ))}
        </ul>
        {more > 0 ? <p className="mt-2">{t("adjustments.page.duplicates.more", { count: formatCount(more, locale) })}</p> : null}
      </div>
    </Alert>
  );
}

/**
 * Earlier uploads of the same bytes, each linked to its batch, and the checkbox that goes on with this one
 * anyway (its state is the page's: the run asks for it). Nothing when there are none.
 */
export function SameFileNote({
  earlier,
  acknowledged,
  onAcknowledgedChange,
  disabled = false,
}: {
  earlier: readonly SameFileView[];
  acknowledged: boolean;
  onAcknowledgedChange: (acknowledged: boolean) => void;
  disabled?: boolean;
}) {
  const { t, locale, timeZone } = useI18n();
  if (earlier.length === 0) return null;
  return (
    <Alert tone="warning" title={t("adjustments.page.same_file.title")}>
      <div className="space-y-2" data-testid="same-file-note">
        <p>{t("adjustments.page.same_file.body")}</p>
        <ul className="list-disc space-y-1 pl-5">
          {earlier.map((batch) => (
            <li key={batch.id} className="wrap-anywhere" data-testid="same-file-batch">
              <Link href={batchHref(batch.id)} className="font-medium underline">
                {batch.fileName}
              </Link>{" "}
              <BatchStatusBadge status={batch.status} />{" "}
              {t("adjustments.page.same_file.item", {
                who: batch.createdBy,
                when: formatTimestamp(batch.createdAt, locale, timeZone),
                ok: formatCount(batch.ok, locale),
              })}
            </li>
          ))}
        </ul>
        <Field label={t("adjustments.page.same_file.confirm")} description={t("adjustments.page.same_file.confirm_hint")} inline className="text-fg">
          <Checkbox
            checked={acknowledged}
            disabled={disabled}
            onChange={(event) => onAcknowledgedChange(event.target.checked)}
            data-testid="same-file-confirm"
          />
        </Field>
      </div>
    </Alert>
  );
}
