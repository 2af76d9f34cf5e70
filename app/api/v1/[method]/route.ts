import { getDb } from "@/lib/db/client";
import { handleApiRequest } from "@/lib/platform/gateway";

export const dynamic = "force-dynamic";

async function handle(request: Request, context: { params: Promise<{ method: string }> }): Promise<Response> {
  const { method } = await context.params;
  // The opener, not the database: a database that cannot be opened is answered 503 by the gateway.
  return handleApiRequest(() => getDb(), request, method);
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
