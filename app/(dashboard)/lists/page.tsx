import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { formatCount, formatTimestamp } from "@/lib/dashboard/format";
import { loadAllLists, loadTargetDirectory } from "@/lib/dashboard/lists/load-lists";
import { LISTS_PER_SCREEN, applyListQuery, targetLabel, type ListQuery, type ListSort } from "@/lib/dashboard/lists/list-query";
import { listQueryHref, loadListsPageParams } from "@/lib/dashboard/lists/lists-page-params";
import type { TargetDirectory } from "@/lib/dashboard/lists/types";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import { PageHeader } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { Table, td, th } from "@/components/ui/table";
import { buttonClass } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { PlatformProblem } from "@/components/platform-problem";
import { PermissionNote } from "@/components/permission-note";
import { Pagination } from "@/components/pagination";
import { CacheStamp } from "@/components/cache-stamp";
import { CacheEntry, CacheTtlMs } from "@/lib/api";
import { freshnessOf } from "@/lib/dashboard/freshness";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("lists.title") };
}

/** A column header that sorts by its column (and flips the direction when it already does). */
function SortHeader({ column, label, query }: { column: ListSort; label: string; query: ListQuery }) {
  const active = query.sort === column;
  const dir = active && query.dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" className={th} aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link className="inline-flex items-center gap-1 hover:underline" href={listQueryHref(query, { sort: column, dir })}>
        {label}
        <span aria-hidden="true">{active ? (query.dir === "asc" ? "▲" : "▼") : ""}</span>
      </Link>
    </th>
  );
}

function Toolbar({ query, t }: { query: ListQuery; t: Translate }) {
  return (
    <form method="get" action="/lists" role="search" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t("lists.search")}>
      <div className="min-w-56 flex-1 space-y-1">
        <label htmlFor="lists-q" className="block text-sm font-medium">
          {t("lists.search")}
        </label>
        <Input id="lists-q" name="q" type="search" defaultValue={query.q} autoComplete="off" />
      </div>
      <div className="space-y-1">
        <label htmlFor="lists-sort" className="block text-sm font-medium">
          {t("lists.sort")}
        </label>
        <Select id="lists-sort" name="sort" defaultValue={query.sort}>
          {(["name", "target", "fields", "created", "updated"] as const).map((column) => (
            <option key={column} value={column}>
              {t(`lists.sort.${column}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <label htmlFor="lists-dir" className="block text-sm font-medium">
          {t("lists.sort_dir")}
        </label>
        <Select id="lists-dir" name="dir" defaultValue={query.dir}>
          <option value="asc">{t("lists.sort.asc")}</option>
          <option value="desc">{t("lists.sort.desc")}</option>
        </Select>
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        {t("lists.apply")}
      </button>
    </form>
  );
}

/** Every list of the account (all pages of getListSchemas), searched and sorted here; 50 shown per screen. */
export default async function ListsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, locale, timeZone, params] = await Promise.all([requireUser(), getTranslator(), getLocale(), getTimeZone(), loadListsPageParams(searchParams)]);
  const { deleted: deletedName, ...query } = params;
  const canDesign = can(user.role, "lists.design");
  const result = await loadFromPlatform(async (api) => {
    const [lists, directory] = await Promise.all([loadAllLists(api), loadTargetDirectory(api).catch(() => null)]);
    const used: { name: string; fetchedAt: Date }[] = [{ name: CacheEntry.listSchemas, fetchedAt: lists.fetchedAt }];
    if (directory) used.push({ name: CacheEntry.me, fetchedAt: directory.fetchedAt });
    return { lists: lists.value, directory: directory?.value ?? ({ projects: [] } satisfies TargetDirectory), freshness: freshnessOf(used) };
  });
  const note = <PermissionNote permission="lists.design" role={user.role} t={t} allowedText={t("lists.can_design")} />;
  const newButton = canDesign ? (
    <Link href="/lists/new" className={buttonClass("primary")}>
      {t("lists.new")}
    </Link>
  ) : null;
  if (!result.ok) {
    return (
      <>
        <PageHeader title={t("lists.title")} />
        <PlatformProblem error={result.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }
  const { lists, directory, freshness } = result.data;
  const found = applyListQuery(lists, query, directory, locale);
  const pages = Math.max(1, Math.ceil(found.length / LISTS_PER_SCREEN));
  const page = Math.min(query.page, pages);
  const shown = found.slice((page - 1) * LISTS_PER_SCREEN, page * LISTS_PER_SCREEN);

  return (
    <>
      <PageHeader title={t("lists.title")}>
        <div className="flex items-center gap-3">
          <span data-testid="lists-total">{t("lists.total", { count: formatCount(lists.length, locale) })}</span>
          {newButton}
        </div>
        {freshness ? <CacheStamp freshness={freshness} minutes={CacheTtlMs.listSchemas / 60_000} /> : null}
      </PageHeader>
      <div className="mb-4">{note}</div>
      {deletedName ? (
        <Alert tone="success" live className="mb-4">
          {t("lists.deleted_notice", { name: deletedName })}
        </Alert>
      ) : null}
      {lists.length === 0 ? (
        <div className="rounded-lg border border-border bg-surface p-8 text-center" data-testid="lists-empty">
          <h2 className="text-lg font-semibold">{t("lists.empty_title")}</h2>
          <p className="mt-2 text-muted">{canDesign ? t("lists.empty_invite") : t("lists.empty_readonly")}</p>
          {canDesign ? (
            <Link href="/lists/new" className={buttonClass("primary", "mt-4")}>
              {t("lists.create_first")}
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <Toolbar query={query} t={t} />
          {query.q ? (
            <p className="mb-2 text-sm text-muted" role="status" data-testid="lists-matches">
              {t("lists.matches", { count: formatCount(found.length, locale), query: query.q })}
            </p>
          ) : null}
          {found.length === 0 ? (
            <p className="rounded-lg border border-border bg-surface p-6 text-muted">{t("lists.no_match", { query: query.q })}</p>
          ) : (
            <Table
              caption={t("lists.table")}
              head={
                <>
                  <SortHeader column="name" label={t("lists.name")} query={query} />
                  <SortHeader column="target" label={t("lists.target")} query={query} />
                  <SortHeader column="fields" label={t("lists.fields")} query={query} />
                  <SortHeader column="created" label={t("lists.created")} query={query} />
                  <SortHeader column="updated" label={t("lists.updated")} query={query} />
                </>
              }
            >
              {shown.map((list) => (
                <tr key={list.id} data-testid="list-row">
                  <td className={`${td} font-medium`}>
                    <Link className="text-primary underline-offset-2 hover:underline" href={`/lists/${list.id}`}>
                      {list.name}
                    </Link>
                  </td>
                  <td className={td}>
                    <span className="mr-1 text-xs uppercase text-muted">{list.botId === null ? t("lists.project") : t("lists.bot")}</span>
                    {targetLabel(list, directory)}
                  </td>
                  <td className={td}>{list.fields.length}</td>
                  <td className={`${td} whitespace-nowrap`}>{formatTimestamp(list.createdAt, locale, timeZone)}</td>
                  <td className={`${td} whitespace-nowrap`}>{formatTimestamp(list.updatedAt, locale, timeZone)}</td>
                </tr>
              ))}
            </Table>
          )}
          <Pagination page={page} pages={pages} hrefFor={(p) => listQueryHref(query, { page: p })} t={t} />
        </>
      )}
    </>
  );
}
