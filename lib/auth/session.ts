import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { getDb } from "@/lib/db/client";
import type { DashboardUser } from "@/lib/auth/users";
import { liveSessionUser } from "./sessions";
import { authOptions } from "./options";
import { isRole, type Role } from "./permissions";

export interface SessionUser extends Omit<DashboardUser, "role"> {
  role: Role;
  /** The session this request belongs to (dashboard.sessions). */
  sessionId: string;
  /** The team requires two-factor and this member has not turned it on: nothing but their own account until they do. */
  twoFactorPending: boolean;
}

/**
 * The signed-in user as the database has them now: the JWT only names the user
 * and the session; the session's row (live or ended) and the role are read on
 * every call, so an ended session, a removed user or a changed role takes effect at once.
 */
export async function loadSessionUser(): Promise<SessionUser | null> {
  const session = (await getServerSession(authOptions)) as { uid?: unknown; sid?: unknown } | null;
  const uid = Number(session?.uid);
  if (typeof session?.sid !== "string") return null;
  const user = await liveSessionUser(await getDb(), uid, session.sid);
  if (!user || !isRole(user.role)) return null;
  return { ...user, role: user.role, sessionId: session.sid };
}

/** Once per render of a page (layout and page share it). */
export const getCurrentUser = cache(loadSessionUser);

/** Where a member the team requires two-factor of is sent until they have turned it on. */
const TWO_FACTOR_SETUP_PATH = "/two-factor";

/**
 * The signed-in user for a dashboard page (else to the sign-in page). A member who still owes the team's required
 * two-factor is sent to set it up: every page of the dashboard asks here, not only its layout (which Next renders
 * alongside the page, not before it).
 */
export async function requireUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  if (user.twoFactorPending) redirect(TWO_FACTOR_SETUP_PATH);
  return user;
}
