import { getDatabase } from "@/lib/db/client";
import { answerReadiness } from "@/lib/db/readiness";
import { breakerViews } from "@/lib/api";

export const dynamic = "force-dynamic";

/**
 * Readiness: the database can serve and answers, every migration in drizzle/ is applied, and the data directory takes
 * writes. `platforms` says, as a detail and never as a failure of this process, whether each platform this instance
 * calls answers (its circuit breaker, lib/api/breaker.ts): a stuck platform must not take the dashboard out of a
 * load balancer, whose pages still answer and say why.
 */
export async function GET(): Promise<Response> {
  const platforms = breakerViews().map(({ baseUrl, ...view }) => ({ origin: URL.canParse(baseUrl) ? new URL(baseUrl).origin : "", ...view }));
  try {
    const answer = await answerReadiness(await getDatabase());
    return Response.json({ ...answer.body, platforms }, { status: answer.status, headers: answer.status === 503 ? { "retry-after": "5" } : {} });
  } catch {
    return Response.json({ status: "unavailable", database: false, platforms }, { status: 503, headers: { "retry-after": "5" } });
  }
}
