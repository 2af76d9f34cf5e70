import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { getTranslator } from "@/lib/i18n/server";
import { Card, PageHeader } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("activity.title") };
}

/** The audit trail of balance operations arrives with the ledger panel; until then there is nothing to list. */
export default async function ActivityPage() {
  await requireUser();
  const t = await getTranslator();
  return (
    <>
      <PageHeader title={t("activity.title")} />
      <Card description={t("activity.description")}>
        <p className="text-muted" data-testid="activity-empty">
          {t("activity.empty")}
        </p>
      </Card>
    </>
  );
}
