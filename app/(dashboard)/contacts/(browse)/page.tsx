import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { permissionExplanation } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { loadContactBrowserParams } from "@/lib/features/contacts/browser-params";
import { getHiddenColumns } from "@/lib/features/contacts/column-settings";
import { listSavedViews } from "@/lib/features/contacts/saved-views/store";
import { loadBotOptions, loadContactPage } from "@/lib/features/contacts/load-contacts";
import { getTimeZone, getTranslator } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/card";
import { PlatformProblem } from "@/components/shell/platform-problem";
import { LazyContactBrowser } from "@/components/contacts/lazy-contact-browser";
import { CacheStamp } from "@/components/shell/cache-stamp";
import { CacheTtlMs, hasContactSearch, isConnectionProblem } from "@/lib/api";
import { freshnessOf } from "@/lib/dashboard/freshness";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("contacts.title") };
}

/**
 * The contact browser. The first page is rendered here (the URL parsed by the
 * loader the client shares, dates in the zone of the `tz` cookie the browser
 * sets); later pages come from /api/dashboard/contacts without a reload.
 */
export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, params, timeZone] = await Promise.all([requireUser(), getTranslator(), loadContactBrowserParams(searchParams), getTimeZone()]);
  const db = await getDb();
  const [hiddenColumns, savedViews, page, bots, search] = await Promise.all([
    getHiddenColumns(db, user.id),
    listSavedViews(db, user.id),
    loadFromPlatform((api) => loadContactPage(api, params, timeZone)),
    loadFromPlatform((api) => loadBotOptions(api)),
    loadFromPlatform((api) => hasContactSearch(api)),
  ]);
  if (!page.ok && isConnectionProblem(page.error.code)) {
    return (
      <>
        <PageHeader title={t("contacts.title")} />
        <PlatformProblem error={page.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }
  // The page itself is read fresh; the bot names come from the cached getMe.
  const freshness = bots.ok ? freshnessOf([{ name: bots.data.entry, fetchedAt: bots.data.fetchedAt, stale: bots.data.stale }]) : null;
  return (
    <>
      <PageHeader title={t("contacts.title")}>{freshness ? <CacheStamp freshness={freshness} minutes={CacheTtlMs.me / 60_000} /> : null}</PageHeader>
      <LazyContactBrowser
        initial={{ params, timeZone, data: page.ok ? page.data : null, error: page.ok ? null : page.error }}
        hiddenColumns={hiddenColumns}
        bots={bots.ok ? bots.data.bots : null}
        searchSupported={search.ok ? search.data : true}
        savedViews={savedViews}
        exportDenied={can(user.role, "contacts.export") ? null : permissionExplanation("contacts.export", user.role, t)}
      />
    </>
  );
}
