import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import type { Translate } from "@/lib/i18n/translate";

/**
 * What a missing page shows, with a way back. No landmark of its own: the
 * root not-found page puts it in its `main`, the dashboard's in the shell's.
 */
export function NotFoundView({ t }: { t: Translate }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center justify-center gap-4 py-12 text-center" data-testid="not-found">
      <p className="text-5xl font-bold text-muted" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">{t("notfound.title")}</h1>
      <p className="text-muted">{t("notfound.description")}</p>
      <Link href="/contacts" className={buttonClass("primary")}>
        {t("notfound.back")}
      </Link>
    </div>
  );
}
