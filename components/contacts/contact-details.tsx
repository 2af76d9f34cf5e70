import type { ReactNode } from "react";
import { formatTimestamp } from "@/lib/dashboard/format";
import type { Contact } from "@/lib/api";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { Card } from "@/components/ui/card";
import { MessengerLabel, TagChips } from "./messenger-icon";
import { safeUrl } from "./safe-url";
import { VariablesTable } from "./variables-table";

const MESSENGER_FIELDS = ["telegram_id", "telegram_username", "max_user_id", "max_username", "vk_user_id", "viber_id"] as const;

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="min-w-0 text-sm wrap-anywhere sm:col-span-2" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Every field of the spec's contact object, for people; times in the viewer's zone. */
export function ContactDetails({
  contact,
  botName,
  t,
  locale,
  timeZone,
}: {
  contact: Contact;
  /** What getMe calls the contact's bot ("Bot 101" when it does not say). */
  botName: string;
  t: Translate;
  locale: Locale;
  timeZone: string;
}) {
  const none = <span className="text-muted">{t("common.none")}</span>;
  const avatar = safeUrl(contact.avatar);
  const utm = Object.entries(contact.utm);
  const messengerFields = MESSENGER_FIELDS.filter((field) => contact[field] !== undefined && contact[field] !== null);
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="contact-details" data-contact-id={contact.id}>
      <Card title={t("contact.section.profile")} titleId="contact-profile">
        <div className="flex items-start gap-4">
          {avatar ? (
            // eslint-disable-next-line @next/next/no-img-element -- a platform link of any host; next/image would need every host configured
            <img
              src={avatar}
              alt={t("contact.avatar_alt", { name: contact.name })}
              width={72}
              height={72}
              className="size-18 rounded-full border border-border object-cover"
              referrerPolicy="no-referrer"
            />
          ) : (
            <div
              className="flex size-18 shrink-0 items-center justify-center rounded-full border border-border bg-surface-2 text-xl font-semibold"
              role="img"
              aria-label={t("contact.no_avatar")}
            >
              {(contact.name || "?").slice(0, 1).toUpperCase()}
            </div>
          )}
          <dl className="min-w-0 flex-1 divide-y divide-border">
            <Field label={t("contact.field.name")} testId="contact-name">
              {contact.name || none}
            </Field>
            <Field label={t("contact.field.id")} testId="contact-id">
              <span className="font-mono">{contact.id}</span>
            </Field>
            <Field label={t("contact.field.bot")} testId="contact-bot">
              {botName} <span className="font-mono text-xs text-muted">({contact.bot_id})</span>
            </Field>
            <Field label={t("contact.field.phone")} testId="contact-phone">
              {contact.phone ? <span className="font-mono">{contact.phone}</span> : none}
            </Field>
            <Field label={t("contact.field.email")} testId="contact-email">
              {contact.email ?? none}
            </Field>
            <Field label={t("contact.field.address")}>{contact.address ?? none}</Field>
            <Field label={t("contact.field.created")} testId="contact-created">
              {formatTimestamp(contact.created_at, locale, timeZone, { zone: false })}
            </Field>
            <Field label={t("contact.field.subscription")} testId="contact-subscription">
              {contact.unsubscribed_at
                ? t("contact.unsubscribed_at", { date: formatTimestamp(contact.unsubscribed_at, locale, timeZone, { zone: false }) })
                : t("contact.subscribed")}
            </Field>
          </dl>
        </div>
        <p className="mt-3 text-xs text-muted">{t("contact.times_in_zone", { zone: timeZone })}</p>
      </Card>

      <div className="space-y-6">
        <Card title={t("contact.section.messenger")} titleId="contact-messenger">
          <dl className="divide-y divide-border">
            <Field label={t("contact.field.messenger")} testId="contact-messenger-name">
              <MessengerLabel messenger={contact.messenger} t={t} />
            </Field>
            {messengerFields.map((field) => (
              <Field key={field} label={t(`contact.field.${field}`)} testId={`contact-${field}`}>
                <span className="font-mono">{field.endsWith("username") ? `@${contact[field]}` : String(contact[field])}</span>
              </Field>
            ))}
          </dl>
        </Card>
        <Card title={t("contact.section.tags")} titleId="contact-tags">
          <TagChips tags={contact.tags} label={t("contact.section.tags")} emptyText={t("contact.no_tags")} />
        </Card>
        <Card title={t("contact.section.utm")} titleId="contact-utm">
          {utm.length ? (
            <dl className="divide-y divide-border">
              {utm.map(([name, value]) => (
                <Field key={name} label={name}>
                  {value === null ? none : String(value)}
                </Field>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-muted">{t("contact.no_utm")}</p>
          )}
        </Card>
      </div>

      <div className="lg:col-span-2">
        <Card title={t("contact.section.variables")} titleId="contact-variables">
          {contact.variables.length ? (
            <VariablesTable
              t={t}
              locale={locale}
              variables={contact.variables}
              caption={t("contact.variables_caption", { name: contact.name || String(contact.id) })}
            />
          ) : (
            <p className="text-sm text-muted">{t("contact.no_variables")}</p>
          )}
        </Card>
      </div>
    </div>
  );
}
