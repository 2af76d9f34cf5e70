import type { ColumnDef } from "@tanstack/react-table";
import { ServerDataTable } from "@/components/ui/server-data-table";
import type { Contact } from "@/lib/api";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { safeUrl } from "./safe-url";

type Variable = Contact["variables"][number];

const MEDIA_TYPES = new Set([1, 2, 3, 4]);

/** A contact's variables, drawn on the server (the table only shows); a file's link opens only when it is http(s). */
export function VariablesTable({ variables, caption, t, locale }: { variables: Variable[]; caption: string; t: Translate; locale: Locale }) {
  const columns: ColumnDef<Variable, unknown>[] = [
    { id: "name", header: t("contact.var.name"), meta: { className: "font-mono" }, cell: ({ row }) => row.original.name },
    {
      id: "type",
      header: t("contact.var.type"),
      cell: ({ row }) => {
        const type = row.original.type;
        return type >= 0 && type <= 4 ? t(`contact.var_type.${type}`) : t("contact.var_type.other", { type });
      },
    },
    {
      id: "value",
      header: t("contact.var.value"),
      cell: ({ row }) => {
        const { type, value } = row.original;
        const link = MEDIA_TYPES.has(type) ? safeUrl(value) : null;
        if (link) {
          return (
            <a href={link} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary underline">
              {t("contact.open_file")}: {String(value)}
            </a>
          );
        }
        return value === null ? <span className="text-muted">{t("common.none")}</span> : <span className="break-words">{String(value)}</span>;
      },
    },
  ];
  return (
    <ServerDataTable
      t={t}
      locale={locale}
      columns={columns}
      data={variables}
      getRowId={(variable) => String(variable.id)}
      caption={caption}
      rowProps={() => ({ "data-testid": "contact-variable" })}
    />
  );
}
