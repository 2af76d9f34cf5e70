import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { signInWithPassword } from "./sign-in";

/** Sessions last a working day; the role is read from the database on every request anyway. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

type Headers = Record<string, string | string[] | undefined> | undefined;

/**
 * The client's address for per-address throttling: the last X-Forwarded-For
 * hop (the one our own proxy, or Next itself, added). Without a proxy in front,
 * a client can forge the header and dodge the per-address count; the
 * per-account count holds regardless.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers?.["x-forwarded-for"];
  const value = Array.isArray(forwarded) ? forwarded.at(-1) : forwarded;
  const last = value?.split(",").at(-1)?.trim();
  const real = headers?.["x-real-ip"];
  return last || (typeof real === "string" ? real.trim() : "") || "unknown";
}

// Without NEXTAUTH_URL, next-auth takes its own address from the request's Host (and
// X-Forwarded-Host/Proto) instead of assuming http://localhost:3000. Behind HTTPS, set
// NEXTAUTH_URL=https://… so that session cookies are marked Secure.
process.env.AUTH_TRUST_HOST ??= "true";

/** Credentials, a JWT in an httpOnly cookie (stateless: any instance can read it). */
export const authOptions: NextAuthOptions = {
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
        if (!result.ok) throw new Error(result.reason === "throttled" ? `throttled:${result.retryAfter}` : "invalid_credentials");
        return { id: String(result.user.id), email: result.user.email, name: result.user.name, sessionVersion: result.user.sessionVersion };
      },
    }),
  ],
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
