import { getDb } from "@/lib/db/client";
import { checkReadiness } from "@/lib/db/readiness";

export const dynamic = "force-dynamic";

/** Readiness: the database answers and every migration in drizzle/ is applied. */
export async function GET(): Promise<Response> {
  try {
    const readiness = await checkReadiness(await getDb());
    return Response.json(readiness, { status: readiness.status === "ready" ? 200 : 503 });
  } catch {
    return Response.json({ status: "unavailable", database: false }, { status: 503 });
  }
}
