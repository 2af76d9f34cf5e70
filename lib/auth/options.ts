import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { signInWithPassword } from "./sign-in";
import { endSession, SESSION_MAX_AGE_SECONDS, startSession } from "./sessions";
import { applyLibraryDefaults, config } from "@/lib/config.mjs";

type Headers = Record<string, string | string[] | undefined> | undefined;

/**
 * The client's address for per-address throttling. `npm start` appends the
 * address that connected to X-Forwarded-For (as a proxy does), so the chain's
 * last entry cannot be forged; each trusted proxy in front (TRUSTED_PROXIES,
 * default 0: clients connect directly) adds one more entry that is not the
 * client's, so the address is that many entries before the last. Entries a
 * client wrote itself come earlier and are never read.
 */
export function clientAddress(headers: Headers, trustedProxies = trustedProxyCount()): string {
  const forwarded = headers?.["x-forwarded-for"];
  const chain = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  return chain[Math.max(0, chain.length - 1 - trustedProxies)];
}

/** TRUSTED_PROXIES: how many proxies (load balancers) stand in front of the app (lib/config.mjs). */
export function trustedProxyCount(): number {
  return config().trustedProxies;
}

applyLibraryDefaults();

/** Credentials, a JWT in an httpOnly cookie (stateless: any instance can read it). */
export const authOptions: NextAuthOptions = {
  secret: config().dashboard.authSecret ?? undefined,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        const email = String(credentials?.email ?? "").slice(0, 255);
        const password = String(credentials?.password ?? "").slice(0, 1024);
        if (!email || !password) throw new Error("invalid_credentials");
        const db = await getDb();
        const address = clientAddress(req?.headers as Headers);
        const result = await signInWithPassword(db, { email, password, address });
        // next-auth hands the message to the sign-in form as `error`; the form translates it.
        // throttled:<seconds> and busy:<seconds> also become a 429 with Retry-After (lib/auth/sign-in-answer.ts).
        if (!result.ok) throw new Error(result.reason === "invalid_credentials" ? "invalid_credentials" : `${result.reason}:${result.retryAfter}`);
        const agent = (req?.headers as Headers)?.["user-agent"];
        const sessionId = await startSession(db, {
          userId: result.user.id,
          sessionVersion: result.user.sessionVersion,
          address,
          userAgent: Array.isArray(agent) ? agent.join(" ") : (agent ?? ""),
        });
        return { id: String(result.user.id), email: result.user.email, name: result.user.name, sessionId };
      },
    }),
  ],
  events: {
    // Sign-out ends this session for good: a copy of the cookie no longer works. The user's other sessions go on.
    async signOut({ token }) {
      const { uid, sid } = (token ?? {}) as { uid?: unknown; sid?: unknown };
      if (Number.isSafeInteger(Number(uid)) && typeof sid === "string") await endSession(await getDb(), Number(uid), sid, "signed_out");
    },
  },
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.uid = Number(user.id);
        token.sid = (user as { sessionId?: string }).sessionId;
      }
      return token;
    },
    session({ session, token }) {
      return { ...session, uid: token.uid, sid: token.sid } as typeof session;
    },
  },
};
