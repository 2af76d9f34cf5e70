import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { signInWithPassword } from "./sign-in";
import { endSessions } from "@/lib/auth/users";
import { applyLibraryDefaults, config } from "@/lib/config.mjs";

/** Sessions last a working day; the role is read from the database on every request anyway. */
const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

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
        const result = await signInWithPassword(await getDb(), { email, password, address: clientAddress(req?.headers as Headers) });
        // next-auth hands the message to the sign-in form as `error`; the form translates it.
        // throttled:<seconds> and busy:<seconds> also become a 429 with Retry-After (lib/auth/sign-in-answer.ts).
        if (!result.ok) throw new Error(result.reason === "invalid_credentials" ? "invalid_credentials" : `${result.reason}:${result.retryAfter}`);
        return { id: String(result.user.id), email: result.user.email, name: result.user.name, sessionVersion: result.user.sessionVersion };
      },
    }),
  ],
  events: {
    // Sign-out ends the session for good: the cookie's token no longer matches the user's session version.
    async signOut({ token }) {
      const uid = Number((token as { uid?: unknown } | null)?.uid);
      if (Number.isSafeInteger(uid) && uid > 0) await endSessions(await getDb(), uid);
    },
  },
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.uid = Number(user.id);
        token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      return { ...session, uid: token.uid, sv: token.sv } as typeof session;
    },
  },
};
