import { z } from "zod";
import { authedRoute, errorResponse } from "@/lib/auth/authed-route";
import { exportFileHeaders, exportFileStream } from "@/lib/features/contacts/export/download";
import { ExportIdSchema } from "@/lib/features/contacts/export/forms";
import { findExportJob } from "@/lib/features/contacts/export/jobs";

export const dynamic = "force-dynamic";

/**
 * The file of a finished export of the signed-in member, streamed chunk by chunk
 * (memory stays flat). Refusals have the shape of every dashboard route handler.
 */
export const GET = authedRoute("contacts.export", z.object({}), async (_query, { db, user, t }, _request, params: { id: string }) => {
  const parsed = ExportIdSchema.safeParse(params);
  const job = parsed.success ? await findExportJob(db, parsed.data.id, user.id) : null;
  if (!job || job.status !== "finished") return errorResponse({ kind: "not_found", message: t("exports.not_found"), fieldErrors: {} });
  return new Response(exportFileStream(db, job), { status: 200, headers: exportFileHeaders(job) });
});
