import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { generatePassword, hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/permissions";
import { DashboardError } from "@/lib/core/actions/errors";
import { revokeUnusedLinks } from "@/lib/auth/one-time-links";

/** Moving a user's session version ends every session signed with the old one (checked on every request). */
const NEXT_SESSION_VERSION = sql`${users.sessionVersion} + 1`;

export interface DashboardUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  sessionVersion: number;
  createdAt: Date;
}

/** The columns of a DashboardUser (never the password hash). */
export const USER_COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  sessionVersion: users.sessionVersion,
  createdAt: users.createdAt,
};

const columns = USER_COLUMNS;

const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserById(db: Db, id: number): Promise<DashboardUser | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  return (row as DashboardUser | undefined) ?? null;
}

/** Whether a member has two-factor on (enrolment confirmed). */
const TWO_FACTOR_ON = sql<boolean>`${users.totpEnrolledAt} IS NOT NULL`;

/** The columns of a TeamUser. */
const TEAM_COLUMNS = { ...columns, passwordSet: users.passwordSet, twoFactorOn: TWO_FACTOR_ON };

/** A user as sign-in needs them: with the password hash and whether a second factor is asked. */
export type UserWithHash = DashboardUser & { passwordHash: string; twoFactorEnrolled: boolean };

export async function findUserWithHashByEmail(db: Db, email: string): Promise<UserWithHash | null> {
  const [row] = await db
    .select({ ...columns, passwordHash: users.passwordHash, twoFactorEnrolled: TWO_FACTOR_ON })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return (row as UserWithHash | undefined) ?? null;
}

/** A member as the team list shows them: passwordSet is false while an invited member has not used their link. */
export type TeamUser = DashboardUser & { passwordSet: boolean; twoFactorOn: boolean };

export async function findTeamUser(db: Db, id: number): Promise<TeamUser | null> {
  const [row] = await db.select(TEAM_COLUMNS).from(users).where(eq(users.id, id));
  return (row as TeamUser | undefined) ?? null;
}

export async function listUsers(db: Db): Promise<TeamUser[]> {
  return (await db.select(TEAM_COLUMNS).from(users).orderBy(asc(users.createdAt), asc(users.id))) as TeamUser[];
}

export interface CreatedUser {
  user: DashboardUser;
  /** Shown once, never stored in plain text. */
  password: string;
}

type NewUser = { email: string; role: Role; name?: string };

async function insertUser(db: Db, input: NewUser, passwordHash: string, passwordSet: boolean): Promise<DashboardUser> {
  const [row] = await db
    .insert(users)
    .values({ email: normalizeEmail(input.email), name: input.name?.trim() ?? "", role: input.role, passwordHash, passwordSet })
    .onConflictDoNothing({ target: users.email })
    .returning(columns);
  if (!row) throw new DashboardError("team.email_taken", "email");
  return row as DashboardUser;
}

/** Creates a user with a generated password (or the one given, for seeds and tests). */
export async function createUser(db: Db, input: NewUser & { password?: string }): Promise<CreatedUser> {
  const password = input.password ?? generatePassword();
  return { user: await insertUser(db, input, await hashPassword(password), true), password };
}

/**
 * Creates an invited member without a password of their own (password_set false) until they use their one-time link.
 * The stored hash is a real argon2id hash of 32 random bytes nobody ever sees: a sign-in is refused after the same
 * comparison and with the same answer as a wrong password, so the sign-in form does not tell invited emails apart.
 */
export async function createInvitedUser(db: Db, input: NewUser): Promise<DashboardUser> {
  return insertUser(db, input, await hashPassword(randomBytes(32).toString("base64url")), false);
}

/** Sets a new password (generated unless given) and ends the user's sessions. */
export async function resetPassword(db: Db, userId: number, password = generatePassword()): Promise<string> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ passwordHash, passwordSet: true, sessionVersion: NEXT_SESSION_VERSION, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!rows.length) throw new DashboardError("team.user_not_found");
    // A reset or invite link issued before would set another password over this one: a new password withdraws them.
    await revokeUnusedLinks(tx, userId);
  });
  return password;
}

/** Replaces the user's own password (they proved the current one); their sessions are left to the caller; unused links are withdrawn. */
export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const rows = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
    if (!rows.length) throw new DashboardError("team.user_not_found");
    await revokeUnusedLinks(tx, userId);
  });
}

/**
 * Stores another hash of the same password (a stronger one, at sign-in): only while `expected` is
 * still the stored hash, so that a password changed meanwhile is never overwritten. Sessions go on.
 * False when the stored hash was no longer `expected` (or the user is gone).
 */
export async function replacePasswordHash(db: Db, userId: number, expected: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expected)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Ends every session of the user (sign-out; a changed role): a token carries the version it was issued with. */
export async function endSessions(db: Db | Tx, userId: number): Promise<void> {
  await db.update(users).set({ sessionVersion: NEXT_SESSION_VERSION }).where(eq(users.id, userId));
}

/**
 * Changes a role or removes a user, refusing to leave the team without an owner.
 * The owners' rows are locked first, so two owners demoting each other at once
 * cannot both succeed.
 */
async function withOwnersLocked<T>(db: Db, fn: (tx: Tx, owners: number[]) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, "owner")).orderBy(asc(users.id)).for("update");
    return fn(
      tx,
      rows.map((row) => row.id),
    );
  });
}

/** The member with the new role, and the role they had before. */
export async function changeRole(db: Db, userId: number, role: Role): Promise<{ user: DashboardUser; previousRole: string }> {
  return withOwnersLocked(db, async (tx, owners) => {
    if (role !== "owner" && owners.length === 1 && owners[0] === userId) throw new DashboardError("team.last_owner", "role");
    // A new role ends the user's sessions: they sign in again and get a session issued for it.
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (!current) throw new DashboardError("team.user_not_found");
    const changed = current.role !== role;
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: new Date(), ...(changed ? { sessionVersion: NEXT_SESSION_VERSION } : {}) })
      .where(eq(users.id, userId))
      .returning(columns);
    if (!row) throw new DashboardError("team.user_not_found");
    return { user: row as DashboardUser, previousRole: current.role };
  });
}

/** Removes the member (their sessions go with them); who they were, for the security log. */
export async function removeUser(db: Db, userId: number): Promise<{ id: number; email: string; role: string }> {
  return withOwnersLocked(db, async (tx, owners) => {
    if (owners.length === 1 && owners[0] === userId) throw new DashboardError("team.last_owner");
    const [row] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id, email: users.email, role: users.role });
    if (!row) throw new DashboardError("team.user_not_found");
    return row;
  });
}

export async function countOwners(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, "owner"));
  return Number(row?.n ?? 0);
}
