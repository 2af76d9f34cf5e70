import { getDatabase } from "@/lib/db/client";
import { healthOf } from "@/lib/db/health";

export const dynamic = "force-dynamic";

/** 200 once the database is open and migrated (the server migrates on start) and while it can serve; 503 with the reason otherwise. */
export async function GET(): Promise<Response> {
  try {
    const health = healthOf(await getDatabase());
    return Response.json(health.body, { status: health.status });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503 });
  }
}
