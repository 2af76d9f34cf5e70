"use client";

import { useMemo } from "react";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { useT } from "@/components/shell/i18n-provider";
import { buttonClass } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { serializeSecurityLogParams, type SecurityLogParams } from "@/lib/features/settings/security-log-params";
import type { SecurityLogRowView } from "@/lib/features/settings/load-security-log";

type SecurityLogRow = SecurityLogRowView;

/**
 * A page of the security log with the link pager (links built here, with the parser map the page reads its URL with);
 * no event under a filter: a link that clears the filters.
 */
export function SecurityLogTable({ rows, params, page, pages }: { rows: SecurityLogRow[]; params: SecurityLogParams; page: number; pages: number }) {
  const t = useT();
  const columns = useMemo<ColumnDef<SecurityLogRow>[]>(
    () => [
      { id: "when", header: t("security.when"), cell: ({ row }) => row.original.when },
      {
        id: "event",
        header: t("security.event"),
        cell: ({ row }) => (
          <>
            {row.original.event}
            {row.original.detail ? <span className="block text-xs text-muted">{row.original.detail}</span> : null}
          </>
        ),
      },
      { id: "subject", header: t("security.subject"), cell: ({ row }) => <span className="wrap-anywhere">{row.original.subject || t("common.none")}</span> },
      { id: "actor", header: t("security.actor"), cell: ({ row }) => <span className="wrap-anywhere">{row.original.actor || t("common.none")}</span> },
      { id: "address", header: t("security.address"), cell: ({ row }) => row.original.address },
      { id: "device", header: t("security.device"), cell: ({ row }) => <span className="wrap-anywhere">{row.original.device}</span> },
    ],
    [t],
  );
  return (
    <div className="space-y-3">
      <DataTable
        columns={columns}
        data={rows}
        getRowId={(row) => String(row.id)}
        caption={t("security.title")}
        empty={
          <EmptyState message={t("security.empty")} center testId="security-empty">
            {params.kind !== null || params.user !== null ? (
              <Link href="/settings/security" className={buttonClass("secondary")}>
                {t("audit.clear")}
              </Link>
            ) : null}
          </EmptyState>
        }
        rowProps={(row) => ({ "data-testid": `security-event-${row.kind}` })}
      />
      <Pager page={page} pages={pages} hrefFor={(target) => `/settings/security${serializeSecurityLogParams({ ...params, page: target })}`} testId="security" />
    </div>
  );
}
