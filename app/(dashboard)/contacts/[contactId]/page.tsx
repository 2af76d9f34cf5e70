import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { isContactId, loadContactPageParams } from "@/lib/features/contacts/contact-params";
import { loadContact } from "@/lib/features/contacts/load-contact";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { Alert } from "@/components/ui/alert";
import { PlatformProblem } from "@/components/shell/platform-problem";
import { ContactDetails } from "@/components/contacts/contact-details";
import { ContactHeader } from "@/components/contacts/contact-header";
import { ContactUnavailable } from "@/components/contacts/contact-unavailable";
import { LedgerSlot, preloadLedgerSlot } from "@/components/contacts/ledger-slot";

export async function generateMetadata({ params }: { params: Promise<{ contactId: string }> }): Promise<Metadata> {
  const [{ contactId }, t] = await Promise.all([params, getTranslator()]);
  return { title: `${t("contacts.title")} · ${contactId}` };
}

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
  if (!isContactId(contactId)) notFound();
  preloadLedgerSlot(Number(contactId));
  const view = await loadContact(contactId, query, t);

  const header = <ContactHeader title={view.title} t={t} />;
  if (view.status === "failed") {
    return (
      <>
        {header}
        <PlatformProblem error={view.error} canConfigure={can(user.role, "settings.manage")} t={t} />
      </>
    );
  }
  if (view.status === "missing" && view.reason === "not_found") notFound();
  if (view.status === "missing") {
    return (
      <>
        {header}
        <ContactUnavailable reason={view.reason} t={t} />
      </>
    );
  }
  const { contact, via, botName } = view;
  return (
    <>
      {header}
      <div className="space-y-6">
        {via === "getContacts" ? (
          <Alert tone="info" className="text-sm">
            {t("contact.via_fallback")}
          </Alert>
        ) : null}
        <ContactDetails contact={contact} botName={botName} t={t} locale={locale} timeZone={timeZone} />
        {/* The account ledger panel (issue 9) renders here; this page knows nothing else about it. */}
        <LedgerSlot contact={contact} />
      </div>
    </>
  );
}
