import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { withRetryAfter } from "@/lib/auth/sign-in-answer";

type Context = { params: Promise<{ nextauth: string[] }> };

const handler = NextAuth(authOptions);

/** A credentials sign-in refused for a while (throttled or busy) is answered 429 with Retry-After. */
async function POST(request: Request, context: Context): Promise<Response> {
  const response: Response = await handler(request, context);
  const { nextauth } = await context.params;
  return nextauth?.[0] === "callback" && nextauth[1] === "credentials" ? withRetryAfter(response) : response;
}

export { handler as GET, POST };
