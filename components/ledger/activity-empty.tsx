import Link from "next/link";
import type { Translate } from "@/lib/i18n/translate";

/** What the Activity table says when it has no entry: under filters, with a link that clears them. */
export function ActivityEmpty({ filtered, t }: { filtered: boolean; t: Translate }) {
  return (
    <span data-testid="activity-empty">
      {filtered ? (
        <>
          {t("audit.empty_filtered")}{" "}
          <Link className="underline" href="/activity">
            {t("audit.clear")}
          </Link>
        </>
      ) : (
        t("activity.empty")
      )}
    </span>
  );
}
