import { z } from "zod";
import { readBatch } from "@/lib/features/adjustments/batch-store";
import { mayAdjustBalances } from "@/lib/features/adjustments/permissions";
import { adjustmentResultCsvStream } from "@/lib/features/adjustments/result-csv";
import { authedRoute, errorResponse } from "@/lib/auth/authed-route";
import { permissionExplanation } from "@/lib/auth/authorize";
import { attachmentHeaders } from "@/lib/core/http/attachment";

export const dynamic = "force-dynamic";

const ResultQuerySchema = z.object({ bom: z.enum(["1"]).optional() });

/**
 * The result file of a batch: each row's status, new balance and error, streamed. For the members the bulk
 * adjustment pages and actions let in (top-ups and debits both), not for every reader of accounts.
 */
export const GET = authedRoute("accounts.top_up", ResultQuerySchema, async ({ bom }, { db, user, t }, _request, params: { id: string }) => {
  if (!mayAdjustBalances(user.role)) {
    return errorResponse({ kind: "forbidden", code: "forbidden", message: permissionExplanation("accounts.debit", user.role, t), fieldErrors: {} });
  }
  const batch = await readBatch(db, params.id);
  if (!batch) return errorResponse({ kind: "not_found", message: t("adjustments.batch.not_found"), fieldErrors: {} });
  const name = `${batch.fileName.replace(/\.csv$/i, "")}-result.csv`;
  return new Response(adjustmentResultCsvStream(db, batch.id, { bom: bom === "1" }), {
    status: 200,
    headers: attachmentHeaders(name, "text/csv; charset=utf-8"),
  });
});
