import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { attachmentHeaders } from "@/lib/core/http/attachment";
import { activityCsvStream } from "@/lib/features/ledger/activity-csv";
import { loadActivityExportParams, toAuditFilters } from "@/lib/features/ledger/activity-filters";

export const dynamic = "force-dynamic";

/** The Activity page's entries (same filters, same visibility) as a streamed CSV download. */
export const GET = authedRoute("activity.read", z.record(z.string(), z.string()), async (_query, { db, user }, request) => {
  const { bom, ...params } = loadActivityExportParams(new URL(request.url).searchParams);
  const filters = toAuditFilters({ ...params, page: 1 });
  const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
  return new Response(activityCsvStream(db, { id: user.id, role: user.role }, filters, { bom }), {
    headers: attachmentHeaders(`activity-${stamp}.csv`, "text/csv; charset=utf-8"),
  });
});
