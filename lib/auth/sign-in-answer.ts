/**
 * next-auth answers a refused credentials sign-in with 401 and the reason in a
 * URL (`…/login?error=throttled:30`: the JSON body's `url`, or the Location of
 * a redirect). A refusal that only time cures — throttled:<seconds> or
 * busy:<seconds> — becomes 429 with Retry-After, so that scripts and proxies
 * see it for what it is; the body stays what the sign-in form reads.
 */
const REFUSAL = /^(?:throttled|busy):(\d+)$/;

/** The seconds to wait when the answer refuses a sign-in for a while; null for any other answer. */
async function refusalSeconds(response: Response): Promise<{ seconds: number; url: string } | null> {
  let url = response.headers.get("location");
  if (!url && (response.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      const body = (await response.clone().json()) as { url?: unknown };
      url = typeof body?.url === "string" ? body.url : null;
    } catch {
      return null;
    }
  }
  if (!url) return null;
  let error: string | null;
  try {
    error = new URL(url, "http://localhost").searchParams.get("error");
  } catch {
    return null;
  }
  const match = REFUSAL.exec(error ?? "");
  return match ? { seconds: Math.max(1, Number(match[1])), url } : null;
}

/** The same answer as 429 with Retry-After when it refuses a sign-in for a while; any other answer unchanged. */
export async function withRetryAfter(response: Response): Promise<Response> {
  const refusal = await refusalSeconds(response);
  if (!refusal) return response;
  const headers = new Headers(response.headers);
  headers.delete("location");
  headers.set("content-type", "application/json");
  headers.set("retry-after", String(refusal.seconds));
  return new Response(JSON.stringify({ url: refusal.url }), { status: 429, headers });
}
