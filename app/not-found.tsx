import { getTranslator } from "@/lib/i18n/server";
import { NotFoundView } from "@/components/shell/not-found-view";

/** An address that matches no page: outside the dashboard's shell, so the page's one `main` is here. */
export default async function NotFound() {
  const t = await getTranslator();
  return (
    <main id="main" className="flex min-h-screen flex-col justify-center p-6">
      <NotFoundView t={t} />
    </main>
  );
}
