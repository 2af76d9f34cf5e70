import { getDatabase } from "@/lib/db/client";
import { answerReadiness } from "@/lib/db/readiness";

export const dynamic = "force-dynamic";

/** Readiness: the database can serve and answers, every migration in drizzle/ is applied, and the data directory takes writes. */
export async function GET(): Promise<Response> {
  try {
    const answer = await answerReadiness(await getDatabase());
    return Response.json(answer.body, { status: answer.status, headers: answer.status === 503 ? { "retry-after": "5" } : {} });
  } catch {
    return Response.json({ status: "unavailable", database: false }, { status: 503, headers: { "retry-after": "5" } });
  }
}
