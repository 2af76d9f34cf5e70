import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { oneTimeLinks, users } from "@/lib/db/schema";
import { hashPassword } from "@/lib/auth/password";
import type { PasswordProblem } from "@/lib/auth/password-strength";
import { recordSecurityEvent } from "@/lib/auth/security-events";
import type { RequestOrigin } from "@/lib/auth/request-origin";
import { releaseAttempt, reserveAttempt, type ThrottlePolicy } from "@/lib/auth/throttle";

/**
 * Invite and reset links: 32 random bytes (base64url, 43 characters) shown once; only their SHA-256 is stored, so a
 * copy of the database opens no account. A link works once, for 24 hours, and only the member's newest one works.
 */
export type LinkPurpose = "invite" | "reset";
export type LinkRefusal = "used" | "expired" | "unknown";

export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token: its SHA-256, hex. */
export const hashLinkToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Events of the command line and the tests have no request: the operator's origin. */
export const OPERATOR_ORIGIN: RequestOrigin = { address: "operator", userAgent: "command line" };

/** Deletes the member's unused links (a new link, a new password): call it inside the transaction that supersedes them. */
export async function revokeUnusedLinks(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(oneTimeLinks).where(and(eq(oneTimeLinks.userId, userId), isNull(oneTimeLinks.usedAt)));
}

/**
 * A new link for the member. Their earlier unused links are deleted in the same transaction: the newest link is the
 * only one that works (a link passed on by mistake is withdrawn by issuing another).
 */

export async function createOneTimeLink(
  db: Db,
  input: { userId: number; purpose: LinkPurpose; createdByUserId: number | null },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
  await db.transaction(async (tx) => {
    await revokeUnusedLinks(tx, input.userId);
    await tx.insert(oneTimeLinks).values({
      id: randomUUID(),
      tokenHash: hashLinkToken(token),
      userId: input.userId,
      purpose: input.purpose,
      createdByUserId: input.createdByUserId,
      createdAt: now,
      expiresAt,
    });
  });
  return { token, expiresAt };
}

export interface LinkMember {
  userId: number;
  email: string;
  name: string;
  purpose: LinkPurpose;
  expiresAt: Date;
}

export type LinkInspection = { ok: true; link: LinkMember } | { ok: false; reason: LinkRefusal; userId?: number; email?: string };

/** Whose link it is and what for, or why it no longer works. Reads only: opening a link changes nothing. */
export async function inspectOneTimeLink(db: Db, token: string): Promise<LinkInspection> {
  if (!TOKEN.test(token)) return { ok: false, reason: "unknown" };
  const [row] = await db
    .select({
      userId: oneTimeLinks.userId,
      email: users.email,
      name: users.name,
      purpose: oneTimeLinks.purpose,
      expiresAt: oneTimeLinks.expiresAt,
      usedAt: oneTimeLinks.usedAt,
      expired: sql<boolean>`${oneTimeLinks.expiresAt} <= now()`,
    })
    .from(oneTimeLinks)
    .innerJoin(users, eq(users.id, oneTimeLinks.userId))
    .where(eq(oneTimeLinks.tokenHash, hashLinkToken(token)));
  if (!row) return { ok: false, reason: "unknown" };
  if (row.usedAt) return { ok: false, reason: "used", userId: row.userId, email: row.email };
  if (row.expired) return { ok: false, reason: "expired", userId: row.userId, email: row.email };
  return { ok: true, link: { userId: row.userId, email: row.email, name: row.name, purpose: row.purpose as LinkPurpose, expiresAt: row.expiresAt } };
}

export type LinkUse =
  | { ok: true; user: { id: number; email: string }; purpose: LinkPurpose }
  | { ok: false; reason: LinkRefusal }
  | { ok: false; reason: "password"; problem: PasswordProblem }
  | { ok: false; reason: "throttled"; retryAfter: number };

/**
 * Link uses per client address. `/welcome/<token>` needs no session, and each refused use is a row of the insert-only
 * security log: a refused use (an unknown, used or expired link) counts, and past 20 in 15 minutes the address waits
 * (1 minute, doubling up to 15) with nothing read or written. A person retyping a link stays far below; a use that
 * sets the password, or that the password rule refuses, gives its count back.
 */
export const LINK_ATTEMPT_POLICY: ThrottlePolicy = { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 60, maxLockSeconds: 15 * 60 };
export const linkAttemptScope = (address: string): string => `link:${address}`;

/**
 * Sets the member's password through their link. The link is taken by one conditional UPDATE (unused and unexpired),
 * so of two uses at once exactly one gets a row; in the same transaction the password is set, every session of the
 * member ends (the session version moves) and link_used is written. A refusal writes link_refused and changes nothing;
 * a password the rule refuses changes nothing and keeps the link. An address past LINK_ATTEMPT_POLICY is told to wait,
 * and nothing is read or written.
 */
export async function useOneTimeLink(db: Db, token: string, newPassword: string, origin: RequestOrigin = OPERATOR_ORIGIN): Promise<LinkUse> {
  // Reserved before the link is looked at: uses sent at once cannot all pass a count made before any of them.
  const scope = linkAttemptScope(origin.address);
  const reservation = await reserveAttempt(db, [{ scope, policy: LINK_ATTEMPT_POLICY }]);
  if (!reservation.granted) return { ok: false, reason: "throttled", retryAfter: reservation.retryAfter };
  const used = await takeReservedLink(db, token, newPassword, origin);
  if (used.ok || used.reason === "password") await releaseAttempt(db, scope);
  return used;
}

async function takeReservedLink(db: Db, token: string, newPassword: string, origin: RequestOrigin): Promise<Exclude<LinkUse, { reason: "throttled" }>> {
  const inspected = await inspectOneTimeLink(db, token);
  if (!inspected.ok) return refuse(db, inspected, origin);
  const { link } = inspected;
  // Loaded here: the rule is server-only (its lists stay off the client), and the operator commands, which create links
  // outside Next, must not load it.
  const { checkPasswordStrength } = await import("@/lib/auth/password-strength");
  const strength = checkPasswordStrength(newPassword, [link.email, link.name]);
  if (strength.problem) return { ok: false, reason: "password", problem: strength.problem };
  // Hashed before the transaction: argon2id takes tens of ms and no row is held meanwhile.
  const passwordHash = await hashPassword(newPassword);
  const used = await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(oneTimeLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oneTimeLinks.tokenHash, hashLinkToken(token)), isNull(oneTimeLinks.usedAt), gt(oneTimeLinks.expiresAt, sql`now()`)))
      .returning({ userId: oneTimeLinks.userId, purpose: oneTimeLinks.purpose });
    if (!taken) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordSet: true, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, taken.userId))
      .returning({ id: users.id, email: users.email });
    await recordSecurityEvent(tx, { kind: "link_used", actor: user, subject: user, origin, detail: { purpose: taken.purpose } });
    return { user, purpose: taken.purpose as LinkPurpose };
  });
  if (used) return { ok: true, ...used };
  // Another use (or the clock) came first: say why, as a fresh look tells it.
  const again = await inspectOneTimeLink(db, token);
  return refuse(db, again.ok ? { ok: false, reason: "used" } : again, origin);
}

async function refuse(db: Db, refusal: Extract<LinkInspection, { ok: false }>, origin: RequestOrigin): Promise<{ ok: false; reason: LinkRefusal }> {
  const subject = refusal.userId && refusal.email ? { id: refusal.userId, email: refusal.email } : null;
  await recordSecurityEvent(db, { kind: "link_refused", subject, origin, detail: { reason: refusal.reason } });
  return { ok: false, reason: refusal.reason };
}
