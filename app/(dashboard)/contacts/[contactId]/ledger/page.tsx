import type { Metadata } from "next";
import { notFound } from "next/navigation";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { getTranslator } from "@/lib/i18n/server";
import { isContactId } from "@/lib/features/contacts/contact-params";
import { loadContactLedger } from "@/lib/features/ledger/load-contact-ledger";
import { PageHeader } from "@/components/ui/card";
import { LedgerSection } from "@/components/ledger/ledger-section";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("ledger.title") };
}

/** The ledger panel on a page of its own (the contact page shows the same panel through its ledger slot). */
export default async function ContactLedgerPage({ params }: { params: Promise<{ contactId: string }> }) {
  const [{ contactId }] = await Promise.all([params, requireUser()]);
  if (!isContactId(contactId)) notFound();
  const [t, ledger] = await Promise.all([getTranslator(), loadContactLedger(contactId)]);
  return (
    <>
      <PageHeader title={t("ledger.page_title", { contact: ledger.contact })}>
        <Link className="underline" href={`/contacts/${contactId}`}>
          {t("ledger.back_to_contact")}
        </Link>
      </PageHeader>
      <LedgerSection contactId={Number(contactId)} />
    </>
  );
}
