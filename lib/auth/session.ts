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

export async function requireUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return user;
}
