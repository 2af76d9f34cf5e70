import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";
import { buttonClass } from "@/components/ui/button";

export default async function NotFound() {
  const t = await getTranslator();
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">{t("notfound.title")}</h1>
      <p className="text-muted">{t("notfound.description")}</p>
      <Link href="/contacts" className={buttonClass("primary")}>
        {t("notfound.back")}
      </Link>
    </main>
  );
}
