import { Badge } from "@/components/ui/badge";
import { COLUMN_ALIASES, REQUIRED_COLUMNS } from "@/lib/features/adjustments/mapping";
import { sampleRows } from "@/lib/features/adjustments/sample-csv";
import { ADJUSTMENT_COLUMNS, type AdjustmentColumn } from "@/lib/features/adjustments/types";
import { DIRECTION_WORDS } from "@/lib/features/adjustments/validate";
import { MAX_DESCRIPTION } from "@/lib/features/ledger/limits";
import type { Translate } from "@/lib/i18n/translate";
import { columnName } from "./format";

const isRequired = (column: AdjustmentColumn) => (REQUIRED_COLUMNS as readonly AdjustmentColumn[]).includes(column);

/** Every word but the kind's own name, as the direction column takes them. */
const otherWords = (kind: keyof typeof DIRECTION_WORDS) => DIRECTION_WORDS[kind].filter((word) => word !== kind).join(", ");

/**
 * The columns an upload needs, beside the upload: each one's name as the header writes it, whether it is required, what
 * it holds, the other names the reader takes for it and an example from the sample file. All of it from the reader's
 * own constants, so the list cannot say something the reader does not do. Hook-free: rendered on the server.
 */
export function FileColumns({ t }: { t: Translate }) {
  const example = sampleRows(t)[0];
  const meaning: Record<AdjustmentColumn, string> = {
    contact_id: t("adjustments.page.columns.meaning.contact_id"),
    currency: t("adjustments.page.columns.meaning.currency"),
    amount: t("adjustments.page.columns.meaning.amount"),
    direction: t("adjustments.page.columns.meaning.direction", {
      top_up: "top_up",
      top_up_words: otherWords("top_up"),
      debit: "debit",
      debit_words: otherWords("debit"),
    }),
    description: t("adjustments.page.columns.meaning.description", { max: MAX_DESCRIPTION }),
  };
  return (
    <div data-testid="adjustment-columns">
      <p className="mt-2 text-sm text-muted">{t("adjustments.page.columns.caption")}</p>
      <dl className="mt-3 divide-y divide-border text-sm">
        {ADJUSTMENT_COLUMNS.map((column) => (
          <div key={column} className="py-2" data-testid="adjustment-column" data-column={column} data-required={isRequired(column)}>
            <dt className="flex flex-wrap items-center gap-2">
              <code className="font-mono font-semibold">{column}</code>
              <span>{columnName(column, t)}</span>
              <Badge tone={isRequired(column) ? "info" : "neutral"}>
                {isRequired(column) ? t("adjustments.page.columns.required") : t("adjustments.page.columns.optional")}
              </Badge>
            </dt>
            <dd className="mt-1 wrap-anywhere">{meaning[column]}</dd>
            <dd className="mt-0.5 text-muted wrap-anywhere">
              {t("adjustments.page.columns.example")}: <code className="font-mono">{example[column]}</code>
            </dd>
            <dd className="mt-0.5 text-xs text-muted wrap-anywhere">{t("adjustments.page.columns.aliases", { names: COLUMN_ALIASES[column].join(", ") })}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
