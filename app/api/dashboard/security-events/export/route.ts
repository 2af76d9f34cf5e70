import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { attachmentHeaders } from "@/lib/core/http/attachment";
import { securityEventsCsvStream } from "@/lib/auth/security-events-csv";
import { loadSecurityLogExportParams, toSecurityEventFilters } from "@/lib/features/settings/security-log-params";

export const dynamic = "force-dynamic";

/** The security log (same filters as its page) as a streamed CSV download; owners only. */
export const GET = authedRoute("team.manage", z.record(z.string(), z.string()), async (_query, { db }, request) => {
  const { bom, ...params } = loadSecurityLogExportParams(new URL(request.url).searchParams);
  const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
  return new Response(securityEventsCsvStream(db, toSecurityEventFilters(params), { bom }), {
    headers: attachmentHeaders(`security-log-${stamp}.csv`, "text/csv; charset=utf-8"),
  });
});
