"use client";

import { useMemo } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { useT } from "@/components/shell/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import type { Contact } from "@/lib/api";
import { safeUrl } from "./safe-url";

type Variable = Contact["variables"][number];

const MEDIA_TYPES = new Set([1, 2, 3, 4]);

/** A contact's variables; a file's link opens only when it is http(s). */
export function VariablesTable({ variables, caption }: { variables: Variable[]; caption: string }) {
  const t = useT();
  const columns = useMemo<ColumnDef<Variable>[]>(
    () => [
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
    ],
    [t],
  );
  return (
    <DataTable
      columns={columns}
      data={variables}
      getRowId={(variable) => String(variable.id)}
      caption={caption}
      rowProps={() => ({ "data-testid": "contact-variable" })}
    />
  );
}
