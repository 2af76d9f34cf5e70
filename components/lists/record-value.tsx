"use client";

import type { Translate } from "@/lib/i18n/translate";
import type { FieldDefinition } from "@/lib/contract/facts";
import type { Locale } from "@/lib/i18n/config";
import { formatTimestamp } from "@/lib/dashboard/format";
import { formatMinorUnits } from "@/lib/features/lists/money";

const isHttpUrl = (value: string) => {
  if (!URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === "http:" || protocol === "https:";
};

/** A stored value as a cell shows it: money in its currency, yes/no, links for files and images (http/https only). */
export function RecordValue({ field, value, locale, timeZone, t }: { field: FieldDefinition; value: unknown; locale: Locale; timeZone: string; t: Translate }) {
  if (value === null || value === undefined || value === "") return <span className="text-muted">{t("common.none")}</span>;
  switch (field.type) {
    case "money":
      return typeof value === "number" || typeof value === "string" ? (
        <span className="whitespace-nowrap tabular-nums">{formatMinorUnits(value, field.currency ?? "USD", locale)}</span>
      ) : (
        <span>{String(value)}</span>
      );
    case "bool":
      return <span>{value === true ? t("records.yes") : value === false ? t("records.no") : String(value)}</span>;
    case "datetime":
      return <span className="whitespace-nowrap">{formatTimestamp(String(value), locale, timeZone)}</span>;
    case "number":
      return <span className="tabular-nums">{String(value)}</span>;
    case "file":
    case "image": {
      const url = String(value);
      return isHttpUrl(url) ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-2">
          {field.type === "image" ? t("records.open_image") : t("records.open_file")}
          <span className="sr-only"> ({url})</span>
        </a>
      ) : (
        <span>{url}</span>
      );
    }
    case "contact":
    case "bot":
      return <span className="font-mono">#{String(value)}</span>;
    default: {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return (
        <span className="line-clamp-2 max-w-xs break-words" title={text.length > 80 ? text : undefined}>
          {text}
        </span>
      );
    }
  }
}
