import type { ReactNode } from "react";
import type { Contact } from "@/lib/api";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { Card } from "@/components/ui/card";
import { Table, td, th } from "@/components/ui/table";
import { formatDateTime } from "./format";
import { MessengerLabel, TagChips } from "./messenger-icon";

const MEDIA_TYPES = new Set([1, 2, 3, 4]);
const MESSENGER_FIELDS = ["telegram_id", "telegram_username", "max_user_id", "max_username", "vk_user_id", "viber_id"] as const;

/** Only http(s) links become links (a value is data from the platform, never trusted as a URL scheme). */
function safeUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="text-sm sm:col-span-2" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary underline">
      {children}
    </a>
  );
}

/** Every field of the spec's contact object, for people; times in the viewer's zone. */
export function ContactDetails({ contact, t, locale, timeZone }: { contact: Contact; t: Translate; locale: Locale; timeZone: string }) {
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
            <img src={avatar} alt={t("contact.avatar_alt", { name: contact.name })} width={72} height={72} className="size-18 rounded-full border border-border object-cover" referrerPolicy="no-referrer" />
          ) : (
            <div className="flex size-18 shrink-0 items-center justify-center rounded-full border border-border bg-surface-2 text-xl font-semibold" role="img" aria-label={t("contact.no_avatar")}>
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
            <Field label={t("contact.field.bot")}>
              <span className="font-mono">{contact.bot_id}</span>
            </Field>
            <Field label={t("contact.field.phone")} testId="contact-phone">
              {contact.phone ? <span className="font-mono">{contact.phone}</span> : none}
            </Field>
            <Field label={t("contact.field.email")} testId="contact-email">
              {contact.email ?? none}
            </Field>
            <Field label={t("contact.field.address")}>{contact.address ?? none}</Field>
            <Field label={t("contact.field.created")} testId="contact-created">
              {formatDateTime(contact.created_at, locale, timeZone)}
            </Field>
            <Field label={t("contact.field.subscription")} testId="contact-subscription">
              {contact.unsubscribed_at ? t("contact.unsubscribed_at", { date: formatDateTime(contact.unsubscribed_at, locale, timeZone) }) : t("contact.subscribed")}
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
            <Table
              caption={t("contact.variables_caption", { name: contact.name || String(contact.id) })}
              head={
                <>
                  <th scope="col" className={th}>{t("contact.var.name")}</th>
                  <th scope="col" className={th}>{t("contact.var.type")}</th>
                  <th scope="col" className={th}>{t("contact.var.value")}</th>
                </>
              }
            >
              {contact.variables.map((variable) => {
                const link = MEDIA_TYPES.has(variable.type) ? safeUrl(variable.value) : null;
                const typeName = variable.type >= 0 && variable.type <= 4 ? t(`contact.var_type.${variable.type}`) : t("contact.var_type.other", { type: variable.type });
                return (
                  <tr key={variable.id} data-testid="contact-variable">
                    <td className={`${td} font-mono`}>{variable.name}</td>
                    <td className={td}>{typeName}</td>
                    <td className={td}>
                      {link ? (
                        <ExternalLink href={link}>{t("contact.open_file")}: {String(variable.value)}</ExternalLink>
                      ) : variable.value === null ? (
                        none
                      ) : (
                        <span className="break-words">{String(variable.value)}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </Table>
          ) : (
            <p className="text-sm text-muted">{t("contact.no_variables")}</p>
          )}
        </Card>
      </div>
    </div>
  );
}
