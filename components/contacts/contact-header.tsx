import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";
import { PageHeader } from "@/components/ui/card";

/** The top of one contact's page: its title and the way back to the browser. */
export function ContactHeader({ title, t }: { title: string; t: Translate }) {
  return (
    <PageHeader title={title}>
      <Link className="underline" href="/contacts">
        {t("contact.back")}
      </Link>
    </PageHeader>
  );
}
