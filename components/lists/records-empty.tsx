"use client";

import { useI18n } from "@/components/shell/i18n-provider";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * A list with no record: how records arrive. The bots write them through the platform; a member who may write is
 * pointed at the "Add a record" button above the table (one button, not a second copy here), the others told who may.
 */
export function RecordsEmpty({ canAdd }: { canAdd: boolean }) {
  const { t } = useI18n();
  return (
    <EmptyState
      message={`${t("records.empty")} ${canAdd ? t("records.empty_hint", { button: t("records.add") }) : t("records.empty_hint_readonly")}`}
      center
      testId="records-empty"
    />
  );
}
