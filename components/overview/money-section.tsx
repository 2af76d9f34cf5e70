import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import type { MoneyOverview } from "@/lib/features/overview/load-overview";
import { formatCount } from "@/lib/dashboard/format";
import { formatMoney } from "@/lib/core/money/money";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { DailyChart } from "./daily-chart";
import { Stat } from "./stat";

/**
 * Per currency: the balance total, accounts and blocked accounts now, and top-ups and debits per day. With no account
 * yet, where accounts are opened, and for a member who may open one (`canOpen`) a link to the contacts.
 */
export function MoneySection({ money, t, locale, canOpen = false }: { money: MoneyOverview; t: Translate; locale: Locale; canOpen?: boolean }) {
  if (!money.available) {
    return (
      <Alert tone="info" className="wrap-anywhere">
        <span data-testid="overview-money-note">{t("overview.money_needs_extension")}</span>
      </Alert>
    );
  }
  if (money.currencies.length === 0) {
    return (
      <EmptyState
        message={`${t("overview.money_empty")} ${t(canOpen ? "overview.money_empty_hint" : "overview.money_empty_readonly")}`}
        className="text-sm"
        testId="overview-money-empty"
      >
        {canOpen ? (
          <Link href="/contacts" className={buttonClass("secondary")}>
            {t("activity.empty_contacts")}
          </Link>
        ) : null}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-8">
      {money.currencies.map((entry) => (
        <section key={entry.currency} className="space-y-4" data-testid="overview-currency" data-currency={entry.currency}>
          <h3 className="text-base font-semibold">{entry.currency}</h3>
          <dl className="grid grid-cols-2 gap-4">
            <Stat
              className="col-span-2"
              label={t("overview.balance_total")}
              value={formatMoney(entry.balanceTotal, entry.currency, locale)}
              testId="overview-balance-total"
            />
            <Stat label={t("overview.accounts")} value={formatCount(entry.accounts, locale)} />
            <Stat label={t("overview.blocked_accounts")} value={formatCount(entry.blockedAccounts, locale)} testId="overview-blocked" />
          </dl>
          <DailyChart
            title={t("overview.money_per_day", { currency: entry.currency })}
            days={entry.days.map((day) => day.date)}
            currency={entry.currency}
            series={[
              { label: t("overview.top_ups"), values: entry.days.map((day) => day.topUps), tone: "success" },
              { label: t("overview.debits"), values: entry.days.map((day) => day.debits), tone: "danger" },
            ]}
            testId={`overview-money-chart-${entry.currency}`}
          />
        </section>
      ))}
    </div>
  );
}
