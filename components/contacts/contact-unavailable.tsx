import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";
import { Alert } from "@/components/ui/alert";

/** Why a contact's page shows no contact (a bot the key cannot reach, or a platform that needs the row link's hints). */
export function ContactUnavailable({ reason, t }: { reason: "not_found" | "forbidden" | "needs_hint"; t: Translate }) {
  return (
    <Alert tone={reason === "needs_hint" ? "info" : "warning"} title={t(`contact.${reason}`)} live>
      <Link className="underline" href="/contacts">
        {t("contact.back")}
      </Link>
    </Alert>
  );
}
