import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { getListSchemas } from "@/lib/api";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { formatCount, formatTimestamp, parsePage } from "@/lib/dashboard/format";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/card";
import { Table, td, th } from "@/components/ui/table";
import { PlatformProblem } from "@/components/platform-problem";
import { PermissionNote } from "@/components/permission-note";
import { Pagination } from "@/components/pagination";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("lists.title") };
}

export default async function ListsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, locale, params] = await Promise.all([requireUser(), getTranslator(), getLocale(), searchParams]);
  const page = parsePage(params.page);
  const result = await loadFromPlatform((api) => getListSchemas(api, { page }));
  const note = <PermissionNote permission="lists.design" role={user.role} t={t} allowedText={t("lists.can_design")} />;
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t("lists.title")} />
        <PlatformProblem error={result.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }
  const lists = result.data;
  return (
    <>
      <PageHeader title={t("lists.title")}>
        <span data-testid="lists-total">{t("lists.total", { count: formatCount(lists.meta.total, locale) })}</span>
      </PageHeader>
      <div className="mb-4">{note}</div>
      {lists.data.length === 0 ? (
        <p className="rounded-lg border border-border bg-surface p-6 text-muted">{t("lists.empty")}</p>
      ) : (
        <Table
          caption={t("lists.table")}
          head={
            <>
              <th scope="col" className={th}>{t("lists.name")}</th>
              <th scope="col" className={th}>{t("lists.project")}</th>
              <th scope="col" className={th}>{t("lists.bot")}</th>
              <th scope="col" className={th}>{t("lists.fields")}</th>
              <th scope="col" className={th}>{t("lists.created")}</th>
            </>
          }
        >
          {lists.data.map((list) => (
            <tr key={list.id}>
              <td className={`${td} font-medium`}>{list.name}</td>
              <td className={`${td} font-mono text-xs`}>{list.project}</td>
              <td className={td}>{list.bot_id ?? t("common.none")}</td>
              <td className={td}>{Object.keys(list.fields).length}</td>
              <td className={`${td} whitespace-nowrap`}>{formatTimestamp(list.created_at, locale)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pagination page={lists.meta.current_page} pages={lists.meta.last_page} hrefFor={(p) => `/lists?page=${p}`} t={t} />
    </>
  );
}
