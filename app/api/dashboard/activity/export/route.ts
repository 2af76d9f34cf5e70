import { loadSessionUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { permissionExplanation } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { getTranslator } from "@/lib/i18n/server";
import { activityCsvStream } from "@/lib/ledger/activity-csv";
import { loadActivitySearchParams, toAuditFilters } from "@/lib/ledger/activity-filters";

export const dynamic = "force-dynamic";

/** The Activity page's entries (same filters, same visibility) as a streamed CSV download. */
export async function GET(request: Request): Promise<Response> {
  const t = await getTranslator();
  const user = await loadSessionUser();
  const refuse = (status: number, message: string) =>
    Response.json({ error: { kind: status === 401 ? "unauthenticated" : "forbidden", message, fieldErrors: {} } }, { status, headers: { "cache-control": "no-store" } });
  if (!user) return refuse(401, t("auth.unauthenticated"));
  if (!can(user.role, "activity.read")) return refuse(403, permissionExplanation("activity.read", user.role, t));
  const url = new URL(request.url);
  const filters = toAuditFilters(loadActivitySearchParams(url.searchParams));
  const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
  return new Response(activityCsvStream(await getDb(), { id: user.id, role: user.role }, filters, { bom: url.searchParams.get("bom") === "1" }), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="activity-${stamp}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
