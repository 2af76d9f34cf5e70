import Link from "next/link";
import type { Role } from "@/lib/auth/permissions";
import { can } from "@/lib/auth/permissions";
import { mayAdjustBalances } from "@/lib/features/adjustments/permissions";
import type { Translate } from "@/lib/i18n/translate";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * What the Activity table says when it has no entry: under filters, a link that clears them; otherwise what makes
 * entries, and where the viewer can make one (a contact's accounts, a bulk batch), for the roles that may.
 */
export function ActivityEmpty({ filtered, role, t }: { filtered: boolean; role: Role; t: Translate }) {
  if (filtered) {
    return (
      <EmptyState message={t("audit.empty_filtered")} center testId="activity-empty">
        <Link className={buttonClass("secondary")} href="/activity">
          {t("audit.clear")}
        </Link>
      </EmptyState>
    );
  }
  const movesMoney = can(role, "accounts.top_up") || can(role, "accounts.debit");
  return (
    <EmptyState message={`${t("activity.empty")} ${t(movesMoney ? "activity.empty_hint" : "activity.empty_hint_readonly")}`} center testId="activity-empty">
      {movesMoney ? (
        <Link className={buttonClass("primary")} href="/contacts">
          {t("activity.empty_contacts")}
        </Link>
      ) : null}
      {mayAdjustBalances(role) ? (
        <Link className={buttonClass("secondary")} href="/adjustments">
          {t("activity.empty_bulk")}
        </Link>
      ) : null}
    </EmptyState>
  );
}
