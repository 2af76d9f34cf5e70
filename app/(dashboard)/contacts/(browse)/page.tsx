import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { permissionExplanation } from "@/lib/auth/authorize";
import { loadContactBrowserParams } from "@/lib/features/contacts/browser-params";
import { loadContactBrowser } from "@/lib/features/contacts/load-contact-browser";
import { getTimeZone, getTranslator } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/card";
import { PlatformProblem } from "@/components/shell/platform-problem";
import { LazyContactBrowser } from "@/components/contacts/lazy-contact-browser";
import { CacheStamp } from "@/components/shell/cache-stamp";
import { CacheTtlMs } from "@/lib/api";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("contacts.title") };
}

/**
 * The contact browser, its header (title, saved views, export) included. The first page is rendered here (the URL parsed by the
 * loader the client shares, dates in the zone of the `tz` cookie the browser
 * sets); later pages come from /api/dashboard/contacts without a reload.
 */
export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, params, timeZone] = await Promise.all([requireUser(), getTranslator(), loadContactBrowserParams(searchParams), getTimeZone()]);
  const { connectionProblem, freshness, ...browser } = await loadContactBrowser(user.id, params, timeZone);
  if (connectionProblem) {
    return (
      <>
        <PageHeader title={t("contacts.title")} />
        <PlatformProblem error={connectionProblem} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }
  return (
    <LazyContactBrowser
      initial={browser.initial}
      hiddenColumns={browser.hiddenColumns}
      bots={browser.bots}
      searchSupported={browser.searchSupported}
      savedViews={browser.savedViews}
      exportDenied={can(user.role, "contacts.export") ? null : permissionExplanation("contacts.export", user.role, t)}
      stamp={freshness ? <CacheStamp freshness={freshness} minutes={CacheTtlMs.me / 60_000} /> : null}
    />
  );
}
