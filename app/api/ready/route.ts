import { getDatabase } from "@/lib/db/client";
import { healthOf } from "@/lib/db/health";
import { checkReadiness } from "@/lib/db/readiness";

export const dynamic = "force-dynamic";

/** Readiness: the database can serve, answers, and every migration in drizzle/ is applied. */
export async function GET(): Promise<Response> {
  try {
    const database = await getDatabase();
    const health = healthOf(database);
    if (health.status !== 200) return Response.json({ ...health.body, database: false }, { status: 503 });
    const readiness = await checkReadiness(database.db);
    return Response.json(readiness, { status: readiness.status === "ready" ? 200 : 503 });
  } catch {
    return Response.json({ status: "unavailable", database: false }, { status: 503 });
  }
}
