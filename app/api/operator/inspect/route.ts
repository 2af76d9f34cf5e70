import { getDb } from "@/lib/db/client";
import { handleInspectRequest } from "@/lib/platform/operator/routes";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return handleInspectRequest(request, () => getDb());
}
