import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { signInWithPassword } from "./sign-in";
import { endSession, SESSION_MAX_AGE_SECONDS, startSession } from "./sessions";
import { applyLibraryDefaults, config } from "@/lib/core/config.mjs";
import { currentOrigin, originOf, type Headers } from "./request-origin";
import { recordSecurityEvent } from "./security-events";
import { signInRefusalEvent } from "./sign-in-record";
import { cookieFromHeader, DEVICE_COOKIE, deviceCookieOptions, findDeviceToken, withDeviceToken } from "./device-token";

applyLibraryDefaults();

/**
 * After a successful sign-in: this browser's device token for the account, set on the callback's answer (cookies()
 * from next/headers in the route handler: Next adds what is set there to the response next-auth returns).
 */
async function rememberDevice(held: string | null, email: string, headers: Headers): Promise<void> {
  const { cookies } = await import("next/headers");
  const proto = String(headers?.["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim();
  const secure = proto === "https" || (config().dashboard.authUrl ?? "").startsWith("https:");
  (await cookies()).set(DEVICE_COOKIE, withDeviceToken(held, email).value, deviceCookieOptions(secure));
}

/** Credentials, a JWT in an httpOnly cookie (stateless: any instance can read it). */
export const authOptions: NextAuthOptions = {
  secret: config().dashboard.authSecret ?? undefined,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        // The second step of a member with two-factor on: a TOTP code or a recovery code, sent with the password again.
        code: { label: "Code", type: "text" },
      },
      async authorize(credentials, req) {
        const email = String(credentials?.email ?? "").slice(0, 255);
        const password = String(credentials?.password ?? "").slice(0, 1024);
        const code = String(credentials?.code ?? "").slice(0, 64) || null;
        if (!email || !password) throw new Error("invalid_credentials");
        const db = await getDb();
        const headers = req?.headers as Headers;
        const origin = originOf(headers);
        // A browser that signed in to this account before is counted on its own (lib/auth/device-token.ts).
        const held = cookieFromHeader(headers?.cookie, DEVICE_COOKIE);
        const device = findDeviceToken(held, email);
        const result = await signInWithPassword(db, { email, password, address: origin.address, deviceTokenId: device?.id, secondFactor: { code } });
        // The password was right: the form asks for the code (nothing was counted).
        if (!result.ok && result.reason === "two_factor_required") throw new Error("two_factor_required");
        if (!result.ok && result.reason === "two_factor_failed") {
          const subject = { id: result.userId, email: email.trim().toLowerCase() };
          await recordSecurityEvent(db, { kind: "two_factor_failed", subject, origin });
          throw new Error("two_factor_failed");
        }
        if (!result.ok) {
          const kind = signInRefusalEvent(result);
          if (kind) await recordSecurityEvent(db, { kind, subject: { id: null, email: email.trim().toLowerCase() }, origin });
          // next-auth hands the message to the sign-in form as `error`; the form translates it.
          // throttled:<seconds> and busy:<seconds> also become a 429 with Retry-After (lib/auth/sign-in-answer.ts).
          throw new Error(result.reason === "invalid_credentials" ? "invalid_credentials" : `${result.reason}:${result.retryAfter}`);
        }
        const sessionId = await startSession(db, {
          userId: result.user.id,
          sessionVersion: result.user.sessionVersion,
          address: origin.address,
          userAgent: origin.userAgent,
        });
        await rememberDevice(held, result.user.email, headers);
        const person = { id: result.user.id, email: result.user.email };
        if (result.via === "recovery_code") await recordSecurityEvent(db, { kind: "recovery_code_used", actor: person, subject: person, origin });
        await recordSecurityEvent(db, {
          kind: "sign_in",
          actor: person,
          subject: person,
          origin,
          detail: result.via ? { second_factor: result.via } : undefined,
        });
        return { id: String(result.user.id), email: result.user.email, name: result.user.name, sessionId };
      },
    }),
  ],
  events: {
    // Sign-out ends this session for good: a copy of the cookie no longer works. The user's other sessions go on.
    async signOut({ token }) {
      const { uid, sid, email } = (token ?? {}) as { uid?: unknown; sid?: unknown; email?: unknown };
      if (!Number.isSafeInteger(Number(uid)) || typeof sid !== "string") return;
      const db = await getDb();
      if (!(await endSession(db, Number(uid), sid, "signed_out"))) return;
      const person = { id: Number(uid), email: typeof email === "string" ? email : "" };
      await recordSecurityEvent(db, { kind: "signed_out", actor: person, subject: person, origin: await currentOrigin() });
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
