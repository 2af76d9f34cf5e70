import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { formatTimestamp } from "@/lib/dashboard/format";
import { loadList, loadTargetDirectory } from "@/lib/features/lists/load-lists";
import { targetLabel } from "@/lib/features/lists/list-query";
import { loadListPageParams } from "@/lib/features/lists/list-page-params";
import type { TargetDirectory } from "@/lib/features/lists/types";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { OneShotNotice } from "@/components/ui/one-shot-notice";
import { PageHeader } from "@/components/ui/card";
import { PlatformProblem } from "@/components/shell/platform-problem";
import { PermissionNote } from "@/components/shell/permission-note";
import { FieldsPanel } from "@/components/lists/fields-panel";
import { LazyDeleteListPanel, LazyRecordsPanel } from "@/components/lists/lazy-panels";
import { CacheStamp } from "@/components/shell/cache-stamp";
import { CacheEntry, CacheTtlMs } from "@/lib/api";
import { freshnessOf } from "@/lib/dashboard/freshness";
import { loadRecords } from "@/lib/features/lists/records";

type Props = { params: Promise<{ schemaId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("lists.title") };
}

/**
 * One list, from the platform cache (a minute at most, stated on the page with a
 * refresh control); every write here replaces or drops the entry, and each
 * action revalidates this page.
 */
export default async function ListPage({ params, searchParams }: Props) {
  const [user, t, locale, timeZone, { schemaId }, query] = await Promise.all([
    requireUser(),
    getTranslator(),
    getLocale(),
    getTimeZone(),
    params,
    loadListPageParams(searchParams),
  ]);
  const result = await loadFromPlatform(async (api) => {
    // The records' page too, so that its rows are on the first paint (the panel reads it itself when this fails).
    const [list, directory, records] = await Promise.all([
      loadList(api, schemaId),
      loadTargetDirectory(api).catch(() => null),
      loadRecords(api, schemaId, query.records).catch(() => null),
    ]);
    const used = [{ name: CacheEntry.listSchema(schemaId), fetchedAt: list.fetchedAt, stale: list.stale }];
    if (directory) used.push({ name: CacheEntry.me, fetchedAt: directory.fetchedAt, stale: directory.stale });
    return {
      list: list.value,
      directory: directory?.value ?? ({ projects: [] } satisfies TargetDirectory),
      records: records && { page: query.records, answer: records },
      freshness: freshnessOf(used),
    };
  });
  const back = (
    <Link href="/lists" className="text-sm underline-offset-2 hover:underline">
      ← {t("lists.detail.back")}
    </Link>
  );
  if (!result.ok) {
    if (result.error.kind === "not_found") notFound();
    return (
      <>
        {back}
        <PageHeader title={t("lists.title")} />
        <PlatformProblem error={result.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }
  const { list, directory, records, freshness } = result.data;
  const canDesign = can(user.role, "lists.design");
  const canWrite = can(user.role, "lists.records.write");
  return (
    <div className="space-y-8">
      <div>
        {back}
        <PageHeader title={list.name}>
          <span data-testid="list-target">
            {list.botId === null ? t("lists.project") : t("lists.bot")}: {targetLabel(list, directory)}
          </span>
        </PageHeader>
        <p className="-mt-4 text-sm text-muted" data-testid="list-times">
          {t("lists.detail.times", { created: formatTimestamp(list.createdAt, locale, timeZone), updated: formatTimestamp(list.updatedAt, locale, timeZone) })}
        </p>
        {freshness ? <CacheStamp freshness={freshness} minutes={CacheTtlMs.listSchema / 60_000} /> : null}
        {query.created ? (
          <OneShotNotice param="created" className="mt-4">
            {t("lists.detail.created", { name: list.name, count: list.fields.length })}
          </OneShotNotice>
        ) : null}
      </div>
      {/* The records first (the list's content), then its design. */}
      <LazyRecordsPanel
        schemaId={list.id}
        fields={list.fields}
        canWrite={canWrite}
        initial={records}
        note={<PermissionNote permission="lists.records.write" role={user.role} t={t} allowedText={t("records.can_write")} />}
      />
      <FieldsPanel
        schemaId={list.id}
        fields={list.fields}
        canDesign={canDesign}
        note={<PermissionNote permission="lists.design" role={user.role} t={t} allowedText={t("lists.can_design")} />}
      />
      {can(user.role, "lists.delete") ? (
        <LazyDeleteListPanel schemaId={list.id} name={list.name} />
      ) : (
        <PermissionNote permission="lists.delete" role={user.role} t={t} allowedText="" />
      )}
    </div>
  );
}
