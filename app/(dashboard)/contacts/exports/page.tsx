import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { getTranslator } from "@/lib/i18n/server";
import { Card, PageHeader } from "@/components/ui/card";
import { PermissionNote } from "@/components/shell/permission-note";
import { ExportList } from "@/components/contacts/export-list";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("exports.title") };
}

/** The member's exports of the last 24 hours (started from the contacts page). */
export default async function ContactExportsPage() {
  const [user, t] = await Promise.all([requireUser(), getTranslator()]);
  return (
    <>
      <PageHeader title={t("exports.title")}>
        <Link className="underline" href="/contacts">
          {t("contact.back")}
        </Link>
      </PageHeader>
      <Card>
        {can(user.role, "contacts.export") ? (
          <ExportList startHref="/contacts" />
        ) : (
          <PermissionNote permission="contacts.export" role={user.role} t={t} allowedText="" />
        )}
      </Card>
    </>
  );
}
