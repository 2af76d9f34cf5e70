import { getTranslator } from "@/lib/i18n/server";
import { NotFoundView } from "@/components/shell/not-found-view";

/**
 * A contact, list or account that does not exist (a page called notFound()):
 * shown inside the shell, whose `main` it fills. No loading boundary sits
 * above the pages that call notFound(), so the answer is a real 404.
 */
export default async function DashboardNotFound() {
  const t = await getTranslator();
  return <NotFoundView t={t} />;
}
