import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { formatCount } from "@/lib/dashboard/format";
import { loadAllLists, loadTargetDirectory } from "@/lib/features/lists/load-lists";
import { LIST_SORTS, LISTS_PER_SCREEN, applyListQuery, targetLabel, type ListQuery } from "@/lib/features/lists/list-query";
import { listQueryHref, loadListsPageParams } from "@/lib/features/lists/lists-page-params";
import type { TargetDirectory } from "@/lib/features/lists/types";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import { OneShotNotice } from "@/components/ui/one-shot-notice";
import { PageHeader } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input, Select } from "@/components/ui/field";
import { PlatformProblem } from "@/components/shell/platform-problem";
import { PermissionNote } from "@/components/shell/permission-note";
import { ListsTable } from "@/components/lists/lists-table";
import { CacheStamp } from "@/components/shell/cache-stamp";
import { CacheEntry, CacheTtlMs } from "@/lib/api";
import { freshnessOf } from "@/lib/dashboard/freshness";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("lists.title") };
}

function Toolbar({ query, t }: { query: ListQuery; t: Translate }) {
  return (
    <form method="get" action="/lists" role="search" className="mb-4 flex flex-wrap items-end gap-3" aria-label={t("lists.search")}>
      <Field id="lists-q" label={t("lists.search")} className="min-w-56 flex-1">
        <Input name="q" type="search" defaultValue={query.q} autoComplete="off" />
      </Field>
      <Field id="lists-sort" label={t("lists.sort")}>
        <Select name="sort" defaultValue={query.sort}>
          {LIST_SORTS.map((column) => (
            <option key={column} value={column}>
              {t(`lists.sort.${column}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="lists-dir" label={t("lists.sort_dir")}>
        <Select name="dir" defaultValue={query.dir}>
          <option value="asc">{t("lists.sort.asc")}</option>
          <option value="desc">{t("lists.sort.desc")}</option>
        </Select>
      </Field>
      <button type="submit" className={buttonClass("secondary")}>
        {t("lists.apply")}
      </button>
    </form>
  );
}

/** Every list of the account (all pages of getListSchemas), searched and sorted here; 50 shown per screen. */
export default async function ListsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, locale, params] = await Promise.all([requireUser(), getTranslator(), getLocale(), loadListsPageParams(searchParams)]);
  const { deleted: deletedName, ...query } = params;
  const canDesign = can(user.role, "lists.design");
  const result = await loadFromPlatform(async (api) => {
    const [lists, directory] = await Promise.all([loadAllLists(api), loadTargetDirectory(api).catch(() => null)]);
    const used: { name: string; fetchedAt: Date; stale?: true }[] = [{ name: CacheEntry.listSchemas, fetchedAt: lists.fetchedAt, stale: lists.stale }];
    if (directory) used.push({ name: CacheEntry.me, fetchedAt: directory.fetchedAt, stale: directory.stale });
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
        <OneShotNotice param="deleted" className="mb-4">
          {t("lists.deleted_notice", { name: deletedName })}
        </OneShotNotice>
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
            <p className="mb-2 text-sm text-muted wrap-anywhere" role="status" data-testid="lists-matches">
              {t("lists.matches", { count: formatCount(found.length, locale), query: query.q })}
            </p>
          ) : null}
          {found.length === 0 ? (
            <EmptyState
              message={t("lists.no_match", { query: query.q })}
              className="rounded-lg border border-border bg-surface p-6 wrap-anywhere"
              testId="lists-no-match"
            >
              <Link href={listQueryHref(query, { q: "" })} className={buttonClass("secondary")}>
                {t("lists.clear_search")}
              </Link>
            </EmptyState>
          ) : (
            <ListsTable
              rows={shown.map((list) => ({
                id: list.id,
                name: list.name,
                onBot: list.botId !== null,
                target: targetLabel(list, directory),
                fieldCount: list.fields.length,
                createdAt: list.createdAt,
                updatedAt: list.updatedAt,
              }))}
              query={query}
              page={page}
              pages={pages}
            />
          )}
        </>
      )}
    </>
  );
}
