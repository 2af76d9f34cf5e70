import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { loadTargetDirectory } from "@/lib/features/lists/load-lists";
import { getTranslator } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/card";
import { PlatformProblem } from "@/components/shell/platform-problem";
import { PermissionNote } from "@/components/shell/permission-note";
import { LazyListDesigner } from "@/components/lists/lazy-panels";
import { createListAction } from "@/lib/features/lists/actions";
import { CacheStamp } from "@/components/shell/cache-stamp";
import { CacheEntry, CacheTtlMs } from "@/lib/api";
import { freshnessOf } from "@/lib/dashboard/freshness";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("lists.new_title") };
}

/** The designer, for roles that may design lists; the others are told who may. */
export default async function NewListPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslator()]);
  const back = (
    <Link href="/lists" className="text-sm underline-offset-2 hover:underline">
      ← {t("lists.detail.back")}
    </Link>
  );
  if (!can(user.role, "lists.design")) {
    return (
      <>
        {back}
        <PageHeader title={t("lists.new_title")} />
        <PermissionNote permission="lists.design" role={user.role} t={t} allowedText={t("lists.can_design")} />
      </>
    );
  }
  const result = await loadFromPlatform(loadTargetDirectory);
  return (
    <>
      {back}
      <PageHeader title={t("lists.new_title")}>
        {result.ok ? (
          <CacheStamp
            freshness={freshnessOf([{ name: CacheEntry.me, fetchedAt: result.data.fetchedAt, stale: result.data.stale }])!}
            minutes={CacheTtlMs.me / 60_000}
          />
        ) : null}
      </PageHeader>
      {result.ok ? (
        <LazyListDesigner directory={result.data.value} action={createListAction} />
      ) : (
        <PlatformProblem error={result.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      )}
    </>
  );
}
