import { getDb } from "@/lib/db/client";
import { can } from "@/lib/auth/permissions";
import { loadSessionUser } from "@/lib/auth/session";
import { exportFileHeaders, exportFileStream } from "@/lib/contacts/export/download";
import { ExportIdSchema } from "@/lib/contacts/export/forms";
import { findExportJob } from "@/lib/contacts/export/jobs";

export const dynamic = "force-dynamic";

const refuse = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

/** The file of a finished export of the signed-in member, streamed chunk by chunk (memory stays flat). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const user = await loadSessionUser();
  if (!user) return refuse(401, "unauthenticated");
  if (!can(user.role, "contacts.export")) return refuse(403, "forbidden");
  const parsed = ExportIdSchema.safeParse(await params);
  if (!parsed.success) return refuse(404, "not_found");
  const db = await getDb();
  const job = await findExportJob(db, parsed.data.id, user.id);
  if (!job || job.status !== "finished") return refuse(404, "not_found");
  return new Response(exportFileStream(db, job), { status: 200, headers: exportFileHeaders(job) });
}
