import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import type { ContactOverview } from "@/lib/features/overview/load-overview";
import { formatCount } from "@/lib/dashboard/format";
import { DailyChart } from "./daily-chart";
import { Stat } from "./stat";

/** Contacts in total and new per day of the last 30 days. */
export function ContactsSection({ contacts, t, locale }: { contacts: ContactOverview; t: Translate; locale: Locale }) {
  const created = contacts.days.reduce((sum, day) => sum + day.created, 0);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-4">
        <Stat label={t("overview.contacts_total")} value={formatCount(contacts.total, locale)} testId="contacts-total" />
        <Stat label={t("overview.contacts_new")} value={formatCount(created, locale)} testId="overview-contacts-new" />
      </dl>
      <DailyChart
        title={t("overview.new_per_day")}
        days={contacts.days.map((day) => day.date)}
        series={[{ label: t("overview.contacts"), values: contacts.days.map((day) => day.created), tone: "primary" }]}
        testId="overview-contacts-chart"
      />
      {contacts.source === "counts" ? <p className="text-xs text-muted">{t("overview.counts_note")}</p> : null}
    </div>
  );
}
