import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { findContact } from "@/lib/features/contacts/find-contact";
import { botLabel } from "@/lib/features/contacts/bot-names";
import { rememberContactNames } from "@/lib/features/contacts/contact-names";
import { loadBotOptions } from "@/lib/features/contacts/load-contacts";
import { getDb } from "@/lib/db/client";
import { loadContactPageParams } from "@/lib/features/contacts/contact-params";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/card";
import { PlatformProblem } from "@/components/shell/platform-problem";
import { ContactDetails } from "@/components/contacts/contact-details";
import { LedgerSlot, preloadLedgerSlot } from "@/components/contacts/ledger-slot";

export async function generateMetadata({ params }: { params: Promise<{ contactId: string }> }): Promise<Metadata> {
  const [{ contactId }, t] = await Promise.all([params, getTranslator()]);
  return { title: `${t("contacts.title")} · ${contactId}` };
}

const ID = /^\d{1,15}$/;

/**
 * One contact, every field of the spec's contact object, for people. Loaded with
 * the getContact extension; on a platform without it, with getContacts and the
 * `bot` and `created` (Unix seconds) hints the browser's row links carry.
 */
export default async function ContactPage({
  params,
  searchParams,
}: {
  params: Promise<{ contactId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ contactId }, query, user, t, locale, timeZone] = await Promise.all([
    params,
    loadContactPageParams(searchParams),
    requireUser(),
    getTranslator(),
    getLocale(),
    getTimeZone(),
  ]);
  if (!ID.test(contactId) || Number(contactId) < 1) notFound();
  preloadLedgerSlot(Number(contactId));
  const [result, bots] = await Promise.all([
    loadFromPlatform((api) => findContact(api, Number(contactId), { botId: query.bot, created: query.created })),
    loadFromPlatform((api) => loadBotOptions(api)),
  ]);

  const header = (
    <PageHeader title={result.ok && result.data.found ? result.data.contact.name || `#${contactId}` : `#${contactId}`}>
      <Link className="underline" href="/contacts">
        {t("contact.back")}
      </Link>
    </PageHeader>
  );
  if (!result.ok) {
    return (
      <>
        {header}
        <PlatformProblem error={result.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }
  if (!result.data.found && result.data.reason === "not_found") notFound();
  if (!result.data.found) {
    return (
      <>
        {header}
        <Alert tone={result.data.reason === "needs_hint" ? "info" : "warning"} title={t(`contact.${result.data.reason}`)} live>
          <Link className="underline" href="/contacts">
            {t("contact.back")}
          </Link>
        </Alert>
      </>
    );
  }
  const { contact, via } = result.data;
  // Activity names this contact from here on, without asking the platform.
  await rememberContactNames(await getDb(), [contact]);
  return (
    <>
      {header}
      <div className="space-y-6">
        {via === "getContacts" ? (
          <Alert tone="info" className="text-sm">
            {t("contact.via_fallback")}
          </Alert>
        ) : null}
        <ContactDetails contact={contact} botName={botLabel(bots.ok ? bots.data.bots : null, contact.bot_id, t)} t={t} locale={locale} timeZone={timeZone} />
        {/* The account ledger panel (issue 9) renders here; this page knows nothing else about it. */}
        <LedgerSlot contact={contact} />
      </div>
    </>
  );
}
