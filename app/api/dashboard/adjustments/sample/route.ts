import { z } from "zod";
import { mayAdjustBalances } from "@/lib/features/adjustments/permissions";
import { SAMPLE_FILE_NAME, sampleCsv } from "@/lib/features/adjustments/sample-csv";
import { authedRoute, errorResponse } from "@/lib/auth/authed-route";
import { permissionExplanation } from "@/lib/auth/authorize";
import { attachmentHeaders } from "@/lib/core/http/attachment";

export const dynamic = "force-dynamic";

/**
 * The sample file of the upload card: the columns the reader takes and two rows of each kind, the descriptions in the
 * viewer's language. For the members the bulk adjustment pages let in (top-ups and debits both), as the result file.
 */
export const GET = authedRoute("accounts.top_up", z.object({}), async (_query, { user, t }) => {
  if (!mayAdjustBalances(user.role)) {
    return errorResponse({ kind: "forbidden", code: "forbidden", message: permissionExplanation("accounts.debit", user.role, t), fieldErrors: {} });
  }
  return new Response(sampleCsv(t), { status: 200, headers: attachmentHeaders(SAMPLE_FILE_NAME, "text/csv; charset=utf-8") });
});
