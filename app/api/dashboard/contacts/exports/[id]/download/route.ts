import { getDb } from "@/lib/db/client";
import { can } from "@/lib/auth/permissions";
import { permissionExplanation } from "@/lib/auth/authorize";
import { loadSessionUser } from "@/lib/auth/session";
import { stringifyJson } from "@/lib/api/json";
import type { ActionError } from "@/lib/dashboard/action-result";
import { exportFileHeaders, exportFileStream } from "@/lib/contacts/export/download";
import { ExportIdSchema } from "@/lib/contacts/export/forms";
import { findExportJob } from "@/lib/contacts/export/jobs";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

const refuse = (status: number, error: ActionError) =>
  new Response(stringifyJson({ error }), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

/**
 * The file of a finished export of the signed-in member, streamed chunk by chunk
 * (memory stays flat). Refusals have the shape of every dashboard route handler.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const [user, t] = await Promise.all([loadSessionUser(), getTranslator()]);
  if (!user) return refuse(401, { kind: "unauthenticated", message: t("auth.unauthenticated"), fieldErrors: {} });
  if (!can(user.role, "contacts.export")) {
    return refuse(403, { kind: "forbidden", code: "forbidden", message: permissionExplanation("contacts.export", user.role, t), fieldErrors: {} });
  }
  const parsed = ExportIdSchema.safeParse(await params);
  const db = await getDb();
  const job = parsed.success ? await findExportJob(db, parsed.data.id, user.id) : null;
  if (!job || job.status !== "finished") return refuse(404, { kind: "not_found", message: t("exports.not_found"), fieldErrors: {} });
  return new Response(exportFileStream(db, job), { status: 200, headers: exportFileHeaders(job) });
}
