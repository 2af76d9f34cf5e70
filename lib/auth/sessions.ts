import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";
import { USER_COLUMNS, type DashboardUser } from "@/lib/auth/users";

/** Sessions last a working day; the role is read from the database on every request anyway. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** last_seen_at moves at most this often: a page view is not a write. */
const LAST_SEEN_STEP = sql`interval '1 minute'`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SessionInfo {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  address: string;
  userAgent: string;
}

/** Why a session ended (kept on its row). */
export type SessionEndReason = "signed_out" | "ended";

/** A session that is live: its row not ended, not expired, issued for the user's current session version. */
const live = () =>
  and(isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`), eq(sessions.sessionVersion, users.sessionVersion), eq(sessions.userId, users.id));

/** Rows of sessions that ended or expired this long ago are deleted when the user next signs in. */
const KEEP_ENDED = sql`interval '30 days'`;

/** Records a sign-in: the session's id goes into the cookie's token. */
export async function startSession(
  db: Db,
  input: { userId: number; sessionVersion: number; address: string; userAgent: string; maxAgeSeconds?: number },
): Promise<string> {
  const id = randomUUID();
  const maxAge = input.maxAgeSeconds ?? SESSION_MAX_AGE_SECONDS;
  await db.delete(sessions).where(and(eq(sessions.userId, input.userId), sql`coalesce(${sessions.endedAt}, ${sessions.expiresAt}) < now() - ${KEEP_ENDED}`));
  await db.insert(sessions).values({
    id,
    userId: input.userId,
    sessionVersion: input.sessionVersion,
    address: input.address.slice(0, 64),
    userAgent: input.userAgent.slice(0, 512),
    expiresAt: sql`now() + make_interval(secs => ${maxAge})`,
  });
  return id;
}

/**
 * The user of a live session, as the database has them now; null when the session ended, expired, belongs to someone
 * else or was issued before the user's sessions were all ended. Marks the session seen (at most once a minute).
 */
/** A live session's user, and whether the team requires two-factor of them while they have none yet. */
export interface LiveSessionUser extends DashboardUser {
  twoFactorPending: boolean;
}

/** The team requires two-factor (security_settings) and the user has not turned it on. */
const TWO_FACTOR_PENDING = sql<boolean>`(${users.totpEnrolledAt} IS NULL
  AND coalesce((SELECT s.require_two_factor FROM dashboard.security_settings s WHERE s.id = 1), false))`;

export async function liveSessionUser(db: Db, userId: number, sessionId: string): Promise<LiveSessionUser | null> {
  if (!Number.isSafeInteger(userId) || userId <= 0 || !UUID.test(sessionId)) return null;
  // One statement: the mark of "seen" rides along as a data-modifying CTE (a request pays one round trip, not two).
  const seen = db.$with("seen").as(
    db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt), lt(sessions.lastSeenAt, sql`now() - ${LAST_SEEN_STEP}`)))
      .returning({ id: sessions.id }),
  );
  const rows = await db
    .with(seen)
    .select({ ...USER_COLUMNS, twoFactorPending: TWO_FACTOR_PENDING })
    .from(users)
    .innerJoin(sessions, eq(sessions.id, sessionId))
    .where(and(eq(users.id, userId), live()));
  return (rows[0] as LiveSessionUser | undefined) ?? null;
}

/** The user's live sessions, the most recently seen first. */
export async function listSessions(db: Db, userId: number): Promise<SessionInfo[]> {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, address: sessions.address, userAgent: sessions.userAgent })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), live()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

export interface TeamSessionInfo extends SessionInfo {
  userId: number;
  email: string;
  name: string;
}

/** How many of the team's sessions an owner's page shows at most (the most recently seen). */
const TEAM_SESSIONS_SHOWN = 500;

/**
 * Every other member's live sessions (for owners), the most recently seen first: at most `limit`, with how many are live
 * in all, so that a page showing fewer says so instead of leaving some out silently.
 */
export async function listTeamSessions(db: Db, exceptUserId: number, limit = TEAM_SESSIONS_SHOWN): Promise<{ sessions: TeamSessionInfo[]; total: number }> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      address: sessions.address,
      userAgent: sessions.userAgent,
      userId: users.id,
      email: users.email,
      name: users.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(live(), ne(sessions.userId, exceptUserId)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(limit);
  return { sessions: rows.map(({ total: _total, ...session }) => session), total: rows[0]?.total ?? 0 };
}

/** Ends one session of the user; false when it was not live (already ended, or not theirs). */
export async function endSession(db: Db, userId: number, sessionId: string, reason: SessionEndReason): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const rows = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every live session of the user but one (the one in use); how many ended. */
export async function endOtherSessions(db: Db, userId: number, keepSessionId: string): Promise<number> {
  if (!UUID.test(keepSessionId)) return 0;
  const rows = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endedReason: "ended" })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}
