import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { isConnectionProblem } from "@/lib/api";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { loadBotOptions } from "@/lib/features/contacts/load-contacts";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { loadOverviewParams } from "@/lib/features/overview/overview-params";
import { loadContactOverview, loadLatestActivity, loadMoneyOverview } from "@/lib/features/overview/load-overview";
import { Card, PageHeader } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { PlatformProblem } from "@/components/shell/platform-problem";
import { ActivityEmpty } from "@/components/ledger/activity-empty";
import { AuditTable } from "@/components/ledger/audit-table";
import { OverviewBotSelect } from "@/components/overview/bot-select";
import { LazyBudgetUsage, LazyExportList } from "@/components/overview/lazy-sections";
import { ContactsSection } from "@/components/overview/contacts-section";
import { MoneySection } from "@/components/overview/money-section";
import { ZoneSync } from "@/components/overview/zone-sync";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("overview.title") };
}

/**
 * The state of things at a glance: contacts, balances, exports, the request
 * budget and the latest activity, each shown to the roles that may see it.
 * One statistics call per extension for a page view (see lib/features/overview).
 */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, locale, timeZone, params] = await Promise.all([requireUser(), getTranslator(), getLocale(), getTimeZone(), loadOverviewParams(searchParams)]);
  const request = { botId: params.bot, timeZone, now: new Date() };
  const [contacts, money, bots, activity] = await Promise.all([
    can(user.role, "contacts.read") ? loadFromPlatform((api) => loadContactOverview(api, request)) : null,
    can(user.role, "accounts.read") ? loadFromPlatform((api) => loadMoneyOverview(api, request)) : null,
    can(user.role, "contacts.read") ? loadFromPlatform((api) => loadBotOptions(api)) : null,
    can(user.role, "activity.read") ? loadLatestActivity(user) : null,
  ]);
  const connectionProblem = [contacts, money].find((result) => result && !result.ok && isConnectionProblem(result.error.code));
  if (connectionProblem && !connectionProblem.ok) {
    return (
      <>
        <PageHeader title={t("overview.title")} />
        <PlatformProblem error={connectionProblem.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t("overview.title")}>
        <span data-testid="overview-zone" data-zone={timeZone}>
          {t("overview.zone", { zone: timeZone })}
        </span>
      </PageHeader>
      <ZoneSync serverZone={timeZone} />
      <div className="grid min-w-0 grid-cols-1 gap-6 xl:grid-cols-2">
        {contacts ? (
          <Card title={t("overview.contacts")} titleId="overview-contacts" className="min-w-0">
            <div className="space-y-4">
              {bots?.ok && bots.data.bots ? <OverviewBotSelect bots={bots.data.bots} bot={params.bot} /> : null}
              {contacts.ok ? (
                <ContactsSection contacts={contacts.data} t={t} locale={locale} />
              ) : (
                <Alert tone="danger">{`${t("overview.contacts_failed")} ${contacts.error.message}`}</Alert>
              )}
            </div>
          </Card>
        ) : null}
        {money ? (
          <Card title={t("overview.money")} titleId="overview-money" className="min-w-0">
            {money.ok ? (
              <MoneySection money={money.data} t={t} locale={locale} canOpen={can(user.role, "accounts.open")} />
            ) : (
              <Alert tone="danger">{`${t("overview.money_failed")} ${money.error.message}`}</Alert>
            )}
          </Card>
        ) : null}
        {can(user.role, "contacts.export") ? (
          <Card title={t("overview.exports")} titleId="overview-exports" className="min-w-0">
            <LazyExportList startHref="/contacts" />
            <Link className="mt-4 inline-block text-sm underline" href="/contacts/exports">
              {t("overview.all_exports")}
            </Link>
          </Card>
        ) : null}
        <Card title={t("overview.budget")} titleId="overview-budget" className="min-w-0">
          <LazyBudgetUsage />
        </Card>
        {activity ? (
          <Card title={t("overview.activity")} titleId="overview-activity" className="min-w-0 xl:col-span-2">
            <AuditTable entries={activity} caption={t("overview.activity")} showContact empty={<ActivityEmpty filtered={false} role={user.role} t={t} />} />
            <Link className="mt-4 inline-block text-sm underline" href="/activity">
              {t("overview.all_activity")}
            </Link>
          </Card>
        ) : null}
      </div>
    </>
  );
}
